import type { SeedCategory } from "../types";

export const categories: SeedCategory[] = [
  {
    slug: "cani",
    name: "Cani",
    description:
      "Guide pratiche per vivere bene con il tuo cane, dal primo giorno del cucciolo alla vecchiaia. Consigli su gestione quotidiana, passeggiate, benessere e vita in città.",
    icon: "dog",
  },
  {
    slug: "gatti",
    name: "Gatti",
    description:
      "Tutto quello che serve per capire e rendere felice il tuo gatto: alimentazione nelle diverse età, ambiente di casa, gioco e comportamento.",
    icon: "cat",
  },
  {
    slug: "uccelli",
    name: "Uccelli",
    description:
      "Canarini, pappagallini e altri uccelli da compagnia: come allestire la gabbia, cosa dare da mangiare e come costruire un rapporto di fiducia.",
    icon: "bird",
  },
  {
    slug: "pesci",
    name: "Pesci",
    description:
      "Acquari d'acqua dolce, pesci rossi e laghetti spiegati con semplicità. Qualità dell'acqua, allestimento e cura quotidiana senza errori da principiante.",
    icon: "fish",
  },
  {
    slug: "salute",
    name: "Salute",
    description:
      "Prevenzione, vaccinazioni, parassiti e piccole emergenze: informazioni affidabili per capire quando intervenire e quando rivolgersi al veterinario.",
    icon: "stethoscope",
  },
  {
    slug: "alimentazione",
    name: "Alimentazione",
    description:
      "Come scegliere e leggere gli alimenti per i nostri animali, quanto e come nutrirli e quali cibi evitare. Una buona dieta è la base della salute.",
    icon: "utensils",
  },
  {
    slug: "educazione",
    name: "Educazione e Addestramento",
    description:
      "Metodi gentili ed efficaci basati sul rinforzo positivo per insegnare, comunicare e risolvere i piccoli problemi di ogni giorno con il tuo animale.",
    icon: "graduation-cap",
  },
  {
    slug: "piccoli-animali",
    name: "Conigli e Piccoli Animali",
    description:
      "Conigli, criceti, cavie e altri piccoli compagni di casa: esigenze di spazio, alimentazione corretta e segnali di salute da non sottovalutare.",
    icon: "rabbit",
  },
];
