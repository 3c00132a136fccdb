import { Link } from "react-router";
import { Prose } from "~/components/prose";
import { pageMeta } from "~/lib/seo";

export const meta = (args: Parameters<typeof pageMeta>[0]) =>
  pageMeta(args, {
    title: "Animali legali in Italia",
    description:
      "Guida agli animali legali in Italia: microchip e anagrafe, passaporto UE, guinzaglio, specie CITES e vietate, maltrattamento e abbandono.",
  });

const LAST_UPDATED = "21 novembre 2026";

export default function LegalPetsInfo() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Animali legali in Italia</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">
        Accogliere un animale significa anche rispettare regole pensate per proteggere lui, le persone e
        l&apos;ambiente. Ecco gli obblighi principali in Italia, dal microchip alle specie che non si possono tenere.
      </p>
      <p className="mt-2 text-sm text-stone-600">Ultimo aggiornamento: {LAST_UPDATED}</p>

      <Prose className="mt-8">
        <h2>Anagrafe e microchip</h2>
        <h3>Cani</h3>
        <p>
          Il microchip è obbligatorio per tutti i cani, in tutta Italia. Lo applica un veterinario dell&apos;ASL o un
          libero professionista abilitato, e il cane viene iscritto all&apos;anagrafe canina regionale entro i termini
          fissati dalla regione: di norma nei primi due mesi di vita e comunque prima di qualsiasi cessione. Vanno
          comunicati all&apos;anagrafe anche passaggio di proprietà, cambio di residenza, smarrimento e decesso.
        </p>
        <h3>Gatti e furetti</h3>
        <p>
          Per gatti e furetti il microchip è obbligatorio per viaggiare all&apos;estero e, in diverse regioni, anche in
          altri casi, ad esempio per la cessione. Anche dove non è obbligatorio, il microchip è il modo più sicuro per
          ritrovare un animale smarrito.
        </p>

        <h2>Viaggiare nell&apos;Unione europea</h2>
        <p>
          Per portare cani, gatti e furetti in un altro Paese dell&apos;Unione serve il passaporto europeo per animali da
          compagnia (Regolamento (UE) n. 576/2013), rilasciato dai servizi veterinari dell&apos;ASL. L&apos;animale deve
          avere il microchip e una vaccinazione antirabbica valida, eseguita dopo le 12 settimane di età: la prima
          vaccinazione diventa efficace dopo 21 giorni, quindi un cucciolo non può viaggiare prima delle 15 settimane circa.
          Alcuni Paesi, come Irlanda, Finlandia e Malta, chiedono per i cani anche un trattamento antiparassitario. Per i
          Paesi extra UE le regole cambiano: informati per tempo presso l&apos;ASL.
        </p>

        <h2>Guinzaglio e museruola</h2>
        <p>
          Un&apos;ordinanza del Ministero della Salute, in vigore dal 2013 e più volte rinnovata, stabilisce che nelle aree urbane e nei luoghi aperti al pubblico il cane va condotto con un
          guinzaglio lungo al massimo 1,5 metri, salvo nelle aree per cani individuate dai comuni. Chi lo conduce deve
          portare sempre con sé una museruola, rigida o morbida, da applicare in caso di rischio per persone o animali o su
          richiesta delle autorità. Il proprietario risponde dei danni causati dal suo animale (art. 2052 del codice
          civile), e molti comuni impongono anche di raccogliere le deiezioni.
        </p>

        <h2>Specie protette: la CITES</h2>
        <p>
          La Convenzione di Washington (CITES), applicata nell&apos;Unione con il Regolamento (CE) n. 338/97, tutela migliaia
          di specie. Per quelle dell&apos;allegato A, come le tartarughe terrestri{" "}
          <em>Testudo hermanni</em>, <em>Testudo graeca</em> e <em>Testudo marginata</em> o il pappagallo cenerino, ogni
          esemplare deve avere il certificato CITES, che ne attesta la provenienza legale, ed essere identificato con anello
          chiuso, microchip o documentazione fotografica. Per le specie dell&apos;allegato B, come gran parte dei
          pappagalli, bisogna poter dimostrare l&apos;origine legale dell&apos;animale con i documenti d&apos;acquisto.
        </p>
        <p>
          Per nascite e passaggi di proprietà rivolgiti al Servizio CITES dei Carabinieri forestali. Detenere o cedere
          senza documentazione un esemplare dell&apos;allegato A è un reato (legge n. 150 del 1992), punito con
          l&apos;arresto da sei mesi a due anni e con un&apos;ammenda da 15.000 fino a 150.000 euro.
        </p>

        <h2 id="uccelli-rettili-roditori">Uccelli, rettili e roditori</h2>
        <p>Prima di pubblicare o cercare uno di questi animali, verifica che la specie sia ammessa e i documenti in regola.</p>
        <h3>Uccelli</h3>
        <p>
          Molti pappagalli sono protetti dalla CITES; non lo sono il pappagallino ondulato, la calopsite,
          l&apos;inseparabile dal collo rosa e il parrocchetto dal collare. Gli uccelli selvatici italiani, come i
          cardellini, non si possono catturare né tenere (legge n. 157 del 1992): sono ammessi solo esemplari nati in
          allevamento, con anello inamovibile e i documenti previsti dalla regione.
        </p>
        <h3>Rettili</h3>
        <p>
          Le tartarughe terrestri europee sono nell&apos;allegato A della CITES. Per diversi rettili possono essere
          richiesti il microchip e la comunicazione della detenzione all&apos;ASL. Alcune specie sono vietate perché
          pericolose o invasive, come la tartaruga palustre americana.
        </p>
        <h3>Roditori e piccoli mammiferi</h3>
        <p>
          Criceti, cavie, gerbilli, ratti e topi domestici e cincillà d&apos;allevamento si possono tenere liberamente, nel
          rispetto del loro benessere. Lo scoiattolo grigio, il tamia siberiano e lo scoiattolo di Pallas sono invece specie
          esotiche invasive: non si possono acquistare, cedere né far riprodurre.
        </p>

        <h2>Animali che non si possono detenere</h2>
        <h3>Specie pericolose</h3>
        <p>
          Il decreto del Ministero dell&apos;Ambiente del 19 aprile 1996 elenca i mammiferi e i rettili pericolosi per la
          salute e l&apos;incolumità pubblica: tra gli altri primati, grandi felini, orsi, lupi, coccodrilli, varani,
          serpenti velenosi, il pitone reticolato e la tartaruga azzannatrice; dal 2003 anche gli aracnidi pericolosi. I
          privati non possono tenerli, salvo rare autorizzazioni della prefettura: chi viola il divieto rischia
          fino a 6 mesi di arresto o un&apos;ammenda, oltre al sequestro dell&apos;animale (legge n. 150 del 1992).
        </p>
        <h3>Specie esotiche invasive</h3>
        <p>
          Il Regolamento (UE) n. 1143/2014, applicato in Italia dal decreto legislativo n. 230 del 2017, vieta di importare,
          tenere, allevare, trasportare, vendere, cedere e liberare le specie esotiche invasive di rilevanza unionale, tra
          cui la tartaruga palustre americana <em>Trachemys scripta</em>{" "}
          (comprese le «tartarughe dalle orecchie rosse»), lo scoiattolo grigio, il procione, la nasua e il gambero rosso
          della Louisiana. Chi li possedeva prima del divieto e li ha denunciati nei termini può tenerli fino alla morte
          naturale, impedendone fuga e riproduzione. Non liberarli mai: se non puoi più occupartene, contatta l&apos;ASL o
          un centro di recupero autorizzato.
        </p>

        <h2>Maltrattamento e abbandono sono reati</h2>
        <p>
          Dalla legge n. 82 del 2025 il codice penale tutela gli animali come esseri senzienti. Il maltrattamento (art.
          544-ter c.p.), cioè ferire un animale o sottoporlo a sevizie, fatiche o comportamenti insopportabili per la sua
          natura, è punito con la reclusione da sei mesi a due anni e con la multa da 5.000 a 30.000
          euro, con pene più alte se l&apos;animale muore.
        </p>
        <p>
          L&apos;abbandono (art. 727 c.p.) è punito con l&apos;arresto fino a un anno o con l&apos;ammenda da 5.000 a 10.000
          euro. La stessa pena si applica a chi tiene un animale in condizioni incompatibili con la sua natura e causa di
          gravi sofferenze; se l&apos;abbandono avviene con un veicolo, può essere sospesa anche la patente.
        </p>

        <h2>Dove segnalare</h2>
        <p>Se assisti a un maltrattamento, a un abbandono o alla detenzione di una specie vietata, puoi rivolgerti a:</p>
        <ul>
          <li>il servizio veterinario della tua ASL;</li>
          <li>la polizia locale del comune;</li>
          <li>i Carabinieri forestali, anche al numero di emergenza ambientale 1515;</li>
          <li>il 112, se la situazione è urgente.</li>
        </ul>
        <p>
          Se trovi su Zampa un annuncio sospetto, usa il pulsante di segnalazione
          presente in ogni annuncio: il nostro team lo esamina e, se serve, avvisa le autorità.
        </p>

        <h2>Le regole possono cambiare da regione a regione</h2>
        <p>
          Molti aspetti, come i termini di iscrizione all&apos;anagrafe o gli obblighi per gatti, furetti e rettili, sono
          stabiliti da regioni e comuni e possono cambiare. Prima di adottare, acquistare o cedere un animale, verifica
          sempre con il servizio veterinario della tua ASL. Questa guida ha scopo informativo e non sostituisce il parere di
          un professionista. Per le regole sugli annunci di Zampa leggi i{" "}
          <Link to="/terms">Termini e Condizioni</Link>.
        </p>
      </Prose>
    </article>
  );
}
