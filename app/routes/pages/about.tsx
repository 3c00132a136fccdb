import { Link } from "react-router";
import { CONTACT_EMAIL } from "~/components/contact-details";
import { Prose } from "~/components/prose";
import { pageMeta } from "~/lib/seo";

export const meta = (args: Parameters<typeof pageMeta>[0]) =>
  pageMeta(args, {
    title: "Chi Siamo",
    description:
      "Chi siamo: Zampa è il portale italiano per chi ama gli animali. Informazioni affidabili, adozione responsabile e una comunità che si prende cura.",
  });

export default function About() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Chi Siamo</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">
        Zampa è il portale italiano per chi vive con un animale, o sogna di accoglierne uno. Siamo un piccolo gruppo di
        persone che ogni giorno si divide tra il lavoro e le passeggiate al parco, tra una ciotola da riempire e una visita
        dal veterinario: conosciamo le domande che ci si pone, perché ce le siamo poste anche noi.
      </p>

      <Prose className="mt-8">
        <h2>Perché esiste Zampa</h2>
        <p>
          Quando un cucciolo arriva in casa, o quando un gatto anziano comincia a mangiare meno, si cercano risposte in fretta.
          In rete se ne trovano moltissime, spesso in contraddizione tra loro. Zampa nasce a Milano per offrire un punto di
          riferimento più tranquillo: contenuti chiari, scritti in italiano semplice, e uno spazio in cui chi cerca un
          animale e chi ne cerca una famiglia possono incontrarsi in modo sicuro.
        </p>

        <h2>La nostra missione</h2>
        <p>Ci guidano tre impegni, che ritroverai in ogni pagina del sito.</p>
        <ul>
          <li>
            <strong>Possesso responsabile.</strong> Un animale è un compagno per molti anni: ha bisogno di tempo, cure,
            spazio e di un proprietario che conosca i propri doveri, dal microchip alle vaccinazioni. Per questo spieghiamo
            anche gli obblighi di legge, come trovi nella nostra{" "}
            <Link to="/legal-pets-info">guida agli animali legali in Italia</Link>.
          </li>
          <li>
            <strong>Adottare prima di comprare.</strong> Nei canili, nei gattili e nelle case di tante famiglie ci sono
            animali che aspettano una seconda occasione. Diamo spazio prima di tutto agli annunci di adozione e chiediamo a
            chi vende di rispettare regole precise.
          </li>
          <li>
            <strong>Informazioni affidabili.</strong> I nostri articoli sui temi di salute e alimentazione vengono rivisti
            da medici veterinari prima della pubblicazione e aggiornati quando le conoscenze cambiano. Non sostituiscono una
            visita, ma ti aiutano ad arrivarci preparato e a riconoscere quando è il momento di chiamare il tuo veterinario.
          </li>
        </ul>

        <h2>Cosa trovi su Zampa</h2>
        <ul>
          <li>
            <strong>Articoli</strong>: guide pratiche su cani, gatti, uccelli, pesci, piccoli mammiferi e rettili, divise per{" "}
            <Link to="/categories">categoria</Link>. Dalla scelta del cibo all&apos;educazione, dai viaggi alla prevenzione.
            Puoi iniziare dagli <Link to="/articles">articoli più recenti</Link>.
          </li>
          <li>
            <strong>Annunci</strong>: adozioni, cessioni gratuite e vendite pubblicate da privati e associazioni, con mappa,
            foto e contatti diretti. Ogni annuncio può essere segnalato e il nostro team lo verifica. Dai un&apos;occhiata
            agli <Link to="/pet-listings">annunci di adozione</Link>.
          </li>
          <li>
            <strong>Concorsi</strong>: concorsi fotografici in cui condividere lo scatto più bello del tuo animale e votare i
            preferiti della comunità. Scopri i <Link to="/contests">concorsi in corso</Link>.
          </li>
        </ul>

        <h2>I nostri valori</h2>
        <ul>
          <li>
            <strong>Rispetto</strong> per gli animali come esseri senzienti, e per le persone che se ne prendono cura,
            qualunque sia la loro esperienza.
          </li>
          <li>
            <strong>Trasparenza</strong>: distinguiamo sempre i contenuti editoriali dalla pubblicità e spieghiamo in modo
            chiaro come trattiamo i tuoi dati.
          </li>
          <li>
            <strong>Prudenza</strong>: preferiamo dire «chiedi al veterinario» piuttosto che dare un consiglio sbagliato, e
            rimuoviamo gli annunci che mettono a rischio il benessere degli animali.
          </li>
          <li>
            <strong>Comunità</strong>: Zampa cresce grazie a chi pubblica annunci onesti, segnala ciò che non va e condivide
            la propria esperienza con gentilezza.
          </li>
        </ul>

        <h2>Scrivici</h2>
        <p>
          Hai un suggerimento per un articolo, hai trovato un errore o vuoi collaborare con noi come veterinario, educatore
          o associazione? Scrivici a <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> oppure usa il{" "}
          <Link to="/contact">modulo di contatto</Link>. Leggiamo ogni messaggio e rispondiamo il prima possibile.
        </p>
      </Prose>
    </article>
  );
}
