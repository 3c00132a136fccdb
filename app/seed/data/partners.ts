import type { SeedPartner } from "../types";

export const partners: SeedPartner[] = [
  {
    name: "Cliniche Veterinarie Aurora",
    description:
      "Rete di cliniche veterinarie presente in diverse città italiane, con pronto soccorso h24, diagnostica per immagini e ambulatori dedicati ad animali esotici. Sconto del 10% sulla prima visita per gli utenti di Zampa.",
    websiteUrl: "https://clinicheveterinarieaurora.example",
    color: "#2E86AB",
    displayOrder: 0,
    isActive: true,
  },
  {
    name: "Bottega di Fido & Micio",
    description:
      "Negozio di alimenti e accessori per animali con consegna a domicilio: crocchette, umido, diete veterinarie e snack naturali, scelti insieme a nutrizionisti veterinari.",
    websiteUrl: "https://bottegadifidoemicio.example",
    color: "#E07A5F",
    displayOrder: 1,
    isActive: true,
  },
  {
    name: "Associazione Zampe Libere ODV",
    description:
      "Associazione di volontariato che dal 2008 recupera, cura e affida cani e gatti abbandonati. Gestisce un rifugio e una rete di stalli casalinghi e segue ogni adozione con pre e post affido.",
    websiteUrl: "https://zampelibere.example",
    color: "#3D9970",
    displayOrder: 2,
    isActive: true,
  },
  {
    name: "Serena Assicurazioni Pet",
    description:
      "Polizze per cani e gatti che coprono spese veterinarie, interventi chirurgici e responsabilità civile verso terzi, con rimborsi rapidi e nessun limite di età all'ingresso.",
    websiteUrl: "https://serenaassicurazionipet.example",
    color: "#6C5B7B",
    displayOrder: 3,
    isActive: true,
  },
  {
    name: "Scuola Cinofila Il Branco",
    description:
      "Centro cinofilo con educatori qualificati: corsi di puppy class, educazione di base, recupero comportamentale e attività sportive come agility e nosework, in gruppo o individuali.",
    websiteUrl: "https://scuolacinofilailbranco.example",
    color: "#F2A541",
    displayOrder: 4,
    isActive: false,
  },
];
