import { ArrowLeft } from "lucide";
import { Icon } from "~/components/icon";
import { Link } from "react-router";
import { CONTACT_ADDRESS, CONTACT_EMAIL } from "~/components/contact-details";
import { Prose } from "~/components/prose";
import { openConsentPreferences } from "~/lib/consent";
import { pageMeta } from "~/lib/seo";

export const meta = (args: Parameters<typeof pageMeta>[0]) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description:
      "Come Zampa tratta i tuoi dati personali: quali dati raccogliamo, perché, per quanto tempo, i tuoi diritti secondo il GDPR e l'uso dei cookie.",
  });

const LAST_UPDATED = "24 novembre 2026";
const PRIVACY_MAILTO = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent("Richiesta privacy")}`;

export default function Privacy() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Privacy Policy</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">
        In questa informativa, resa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 («GDPR»), ti spieghiamo
        quali dati personali tratta Zampa quando visiti il sito, crei un account, pubblichi un annuncio, partecipi a un
        concorso o ci scrivi, per quali finalità e con quali garanzie.
      </p>
      <p className="mt-2 text-sm text-stone-600">Ultimo aggiornamento: {LAST_UPDATED}</p>

      <Prose className="mt-8">
        <h2>1. Titolare del trattamento</h2>
        <p>
          Il titolare del trattamento è Zampa, con sede in {CONTACT_ADDRESS}. Per qualsiasi domanda su questa informativa o
          per esercitare i tuoi diritti puoi scrivere a <a href={PRIVACY_MAILTO}>{CONTACT_EMAIL}</a>, indicando
          nell&apos;oggetto «Richiesta privacy».
        </p>

        <h2>2. Tipologie di dati raccolti</h2>
        <p>Trattiamo soltanto i dati necessari ai servizi che scegli di usare:</p>
        <ul>
          <li>
            <strong>Dati dell&apos;account</strong>: nome e cognome, indirizzo e-mail e password, che conserviamo
            esclusivamente in forma cifrata e non leggibile; data di registrazione e dell&apos;ultimo accesso; gli eventuali
            dati per la verifica in due passaggi, se decidi di attivarla.
          </li>
          <li>
            <strong>Dati degli annunci</strong>: titolo, descrizione e fotografie; specie, razza, età e sesso
            dell&apos;animale; prezzo, nel caso di vendita; indirizzo, città, regione e posizione sulla mappa; nome, numero
            di telefono ed e-mail di contatto. Questi dati sono <strong>visibili a tutti i visitatori</strong> finché
            l&apos;annuncio resta pubblicato: inserisci solo i recapiti che vuoi rendere pubblici.
          </li>
          <li>
            <strong>Concorsi fotografici</strong>: la fotografia caricata, il titolo, la descrizione, il nome e la specie
            dell&apos;animale, il tuo nome e i voti espressi e ricevuti. Le partecipazioni approvate sono pubbliche insieme al
            nome dell&apos;autore.
          </li>
          <li>
            <strong>Segnalazioni</strong>: nome, e-mail, motivo e descrizione della segnalazione di un annuncio e, se hai
            effettuato l&apos;accesso, il collegamento al tuo account.
          </li>
          <li>
            <strong>Modulo di contatto</strong>: nome, e-mail, oggetto e testo del messaggio.
          </li>
          <li>
            <strong>Dati di navigazione</strong>: indirizzo IP, tipo di browser e di dispositivo, pagine richieste, data e
            ora delle richieste ed eventuali errori, registrati automaticamente dai sistemi che fanno funzionare il sito.
          </li>
          <li>
            <strong>Cookie e tecnologie simili</strong>: descritti nella sezione 9.
          </li>
        </ul>
        <p>
          Prima della pubblicazione, le immagini caricate vengono ridimensionate e ripulite dai metadati che contengono,
          come la posizione GPS in cui è stata scattata la foto. Ti chiediamo di non inserire nei testi liberi dati di altre
          persone né informazioni sulla salute o altre categorie particolari di dati che ti riguardano. Per creare un
          account devi avere almeno 18 anni.
        </p>

        <h2>3. Finalità del trattamento</h2>
        <p>Utilizziamo i dati per:</p>
        <ol>
          <li>creare e gestire il tuo account e permetterti di accedere all&apos;area personale;</li>
          <li>pubblicare e gestire i tuoi annunci, le partecipazioni ai concorsi e i voti;</li>
          <li>
            moderare i contenuti, gestire le segnalazioni, prevenire truffe, abusi e accessi non autorizzati e proteggere la
            sicurezza del sito;
          </li>
          <li>rispondere ai messaggi che ci invii tramite il modulo di contatto o per e-mail;</li>
          <li>
            inviarti le comunicazioni di servizio, come la conferma dell&apos;indirizzo e-mail, il ripristino della password
            e l&apos;esito delle segnalazioni o delle partecipazioni ai concorsi;
          </li>
          <li>con il tuo consenso, raccogliere statistiche aggregate sull&apos;uso del sito;</li>
          <li>con il tuo consenso, mostrarti pubblicità e misurarne l&apos;efficacia;</li>
          <li>adempiere agli obblighi di legge e, se necessario, far valere o difendere i nostri diritti.</li>
        </ol>

        <h2>4. Basi giuridiche</h2>
        <ul>
          <li>
            <strong>Esecuzione del contratto</strong> (art. 6, par. 1, lett. b, GDPR) per le finalità 1, 2, 4 e 5: senza
            questi dati non possiamo fornirti i servizi richiesti.
          </li>
          <li>
            <strong>Legittimo interesse</strong> (art. 6, par. 1, lett. f) per la finalità 3 e per la difesa dei nostri
            diritti: la sicurezza della piattaforma e la tutela degli utenti e degli animali. Puoi opporti in qualsiasi
            momento, come spiegato nella sezione 8.
          </li>
          <li>
            <strong>Consenso</strong> (art. 6, par. 1, lett. a) per le finalità 6 e 7: è facoltativo e puoi revocarlo in
            ogni momento, senza conseguenze sull&apos;uso del sito e senza pregiudicare la liceità del trattamento svolto
            prima della revoca.
          </li>
          <li>
            <strong>Obbligo di legge</strong> (art. 6, par. 1, lett. c) per la finalità 8, ad esempio per gli adempimenti
            fiscali o per rispondere alle richieste delle autorità.
          </li>
        </ul>

        <h2>5. Modalità di trattamento</h2>
        <p>
          I dati sono trattati con strumenti informatici, da personale autorizzato e istruito, con misure tecniche e
          organizzative adeguate ai rischi (art. 32 GDPR): connessioni cifrate, password conservate in forma non
          reversibile, accessi limitati a chi ne ha bisogno per il proprio lavoro. Non adottiamo
          decisioni basate unicamente su trattamenti automatizzati che producano effetti giuridici nei tuoi confronti.
        </p>
        <p>
          Per collocare un annuncio sulla mappa, città e regione vengono convertite in coordinate geografiche. Le mappe sono
          visualizzate caricando i riquadri cartografici dal server del fornitore delle mappe, che per inviarli riceve
          l&apos;indirizzo IP del tuo browser.
        </p>

        <h2>6. Conservazione dei dati</h2>
        <ul>
          <li>
            <strong>Dati dell&apos;account</strong>: fino alla cancellazione dell&apos;account, che puoi fare da solo in
            qualsiasi momento dal tuo profilo («Elimina account»): l&apos;account, i tuoi annunci e le partecipazioni ai
            concorsi con le loro foto, i tuoi voti, i messaggi che ci hai scritto e le sessioni vengono cancellati subito.
            Conserviamo soltanto le segnalazioni che hai inviato su annunci di altri, senza il tuo nome né la tua e-mail,
            perché documentano le decisioni di moderazione, e gli articoli scritti come amministratore, senza autore. Dal
            profilo puoi anche scaricare una copia di tutti i tuoi dati («Scarica i miei dati»).
          </li>
          <li>
            <strong>Messaggi e segnalazioni</strong>: per il tempo necessario a gestirli e a documentare le decisioni di
            moderazione, salvo contestazioni in corso.
          </li>
          <li>
            <strong>Dati di navigazione</strong>: per un massimo di 12 mesi, salvo che servano ad accertare reati o abusi.
          </li>
          <li>
            <strong>Dati fiscali e contabili</strong>: 10 anni, come previsto dalla legge (art. 2220 del codice civile).
          </li>
        </ul>
        <p>Trascorsi questi periodi, i dati vengono cancellati o resi anonimi in modo irreversibile.</p>

        <h2>7. Comunicazione dei dati</h2>
        <p>
          Non vendiamo i tuoi dati. Possono trattarli, nei limiti delle rispettive funzioni, il nostro personale autorizzato
          e i fornitori che ci aiutano a erogare il servizio (hosting e archiviazione, invio delle e-mail, mappe), nominati
          responsabili del trattamento ai sensi dell&apos;art. 28 GDPR. I fornitori di statistiche e di pubblicità ricevono
          dati solo se hai dato il relativo consenso. Comunichiamo i dati alle autorità pubbliche quando la legge lo impone,
          ad esempio in caso di segnalazioni di maltrattamento o di commercio illegale di animali.
        </p>
        <p>
          Gli annunci e le partecipazioni approvate ai concorsi sono pubblici per loro natura: chiunque visiti il sito può
          leggerli. Se un fornitore tratta dati al di fuori dello Spazio economico europeo, il trasferimento avviene solo con
          le garanzie previste dagli articoli 44 e seguenti del GDPR, come una decisione di adeguatezza della Commissione
          europea o le clausole contrattuali tipo.
        </p>

        <h2>8. Diritti dell&apos;interessato</h2>
        <p>
          Ai sensi degli articoli da 15 a 22 del Regolamento (UE) 2016/679 (GDPR) puoi, in ogni momento e gratuitamente:
        </p>
        <ul>
          <li>ottenere la conferma che sia in corso un trattamento e accedere ai tuoi dati (art. 15);</li>
          <li>chiederne la rettifica se sono inesatti o incompleti (art. 16);</li>
          <li>chiederne la cancellazione (art. 17) o la limitazione del trattamento (art. 18);</li>
          <li>ricevere i dati che ci hai fornito in un formato strutturato e leggibile da dispositivo automatico (art. 20);</li>
          <li>opporti al trattamento basato sul legittimo interesse (art. 21);</li>
          <li>non essere sottoposto a decisioni basate unicamente su un trattamento automatizzato (art. 22);</li>
          <li>revocare il consenso prestato, in qualsiasi momento (art. 7, par. 3).</li>
        </ul>
        <p>
          Nome ed e-mail si possono modificare direttamente dal tuo <Link to="/dashboard/profile">profilo</Link>. Per tutte le
          altre richieste scrivi a <a href={PRIVACY_MAILTO}>{CONTACT_EMAIL}</a>: ti risponderemo entro un mese, termine
          prorogabile di altri due mesi nei casi più complessi, come previsto dall&apos;art. 12 GDPR. Potremmo chiederti
          qualche informazione per verificare la tua identità.
        </p>

        <h2>9. Cookie</h2>
        <p>
          I cookie sono piccoli file che il sito salva nel tuo browser; con finalità simili usiamo anche la memoria locale
          del browser. Li dividiamo in tre categorie:
        </p>
        <ul>
          <li>
            <strong>Necessari</strong>: servono a mantenere l&apos;accesso al tuo account in modo sicuro e a ricordare le
            tue scelte sui cookie. Sono sempre attivi e non richiedono consenso.
          </li>
          <li>
            <strong>Analitici</strong>: ci aiutano a capire, in forma aggregata, quali pagine vengono visitate e come
            migliorare il sito, tramite servizi come Google Analytics. Vengono attivati solo con il tuo consenso.
          </li>
          <li>
            <strong>Marketing</strong>: permettono di mostrare annunci pubblicitari e di misurarne i risultati, tramite
            servizi di terze parti come il Meta Pixel e le reti pubblicitarie. Vengono attivati solo con il tuo consenso.
          </li>
        </ul>
        <p>
          Alla prima visita un banner ti permette di scegliere: «Accetta Tutti», «Rifiuta Tutti» oppure «Personalizza» per
          decidere categoria per categoria. Chiudere il banner equivale a rifiutare i cookie facoltativi, e il sito resta
          pienamente utilizzabile qualunque sia la tua scelta.
        </p>
        <p>
          Puoi cambiare idea in qualsiasi momento con il pulsante qui sotto o con il link «Preferenze cookie» in fondo a ogni
          pagina: il banner ricompare e puoi modificare le tue scelte. Revocare un consenso non pregiudica la
          liceità del trattamento svolto prima. Puoi anche cancellare i cookie dalle impostazioni del tuo browser.
        </p>
        <p>
          <button type="button" className="btn-secondary" onClick={openConsentPreferences}>
            Modifica le preferenze sui cookie
          </button>
        </p>

        <h2>10. Modifiche alla presente informativa</h2>
        <p>
          Possiamo aggiornare questa informativa per adeguarla a novità normative o a cambiamenti del servizio. La versione
          in vigore è sempre pubblicata su questa pagina con la data dell&apos;ultimo aggiornamento. Se le modifiche sono
          rilevanti, le comunicheremo agli utenti registrati per e-mail o con un avviso ben visibile sul sito.
        </p>

        <h2>11. Reclami</h2>
        <p>
          Se ritieni che il trattamento dei tuoi dati violi il GDPR, hai il diritto di proporre reclamo al Garante per la
          protezione dei dati personali (art. 77 GDPR), Piazza Venezia 11, 00187 Roma, sito web{" "}
          <a href="https://www.garanteprivacy.it" target="_blank" rel="noopener noreferrer">
            www.garanteprivacy.it
            <span className="sr-only"> (si apre in una nuova scheda)</span>
          </a>
          , oppure all&apos;autorità di controllo del Paese dell&apos;Unione in cui vivi o lavori, o di rivolgerti
          all&apos;autorità giudiziaria (art. 79 GDPR). Ti invitiamo comunque a scriverci prima a{" "}
          <a href={PRIVACY_MAILTO}>{CONTACT_EMAIL}</a>: spesso un problema si risolve più in fretta parlandone direttamente.
        </p>
      </Prose>

      <div className="mt-12 border-t border-stone-200 pt-6">
        <Link to="/" className="btn-secondary">
          <Icon node={ArrowLeft} aria-hidden size={18} />
          Torna alla home
        </Link>
      </div>
    </article>
  );
}
