import { Link } from "react-router";
import { Prose } from "~/components/prose";
import { pageMeta } from "~/lib/seo";
import { LEGAL_PETS_INFO_SECTIONS as SECTION } from "./legal-pets-info-sections";

export const meta = (args: Parameters<typeof pageMeta>[0]) =>
  pageMeta(args, {
    title: "Animali legali in Italia",
    description:
      "Guida agli animali legali in Italia: microchip e anagrafe, regole per gli annunci di vendita e cessione, passaporto UE, guinzaglio, specie CITES e vietate, maltrattamento e abbandono.",
  });

const LAST_UPDATED = "27 novembre 2026";

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

        <h2 id={SECTION.listings}>Annunci di animali: cosa chiede la legge</h2>
        <p>
          Chi vende, regala o affida un animale con un annuncio, su Zampa come su un giornale, ha alcuni obblighi precisi.
          Il modulo di pubblicazione di Zampa te li chiede uno alla volta: qui trovi il perché, con la legge e
          l&apos;articolo a cui fanno riferimento.
        </p>

        <h3 id={SECTION.identificationCode}>Il codice identificativo nell&apos;annuncio</h3>
        <p>
          Dal 27 settembre 2022 chi pubblica, online o su carta, un annuncio per vendere o cedere un animale da compagnia,
          anche gratis, deve indicare nell&apos;annuncio il suo codice identificativo: per cani e gatti è il numero del
          microchip. Per una cucciolata non ancora identificata si indica il codice della madre. Se il codice non è
          nell&apos;annuncio, va comunque fornito alle autorità che lo chiedono. Chi non rispetta queste regole rischia una
          sanzione da 1.000 a 5.000 euro, e i controlli ci sono: i Carabinieri forestali verificano gli annunci online e nel
          2025 hanno multato chi vendeva cuccioli senza indicarne il codice.
        </p>
        <p>
          Su Zampa il codice è obbligatorio per i cani e per le altre specie che devono avere il microchip; se pubblichi una
          cucciolata puoi indicare quello della madre. Per i gatti te lo chiediamo comunque: se lo lasci vuoto, devi
          dichiarare che lo fornirai alle autorità su richiesta, e l&apos;annuncio lo dirà.
        </p>
        <p className="text-sm text-stone-600">
          Riferimenti: decreto legislativo 5 agosto 2022, n. 135, art. 11 (vendita a distanza) e art. 14 (sanzioni).
        </p>

        <h3 id={SECTION.healthCertificate}>Il certificato del veterinario</h3>
        <p>
          Lo stesso articolo chiede che l&apos;animale venduto o ceduto sia accompagnato da un certificato del medico
          veterinario che ne attesti le condizioni di salute. Il Ministero della Salute ha precisato che questo obbligo vale
          per tutte le specie. Per questo, in ogni annuncio di vendita o cessione, Zampa ti chiede di dichiarare che
          consegnerai l&apos;animale con il certificato del veterinario.
        </p>
        <p className="text-sm text-stone-600">Riferimenti: decreto legislativo n. 135 del 2022, art. 11.</p>

        <h3 id={SECTION.microchip}>Microchip e SINAC, entro 60 giorni</h3>
        <p>
          Il SINAC, il Sistema di identificazione nazionale degli animali da compagnia, è l&apos;anagrafe nazionale che
          raccoglie quelle regionali. Cani, gatti e furetti vanno identificati con il microchip e registrati dal veterinario
          entro 60 giorni dalla nascita e comunque prima di qualsiasi cessione. Per i cani l&apos;obbligo vale da anni in
          tutta Italia; per gatti e furetti chiedi alla tua ASL da quando si applica nella tua regione.
        </p>
        <p>
          Il codice del microchip è formato da 15 cifre, secondo le norme internazionali ISO 11784 e 11785: le prime tre
          indicano il Paese, e per i microchip assegnati in Italia sono 380. Per questo Zampa accetta solo codici di 15
          cifre.
        </p>
        <p className="text-sm text-stone-600">
          Riferimenti: decreto legislativo 5 agosto 2022, n. 134 (sistema di identificazione e registrazione degli
          animali); decreto del Ministero della Salute 7 marzo 2023 (manuale operativo); decreto del Ministero della Salute
          2 novembre 2023 (modalità del SINAC).
        </p>

        <h3 id={SECTION.minimumAge}>Cuccioli: non prima dei 60 giorni</h3>
        <p>
          Cani e gatti non si possono vendere né cedere, nemmeno gratis, prima dei due mesi di vita: in quelle settimane i
          cuccioli hanno bisogno della madre. Fanno eccezione solo i casi in cui un veterinario certifica che il cucciolo
          deve essere separato dalla madre per motivi di salute. Per questo, per cani e gatti, Zampa chiede la data di
          nascita (bastano mese e anno), non pubblica annunci di animali con meno di 60 giorni e mostra nella scheda
          l&apos;età calcolata da quella data.
        </p>
        <p className="text-sm text-stone-600">
          Riferimenti: accordo tra Governo, Regioni ed enti locali del 24 gennaio 2013 sull&apos;identificazione e la
          registrazione degli animali d&apos;affezione (Gazzetta Ufficiale n. 63 del 2013) e le leggi regionali che lo
          attuano.
        </p>

        <h3 id={SECTION.sellers}>Privati, allevatori e associazioni</h3>
        <p>
          Ogni annuncio su Zampa dice chi lo pubblica: un privato, un allevamento oppure un&apos;associazione o un rifugio.
          Per la legge nazionale chi alleva cani con cinque o più fattrici, o fa nascere trenta o più cuccioli in un anno,
          è un allevatore professionale, cioè un&apos;impresa con partita IVA; sotto entrambe le soglie si parla di
          allevamento amatoriale. Alcune regioni fissano soglie più basse, anche per i gatti: in caso di dubbio chiedi alla
          tua ASL. Agli allevamenti Zampa chiede ragione sociale, partita IVA e codice di registrazione; alle associazioni
          il nome e il codice fiscale.
        </p>
        <p className="text-sm text-stone-600">
          Riferimenti: legge 23 agosto 1993, n. 349, art. 2; decreto del Ministro dell&apos;agricoltura 28 gennaio 1994.
        </p>

        <h3 id={SECTION.pedigree}>«Di razza» solo con il pedigree</h3>
        <p>
          Un cane o un gatto si può vendere come «di razza» solo se è iscritto al libro genealogico e ha il suo certificato,
          il pedigree: per i cani lo rilascia l&apos;ENCI, per i gatti un&apos;associazione felina riconosciuta, come
          l&apos;ANFI. Vendere un animale senza pedigree non è vietato, ma non lo si può presentare come animale di razza.
          Per questo, se un annuncio di vendita indica una razza, Zampa chiede se l&apos;animale ha il pedigree e, se non ce
          l&apos;ha, l&apos;annuncio lo dice chiaramente: «senza pedigree».
        </p>
        <p className="text-sm text-stone-600">Riferimenti: decreto legislativo 30 dicembre 1992, n. 529, art. 5.</p>

        <h3 id={SECTION.exoticSpecies}>Animali esotici e specie protette</h3>
        <p>
          Dal 2022 è vietato importare, tenere, vendere e far riprodurre animali di specie selvatiche ed esotiche prelevati
          in natura. Le sole eccezioni sono le specie della «lista positiva» stabilita dal Ministero della Salute, che oggi
          comprende sei specie acquatiche. Il divieto riguarda gli animali catturati in natura; restano comunque vietate le
          specie pericolose e quelle invasive, descritte più avanti in questa pagina.
        </p>
        <p>
          Per le specie dell&apos;allegato A della CITES, come le tartarughe terrestri del genere <em>Testudo</em>, ogni uso
          commerciale, vendita compresa, richiede il certificato CITES del singolo esemplare. Su Zampa non si possono
          pubblicare le specie vietate, e negli annunci di vendita di una specie CITES chiediamo il numero del certificato.
        </p>
        <p className="text-sm text-stone-600">
          Riferimenti: decreto legislativo n. 135 del 2022, art. 3 e art. 5; decreto del Ministro della Salute 11 ottobre
          2022 (lista positiva, Gazzetta Ufficiale del 27 ottobre 2022); Regolamento (CE) n. 338/97, art. 8; legge 7
          febbraio 1992, n. 150.
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
          Se trovi su Zampa un annuncio sospetto, usa il pulsante «Segnala questo annuncio» presente in ogni annuncio: il
          nostro team lo esamina e, se serve, avvisa le autorità. Come lo facciamo è spiegato qui sotto.
        </p>

        <h2 id={SECTION.reportsAndAppeals}>Segnalazioni e contestazioni: come lavora Zampa</h2>
        <p>
          Chiunque può segnalarci un annuncio che ritiene illegale o contrario ai nostri Termini, spiegando il motivo; non
          serve avere un account. Ogni segnalazione viene esaminata da una persona del nostro team, con attenzione e senza
          favoritismi. Anche alcuni controlli automatici, come quello che riconosce le foto già usate da un altro account,
          creano una segnalazione che poi esamina sempre una persona.
        </p>
        <p>
          Se sospendiamo o rimuoviamo un tuo annuncio, ti scriviamo una motivazione chiara: che cosa abbiamo deciso, per
          quali fatti e in base a quale regola, della legge o dei nostri Termini. La stessa motivazione la trovi nel tuo
          pannello, dove puoi contestare la decisione una volta con il pulsante «Contesta la decisione», spiegando le tue
          ragioni in un testo fino a 2.000 caratteri. Il nostro team riesamina l&apos;annuncio e ti comunica l&apos;esito
          per e-mail. Chi ha segnalato l&apos;annuncio riceve un avviso se la sua segnalazione ha portato alla sospensione.
          Resta sempre possibile rivolgerti al giudice.
        </p>
        <p className="text-sm text-stone-600">
          Riferimenti: Regolamento (UE) 2022/2065 sui servizi digitali (Digital Services Act), art. 16 (segnalazioni),
          art. 17 (motivazione delle decisioni) e art. 20 (reclami contro le decisioni).
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
