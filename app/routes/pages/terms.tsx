import { Link } from "react-router";
import { CONTACT_ADDRESS, CONTACT_EMAIL, ContactDetails } from "~/components/contact-details";
import { Prose } from "~/components/prose";
import { pageMeta } from "~/lib/seo";

export const meta = (args: Parameters<typeof pageMeta>[0]) =>
  pageMeta(args, {
    title: "Termini e Condizioni",
    description:
      "I Termini e Condizioni di Zampa: regole per usare il sito, pubblicare annunci di animali, partecipare ai concorsi e gestire il tuo account.",
  });

const LAST_UPDATED = "24 novembre 2026";
const ODR_URL = "https://ec.europa.eu/consumers/odr";

export default function Terms() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Termini e Condizioni</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">
        Questi Termini e Condizioni regolano l&apos;uso di Zampa e dei suoi servizi. Ti chiediamo di leggerli con
        attenzione, in particolare le regole sugli annunci: pubblicare un animale significa assumersi una responsabilità
        verso chi lo accoglierà e verso l&apos;animale stesso.
      </p>
      <p className="mt-2 text-sm text-stone-600">Ultimo aggiornamento: {LAST_UPDATED}</p>

      <Prose className="mt-8">
        <h2>1. Disposizioni generali</h2>
        <p>
          Il sito è gestito da Zampa (di seguito anche «noi»), con sede in {CONTACT_ADDRESS}. Navigando sul sito
          accetti i presenti Termini; creando un account li accetti in modo espresso, insieme alla presa visione della{" "}
          <Link to="/privacy">Privacy Policy</Link>, che descrive come trattiamo i tuoi dati.
        </p>
        <p>
          Per registrarti devi avere almeno 18 anni. Se una clausola di questi Termini dovesse risultare invalida o
          inefficace, le altre restano pienamente valide. Nulla in questi Termini limita i diritti che la legge riconosce
          ai consumatori.
        </p>

        <h2>2. Oggetto del servizio</h2>
        <p>Zampa offre gratuitamente:</p>
        <ul>
          <li>articoli informativi sulla cura degli animali, organizzati per categoria;</li>
          <li>una bacheca di annunci per l&apos;adozione, la cessione gratuita e la vendita di animali da compagnia;</li>
          <li>concorsi fotografici con votazione da parte degli utenti registrati;</li>
          <li>un&apos;area personale per gestire annunci, partecipazioni e profilo, e un modulo di contatto.</li>
        </ul>
        <p>
          Per gli annunci e le fotografie Zampa si limita a ospitare i contenuti pubblicati dagli utenti, ai sensi del
          Regolamento (UE) 2022/2065 sui servizi digitali e del decreto legislativo n. 70 del 2003. Zampa non vende animali,
          non partecipa alle trattative e non gestisce pagamenti. Possiamo modificare, ampliare o sospendere singole
          funzionalità, dandone notizia quando la modifica ti riguarda.
        </p>

        <h2>3. Registrazione e account</h2>
        <p>
          Alcuni servizi, come la pubblicazione di annunci e la partecipazione ai concorsi, richiedono un account. Ti impegni
          a fornire dati veri e aggiornati, a creare un solo account personale e a custodire con cura le tue credenziali:
          sei responsabile delle attività svolte con il tuo account. Ti consigliamo di attivare la verifica in due passaggi.
          Se sospetti un accesso non autorizzato, cambia subito la password e scrivici.
        </p>

        <h2>4. Regole di utilizzo</h2>
        <p>Usando Zampa ti impegni a non:</p>
        <ul>
          <li>pubblicare contenuti illeciti, offensivi, discriminatori, violenti o ingannevoli;</li>
          <li>pubblicare immagini di animali maltrattati o tenuti in condizioni di sofferenza;</li>
          <li>inviare spam o pubblicità non autorizzata, anche tramite i recapiti indicati negli annunci;</li>
          <li>usare i contatti degli altri utenti per finalità diverse dall&apos;annuncio a cui si riferiscono;</li>
          <li>raccogliere dati dal sito con sistemi automatici o comprometterne la sicurezza e il funzionamento;</li>
          <li>alterare i risultati dei concorsi, ad esempio con account multipli o scambi organizzati di voti;</li>
          <li>caricare fotografie o testi di cui non detieni i diritti, o spacciarti per un&apos;altra persona.</li>
        </ul>

        <h2>5. Proprietà intellettuale</h2>
        <p>
          Il marchio Zampa, la grafica, i testi degli articoli e il software del sito appartengono a Zampa o ai rispettivi
          titolari e sono protetti dalla legge sul diritto d&apos;autore (legge n. 633 del 1941). Puoi consultarli e
          condividerne i collegamenti, ma non copiarli o riutilizzarli a fini commerciali senza il nostro permesso scritto.
        </p>
        <p>
          I contenuti che pubblichi restano tuoi. Pubblicandoli concedi a Zampa una licenza gratuita e non esclusiva, per
          il tempo in cui restano sul sito, per ospitarli, adattarli al formato delle pagine (ad esempio ridimensionando le
          immagini) e mostrarli nell&apos;ambito del servizio; per le foto dei concorsi, anche nelle comunicazioni relative al
          concorso, sempre con il nome dell&apos;autore. Garantisci di avere i diritti necessari e il consenso delle persone
          eventualmente ritratte.
        </p>

        <h2>6. Contenuti informativi</h2>
        <p>
          Gli articoli di Zampa hanno scopo informativo e, sui temi di salute, sono rivisti con medici veterinari. Non
          sostituiscono in alcun caso la visita, la diagnosi o la terapia del tuo veterinario: in caso di malessere o di
          emergenza rivolgiti subito a un professionista. Le informazioni sulle norme, come quelle della{" "}
          <Link to="/legal-pets-info">guida agli animali legali in Italia</Link>, sono di carattere generale e possono
          cambiare nel tempo o da una regione all&apos;altra.
        </p>

        <h2>7. Esclusione di garanzie</h2>
        <p>
          Il servizio è fornito «così com&apos;è» e «come disponibile». Facciamo il possibile perché funzioni senza
          interruzioni ed errori, ma non possiamo garantirlo. Non garantiamo la veridicità dei contenuti pubblicati dagli
          utenti né lo stato di salute, le caratteristiche o la provenienza degli animali presenti negli annunci. Restano
          salve le garanzie che la legge non consente di escludere.
        </p>

        <h2>8. Link esterni</h2>
        <p>
          Il sito può contenere collegamenti a siti di terzi, come partner, fonti citate o inserzionisti. Non controlliamo
          questi siti e non siamo responsabili dei loro contenuti né del modo in cui trattano i dati: ti invitiamo a leggerne
          le condizioni e le informative. Un collegamento non implica approvazione da parte nostra.
        </p>

        <h2>9. Annunci e obblighi degli utenti</h2>
        <p>Chi pubblica un annuncio è l&apos;unico responsabile del suo contenuto e si impegna a:</p>
        <ul>
          <li>
            descrivere l&apos;animale in modo veritiero e completo (specie, razza, età, sesso, stato di salute, vaccinazioni,
            carattere), con fotografie reali e recenti dell&apos;animale stesso;
          </li>
          <li>
            indicare il tipo di annuncio corretto: adozione, regalo, cioè cessione senza alcun corrispettivo, oppure vendita
            con il prezzo richiesto;
          </li>
          <li>
            offrire solo animali che detiene legalmente e di cui può disporre, mai specie la cui detenzione è vietata, come le
            specie pericolose, le specie esotiche invasive o la fauna selvatica;
          </li>
          <li>
            non commerciare specie protette: gli esemplari tutelati dalla Convenzione CITES possono essere ceduti solo con i
            certificati e la documentazione prescritti, da mostrare a chi li riceve;
          </li>
          <li>
            cedere i cani solo se identificati con microchip e iscritti all&apos;anagrafe canina, comunicando poi il passaggio
            di proprietà nei termini previsti; lo stesso vale per gatti e furetti dove la normativa lo richiede;
          </li>
          <li>
            non cedere cuccioli di cane e di gatto separati dalla madre prima dei 60 giorni di vita, né animali introdotti
            illegalmente in Italia (legge n. 201 del 2010, sul traffico illecito di animali da compagnia);
          </li>
          <li>
            se svolge attività di allevamento o commercio, dichiararlo nell&apos;annuncio e rispettare gli obblighi
            autorizzativi, fiscali e di informazione ai consumatori previsti per i professionisti;
          </li>
          <li>
            rispondere ai contatti con correttezza ed eliminare l&apos;annuncio quando l&apos;animale non è più disponibile.
          </li>
        </ul>
        <p>
          Chiunque può segnalare un annuncio sospetto o illecito con l&apos;apposito pulsante: esaminiamo le segnalazioni
          entro 48 ore.
        </p>

        <h2>10. Limitazione di responsabilità e moderazione</h2>
        <p>
          Zampa non è parte degli accordi tra chi pubblica un annuncio e chi risponde: adozioni, cessioni e vendite avvengono
          esclusivamente tra gli utenti, che ne rispondono direttamente. Non verifichiamo l&apos;identità degli inserzionisti
          né gli animali o i documenti offerti, e non rispondiamo dei danni derivanti dagli accordi tra utenti, salvo i casi
          di dolo o colpa grave e gli altri casi in cui la legge non consente di escludere la responsabilità.
        </p>
        <p>
          Per la tua sicurezza: incontra l&apos;inserzionista di persona, vedi l&apos;animale (per i cuccioli, insieme alla
          madre), controlla microchip, libretto sanitario e documenti, e non versare mai anticipi con metodi non tracciabili.
        </p>
        <p>
          Zampa può moderare i contenuti, anche a seguito di segnalazioni: può sospendere o rimuovere annunci e
          partecipazioni ai concorsi e sospendere o chiudere gli account che violano la legge o questi Termini, o che mettono
          a rischio il benessere degli animali. Salvo che la legge lo impedisca, ti comunichiamo la decisione e i motivi, e
          puoi contestarla scrivendoci. Collaboriamo con le autorità competenti e segnaliamo loro le condotte illecite.
        </p>

        <h2>11. Pubblicità e affiliazioni</h2>
        <p>
          Zampa si sostiene anche con la pubblicità e con accordi con partner. Gli spazi pubblicitari sono riconoscibili e
          separati dai contenuti editoriali, e gli articoli non sono influenzati dagli inserzionisti. Alcuni collegamenti a
          prodotti o servizi possono essere link di affiliazione: se acquisti tramite questi link, Zampa può ricevere una
          commissione, senza costi aggiuntivi per te. La pubblicità personalizzata è mostrata solo con il tuo consenso ai
          cookie di marketing. Dei prodotti e servizi pubblicizzati rispondono i rispettivi inserzionisti.
        </p>

        <h2>12. Modifiche ai termini</h2>
        <p>
          Possiamo aggiornare questi Termini per adeguarli a nuove norme o a cambiamenti del servizio. La versione in vigore
          è sempre pubblicata su questa pagina con la data dell&apos;ultimo aggiornamento. Le modifiche rilevanti saranno
          comunicate agli utenti registrati per e-mail o con un avviso sul sito almeno 15 giorni prima che entrino in
          vigore; se non le accetti, puoi cancellare il tuo account. Continuando a usare il servizio dopo quella data, accetti
          i Termini aggiornati.
        </p>

        <h2>13. Cancellazione dell&apos;account</h2>
        <p>
          Puoi cancellare il tuo account in qualsiasi momento dal tuo profilo («Elimina account»), con effetto immediato, o
          chiederne la cancellazione scrivendo a <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> dall&apos;indirizzo
          con cui sei registrato. Cancelliamo l&apos;account entro 30 giorni dalla richiesta, insieme ai tuoi annunci, alle
          partecipazioni ai concorsi e ai voti;
          conserviamo solo i dati che la legge ci obbliga a tenere, per il tempo indicato nella{" "}
          <Link to="/privacy">Privacy Policy</Link>. In caso di violazioni gravi o ripetute di questi Termini, Zampa può
          chiudere l&apos;account dandone comunicazione all&apos;interessato.
        </p>

        <h2>14. Legge applicabile e foro competente</h2>
        <p>
          Questi Termini sono regolati dalla legge italiana. Per le controversie con utenti che non agiscono come
          consumatori è competente in via esclusiva il Foro di Milano. Se sei un consumatore, è competente il giudice del
          luogo in cui risiedi o hai il domicilio, se si trova in Italia (art. 66-bis del Codice del Consumo).
        </p>
        <p>
          La Commissione europea ha messo a disposizione una piattaforma per la risoluzione online delle controversie (ODR)
          tra consumatori e professionisti, all&apos;indirizzo{" "}
          <a href={ODR_URL} target="_blank" rel="noopener noreferrer">
            {ODR_URL}
            <span className="sr-only"> (si apre in una nuova scheda)</span>
          </a>
          . In base al Regolamento (UE) 2024/3228 la piattaforma non accetta nuovi reclami dal 20 marzo 2025 ed è stata
          chiusa il 20 luglio 2025: il collegamento resta qui a titolo informativo. Puoi comunque rivolgerti agli organismi
          di risoluzione alternativa delle controversie (ADR) previsti dal Codice del Consumo, oltre che al giudice
          competente.
        </p>

        <h2>15. Contatti</h2>
        <p>
          Per domande su questi Termini, per contestare una decisione di moderazione o per qualsiasi altra richiesta puoi
          scriverci o usare il <Link to="/contact">modulo di contatto</Link>.
        </p>
        <ContactDetails className="my-6" />
      </Prose>
    </article>
  );
}
