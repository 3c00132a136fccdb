import type { SeedArticle } from "../types";

export const articles: SeedArticle[] = [
  {
    slug: "prime-settimane-con-il-cucciolo",
    title: "Le prime settimane con il cucciolo: guida pratica per partire col piede giusto",
    excerpt:
      "Anagrafe canina, prima visita, pulizia in casa, sonno e socializzazione: cosa fare nei primi giorni con un cucciolo per costruire una convivenza serena.",
    categorySlug: "cani",
    content: `
<p>L'arrivo di un cucciolo è un momento di grande gioia, ma anche di qualche inevitabile confusione. Nelle prime settimane il piccolo deve abituarsi a una casa nuova, a persone che non conosce, a rumori e odori diversi da quelli della cucciolata. Il modo in cui lo accompagniamo in questa fase lascia un segno duraturo sul suo carattere. Ecco una guida pratica, pensata per chi accoglie un cane per la prima volta ma utile anche a chi ha già esperienza.</p>

<h2>Prima dell'arrivo: preparare la casa</h2>
<p>Un cucciolo esplora il mondo con la bocca. Prima di portarlo a casa conviene guardare gli ambienti dalla sua altezza e mettere in sicurezza tutto ciò che può essere masticato o ingerito. Fili elettrici, caricabatterie, scarpe, calzini, medicinali, detersivi e piante d'appartamento vanno spostati o resi irraggiungibili.</p>
<ul>
<li><strong>Cibi pericolosi</strong>: cioccolato, uva e uvetta, cipolla, aglio e prodotti dolcificati con xilitolo (alcune gomme da masticare e caramelle) sono tossici per il cane.</li>
<li><strong>Una zona tutta sua</strong>: un angolo tranquillo con cuccia, ciotola dell'acqua e qualche gioco da masticare. Un piccolo recinto può aiutare a gestirlo quando non possiamo sorvegliarlo.</li>
<li><strong>L'occorrente di base</strong>: pettorina leggera, guinzaglio, medaglietta con il numero di telefono, sacchetti per le deiezioni e lo stesso cibo che mangiava dall'allevatore o dal rifugio.</li>
</ul>

<h2>Documenti e obblighi: microchip e anagrafe canina</h2>
<p>In Italia il microchip è obbligatorio per tutti i cani e l'animale deve essere iscritto all'<strong>anagrafe canina</strong> della propria regione. Il cucciolo dovrebbe arrivare già identificato: verificate che il codice del microchip corrisponda a quello riportato sui documenti e chiedete il passaggio di proprietà a vostro nome. La pratica si svolge presso il servizio veterinario dell'ASL o da un veterinario libero professionista abilitato, e i tempi per comunicare la variazione sono stabiliti dalle norme regionali, quindi è bene informarsi subito. Ricordate che un cucciolo non dovrebbe lasciare la madre prima dei due mesi di vita: le settimane passate con lei e con i fratelli sono fondamentali per imparare a comunicare con i propri simili.</p>

<h2>La prima visita dal veterinario</h2>
<p>Entro pochi giorni dall'arrivo prenotate una visita di controllo. Il veterinario valuterà lo stato di salute generale, verificherà il programma vaccinale e di sverminazione già iniziato e vi indicherà le date dei richiami. È anche l'occasione giusta per chiedere quale protezione contro pulci, zecche e zanzare sia adatta all'età e al peso del cucciolo. Portate con voi il libretto sanitario e, se possibile, un campione di feci.</p>
<p>Fate in modo che questa prima esperienza sia piacevole: qualche bocconcino, carezze e calma. Un cane che associa l'ambulatorio a cose positive sarà un paziente molto più sereno per tutta la vita.</p>

<h2>I primi giorni a casa</h2>
<p>Il cambiamento è forte, quindi i primi giorni dovrebbero essere tranquilli. Evitate di invitare amici e parenti in massa: lasciate che il cucciolo esplori con i suoi tempi e che conosca poco per volta i membri della famiglia. I bambini vanno seguiti da vicino e aiutati a capire che il cucciolo non è un giocattolo, che non va preso in braccio continuamente e che quando dorme va lasciato in pace.</p>
<h3>Il sonno</h3>
<p>Un cucciolo dorme moltissimo, anche sedici o diciotto ore al giorno. Il riposo è indispensabile per la crescita e per elaborare le esperienze. Un cucciolo stanco e sovraeccitato diventa spesso più mordace: a volte la soluzione migliore a un momento di agitazione è accompagnarlo nella sua cuccia in un ambiente calmo. Le prime notti può piangere: tenere la cuccia vicino al letto, almeno all'inizio, lo aiuta a sentirsi meno solo.</p>

<h3>L'alimentazione</h3>
<p>Nelle prime settimane continuate con il cibo che mangiava prima. Se volete cambiarlo, fatelo gradualmente nell'arco di sette-dieci giorni, mescolando quantità crescenti del nuovo alimento a quello vecchio. Scegliete un alimento completo formulato per cuccioli, tenendo conto della taglia da adulto, e dividete la razione giornaliera in tre o quattro pasti, secondo le indicazioni del veterinario.</p>

<h2>Imparare a sporcare fuori</h2>
<p>L'educazione ai bisogni richiede pazienza e costanza. Un cucciolo di due o tre mesi non ha ancora il pieno controllo della vescica, quindi il nostro compito è anticipare le sue necessità. Portatelo fuori, o nel punto scelto, in questi momenti:</p>
<ol>
<li>appena si sveglia, sia al mattino sia dopo ogni pisolino;</li>
<li>dopo ogni pasto e dopo aver bevuto molto;</li>
<li>dopo una sessione di gioco o un momento di eccitazione;</li>
<li>prima di andare a dormire la sera.</li>
</ol>
<p>Quando fa i bisogni nel posto giusto, lodatelo con calma e premiatelo subito con un bocconcino. Se succede un incidente in casa, non sgridatelo e non strofinategli il naso sulla pipì: non capirebbe il collegamento e imparerebbe solo a nascondersi per sporcare. Pulite con un detergente enzimatico, evitando i prodotti a base di ammoniaca, il cui odore può richiamarlo nello stesso punto.</p>

<h2>La socializzazione: una finestra da non perdere</h2>
<p>Tra le tre e le dodici-quattordici settimane di vita il cucciolo attraversa il cosiddetto <strong>periodo sensibile della socializzazione</strong>. In questa fase impara con facilità che persone, animali, rumori e situazioni nuove non sono pericolosi. Ciò che non conosce ora potrebbe spaventarlo da adulto.</p>
<p>La socializzazione non significa esporre il cucciolo a tutto e subito, ma offrirgli esperienze positive e graduali: persone di età e aspetto diversi, il rumore del traffico, l'ascensore, un viaggio in auto, cani adulti equilibrati e vaccinati. Osservate sempre le sue reazioni: se si spaventa, aumentate la distanza e lasciategli il tempo di osservare. Chiedete al veterinario come conciliare la socializzazione con il completamento delle vaccinazioni: in genere si consiglia di evitare i luoghi frequentati da cani sconosciuti, senza però tenere il cucciolo chiuso in casa.</p>

<h2>Morsicchiare, masticare e restare da solo</h2>
<p>Mordicchiare è un comportamento normale: il cucciolo sta cambiando i denti e sta imparando a dosare la forza del morso. Quando i denti arrivano sulle mani, interrompete il gioco per qualche istante e offritegli un oggetto adatto da masticare. Tenete a disposizione giochi di consistenze diverse e sostituiteli spesso per mantenere vivo l'interesse.</p>
<p>Fin dalle prime settimane è utile abituarlo a restare da solo per brevi periodi, iniziando con pochi minuti in un'altra stanza mentre siete in casa e allungando i tempi con gradualità. Uscite e rientrate con naturalezza, senza saluti drammatici.</p>

<blockquote>Un cucciolo non ha bisogno di un padrone perfetto, ma di una guida coerente: regole semplici, condivise da tutta la famiglia e applicate con gentilezza.</blockquote>

<p>Le prime settimane passano in fretta. Con un po' di organizzazione, tanta pazienza e l'aiuto del veterinario di fiducia, getterete le basi di un'amicizia che durerà molti anni.</p>
`,
    metaTitle: "Prime settimane con il cucciolo: guida pratica",
    metaDescription:
      "Microchip e anagrafe canina, prima visita, bisogni fuori casa, sonno e socializzazione: la guida per affrontare le prime settimane con un cucciolo.",
    image: "puppy",
    daysAgo: 4,
    views: 3120,
  },
  {
    slug: "passeggiata-al-guinzaglio-senza-tirare",
    title: "Passeggiare al guinzaglio senza tirare: metodo, attrezzatura e pazienza",
    excerpt:
      "Perché il cane tira e come insegnargli a camminare con il guinzaglio morbido: attrezzatura giusta, esercizi passo passo e regole da rispettare in città.",
    categorySlug: "cani",
    content: `
<p>Il cane che trascina il proprietario lungo il marciapiede è una scena comune in ogni città. Oltre a essere faticoso, il tiro continuo è scomodo per entrambi: può causare fastidi al collo e alla schiena del cane, strappi alla spalla di chi tiene il guinzaglio e rende la passeggiata un momento di tensione anziché di piacere. La buona notizia è che camminare con il guinzaglio morbido si può insegnare a qualsiasi età.</p>

<h2>Perché il cane tira</h2>
<p>Per capire come intervenire bisogna partire da un dato semplice: il cane non tira per dispetto né per «dominare». Tira perché il suo passo naturale è più veloce del nostro, perché il mondo là fuori è pieno di odori interessanti e, soprattutto, perché tirare <strong>funziona</strong>. Ogni volta che tende il guinzaglio e noi lo seguiamo, il cane ottiene esattamente ciò che voleva: avvicinarsi a quel cespuglio, a quel cane, a quel pezzo di pizza sul marciapiede. Un comportamento che viene premiato tende a ripetersi.</p>
<p>L'obiettivo dell'educazione, quindi, è fare in modo che il guinzaglio morbido diventi la strada più conveniente per arrivare alle cose che il cane desidera.</p>

<h2>L'attrezzatura giusta</h2>
<ul>
<li><strong>Pettorina</strong>: una pettorina ben calzata, con forma ad H o a Y, distribuisce la pressione sul torace senza comprimere la gola e lascia libero il movimento delle spalle.</li>
<li><strong>Guinzaglio</strong>: per l'addestramento è ideale un guinzaglio fisso, comodo da impugnare. Nelle aree urbane e nei luoghi aperti al pubblico l'ordinanza ministeriale sulla tutela dell'incolumità pubblica, rinnovata più volte negli anni, prevede una lunghezza massima di 1,50 metri, fatte salve le aree per cani.</li>
<li><strong>Bocconcini</strong>: piccoli, morbidi e molto graditi. Durante una sessione di addestramento se ne usano tanti, quindi vanno scalati dalla razione giornaliera.</li>
</ul>
<p>Sconsigliamo il guinzaglio allungabile per questo tipo di lavoro: la tensione è costante per costruzione, quindi il cane impara che avere il collo o il petto sempre in trazione è normale. Sono da evitare anche i collari a strozzo e quelli a punte, che si basano sul dolore e possono aumentare paura e reattività.</p>

<h2>Gli esercizi passo passo</h2>
<h3>1. La zona premio</h3>
<p>Scegliete un lato, per esempio la vostra gamba sinistra. In casa o in giardino, dove ci sono poche distrazioni, camminate lentamente e, ogni volta che il cane si trova vicino a quella gamba, premiatelo consegnando il bocconcino proprio lì, all'altezza della coscia. In poco tempo quel punto diventerà un posto molto interessante dove stare.</p>

<h3>2. Il guinzaglio teso ferma tutto</h3>
<p>Quando il guinzaglio si tende, fermatevi e restate immobili come un albero, senza strattonare e senza parlare. Aspettate che il cane allenti la tensione, anche solo facendo un passo indietro o girandosi a guardarvi. In quel momento segnalate con un «sì» e ripartite: la ripresa del cammino è già un premio. All'inizio vi fermerete spesso e farete pochi metri: è normale.</p>

<h3>3. Il cambio di direzione</h3>
<p>Se il cane sta per tirare verso qualcosa, cambiate direzione con decisione ma senza strappi, invitandolo con la voce a seguirvi. Quando vi raggiunge nella zona premio, ricompensatelo. Questo esercizio insegna al cane a prestare attenzione a dove andate voi.</p>

<h3>4. Aumentare le difficoltà un poco alla volta</h3>
<p>Solo quando il cane cammina bene in un ambiente tranquillo potete passare al cortile, poi a una strada poco trafficata e infine alle vie del centro. Ogni volta che aumentate le distrazioni, aumentate anche la frequenza dei premi. Se il cane non riesce più a concentrarsi, significa che il passo è stato troppo lungo: tornate a un contesto più facile.</p>

<h2>Lasciarlo annusare è parte dell'educazione</h2>
<p>La passeggiata non è solo un'occasione per fare i bisogni o per camminare in fila. Per il cane annusare è una vera e propria attività mentale, che lo aiuta a scaricare lo stress e a conoscere il territorio. Un buon compromesso è alternare tratti di camminata «educata» a momenti in cui, con un segnale come «vai», il cane è libero di esplorare a guinzaglio morbido. Scoprirete che un cane che ha potuto annusare a sufficienza torna a casa più soddisfatto e più calmo di uno che ha percorso chilometri di corsa.</p>

<h2>Errori comuni da evitare</h2>
<ul>
<li><strong>Incoerenza</strong>: se in certi giorni il tiro viene premiato e in altri no, il cane impara solo che vale la pena insistere. Tutta la famiglia deve seguire le stesse regole.</li>
<li><strong>Sessioni troppo lunghe</strong>: meglio dieci minuti di lavoro concentrato che un'ora di frustrazione reciproca.</li>
<li><strong>Strattoni e rimproveri</strong>: interrompono il comportamento per un attimo ma non insegnano cosa fare al suo posto e rovinano la relazione.</li>
<li><strong>Aspettarsi tutto subito</strong>: un cane abituato a tirare da anni ha bisogno di settimane di pratica costante.</li>
</ul>

<h2>Le regole da rispettare in città</h2>
<p>Oltre al guinzaglio di lunghezza adeguata, l'ordinanza ministeriale chiede di portare sempre con sé una museruola, da applicare in caso di rischio per l'incolumità di persone o animali o su richiesta delle autorità. I regolamenti comunali impongono inoltre di raccogliere le deiezioni e spesso di avere con sé anche una bottiglietta d'acqua per diluire l'urina. Sono piccoli gesti che rendono la città più accogliente per tutti, proprietari di cani e non.</p>

<blockquote>Il guinzaglio dovrebbe essere un filo di sicurezza, non una corda per il tiro alla fune. Quando forma una piccola «J» tra la mano e la pettorina, state andando nella direzione giusta.</blockquote>

<p>Se il cane tira per paura, reagisce in modo intenso verso altri cani o persone, oppure se nonostante l'impegno non vedete progressi, rivolgetevi a un educatore cinofilo che lavori con metodi gentili o a un medico veterinario esperto in comportamento. Un aiuto competente può fare una grande differenza.</p>
`,
    metaTitle: "Guinzaglio senza tirare: come insegnarlo al cane",
    metaDescription:
      "Perché il cane tira al guinzaglio e come insegnargli a camminare con il guinzaglio morbido: attrezzatura, esercizi graduali ed errori da evitare.",
    image: "dog-park",
    daysAgo: 17,
    views: 2480,
  },
  {
    slug: "alimentazione-del-gatto-in-base-all-eta",
    title: "Cosa dare da mangiare al gatto: l'alimentazione dal gattino all'anziano",
    excerpt:
      "Le esigenze nutrizionali del gatto cambiano con l'età: come nutrire il gattino, l'adulto, il gatto sterilizzato e l'anziano, con un occhio all'acqua.",
    categorySlug: "gatti",
    content: `
<p>Il gatto è un <strong>carnivoro stretto</strong>: a differenza del cane, che si è adattato nel corso della domesticazione a una dieta più varia, il gatto ha bisogno di nutrienti che trova quasi solo nei tessuti animali. Tra questi c'è la taurina, un aminoacido indispensabile per la salute del cuore e della vista, insieme all'acido arachidonico e alla vitamina A già pronta all'uso. Per questo motivo il gatto non può essere nutrito con cibo per cani né seguire una dieta vegetariana. Le sue esigenze, però, cambiano molto nel corso della vita.</p>

<h2>Il gattino: crescere in fretta</h2>
<p>Lo svezzamento avviene gradualmente tra la quarta e l'ottava settimana di vita. Quando arriva in casa, intorno ai due-tre mesi, il gattino mangia già da solo, ma ha uno stomaco piccolo e un fabbisogno energetico elevato in rapporto al peso.</p>
<ul>
<li><strong>Alimento specifico</strong>: scegliete un alimento completo formulato per gattini, più ricco di energia, proteine e minerali rispetto a quello per adulti.</li>
<li><strong>Pasti frequenti</strong>: fino ai quattro mesi circa si possono offrire quattro pasti al giorno, poi tre fino ai sei mesi, seguendo le dosi indicate in etichetta e adattandole alla crescita.</li>
<li><strong>Quanto dura la fase di crescita</strong>: in genere fino ai dodici mesi. Le razze grandi, come il Maine Coon, completano lo sviluppo più tardi e possono beneficiare di un alimento per la crescita più a lungo, su consiglio del veterinario.</li>
</ul>
<p>Un errore frequente è offrire latte vaccino. Dopo lo svezzamento molti gatti perdono in parte la capacità di digerire il lattosio e il latte può provocare diarrea. Il gattino ha bisogno solo di acqua fresca.</p>

<h2>Il gatto adulto: qualità e misura</h2>
<p>Dall'anno di età in poi l'obiettivo è mantenere il peso forma. In natura il gatto consuma molte piccole prede al giorno, quindi è abituato a fare numerosi pasti di modesta entità. In casa possiamo rispettare questa tendenza dividendo la razione in più momenti, oppure utilizzando giochi distributori di cibo che lo costringono anche a muoversi un po'.</p>
<h3>Umido, secco o entrambi?</h3>
<p>Entrambe le tipologie, se si tratta di alimenti completi di buona qualità, possono nutrire correttamente un gatto. L'umido ha il grande vantaggio di contenere circa il 75-80% di acqua, e questo è prezioso per un animale che tende a bere poco. Il secco è pratico, si conserva meglio una volta aperto ed è più concentrato in calorie, quindi va dosato con attenzione. Molti veterinari suggeriscono una dieta mista. In ogni caso, la razione va calcolata sul totale: se aggiungete l'umido, dovete ridurre il secco.</p>
<h3>Il gatto sterilizzato</h3>
<p>Dopo la sterilizzazione il fabbisogno energetico del gatto si riduce, mentre l'appetito tende ad aumentare. È una combinazione che favorisce il sovrappeso. Non è un motivo per rinunciare all'intervento, che ha molti vantaggi per la salute e il benessere, ma è importante rivedere le porzioni, valutare con il veterinario un alimento dedicato e pesare il gatto con regolarità.</p>

<h2>Il gatto anziano: attenzione ai segnali</h2>
<p>Dai sette anni in su si parla di gatto maturo e oltre gli undici-dodici di gatto anziano. Con l'età possono ridursi l'olfatto, l'appetito e la capacità di digerire grassi e proteine, mentre aumentano i rischi di malattie renali, problemi alla tiroide, diabete e disturbi dentali. Non esiste un'unica dieta «senior» giusta per tutti: alcuni gatti anziani ingrassano, altri perdono peso e massa muscolare.</p>
<p>Per questo, a partire da questa età, sono consigliati controlli veterinari almeno una volta l'anno, spesso con esami del sangue e delle urine, per adattare la dieta alle condizioni reali. Gli alimenti dietetici per specifiche patologie, per esempio quelli per il supporto della funzione renale, vanno usati solo su indicazione del veterinario.</p>

<h2>L'acqua: il nutriente dimenticato</h2>
<p>Il gatto discende da antenati che vivevano in zone aride e ricavavano gran parte dell'acqua dalle prede. Ancora oggi ha uno stimolo della sete poco sviluppato. Un'idratazione scarsa può favorire la formazione di calcoli e altri disturbi urinari. Alcuni accorgimenti utili:</p>
<ol>
<li>posizionate le ciotole dell'acqua lontano da quelle del cibo e dalla lettiera;</li>
<li>offrite più punti acqua in casa, con ciotole ampie e poco profonde che non tocchino le vibrisse;</li>
<li>cambiate l'acqua ogni giorno e lavate le ciotole;</li>
<li>provate una fontanella: molti gatti preferiscono l'acqua in movimento;</li>
<li>includete una quota di alimento umido nella dieta.</li>
</ol>

<h2>Cibi da evitare e regole d'oro</h2>
<p>Non date al gatto cipolla, aglio, porro ed erba cipollina, anche cotti, né cioccolato, uva e uvetta, alcol e caffeina. Le ossa cotte possono scheggiarsi, e il pesce o la carne crudi comportano rischi di parassiti e contaminazione batterica. Gli avanzi della nostra tavola, spesso salati e conditi, sbilanciano la dieta e favoriscono il sovrappeso.</p>

<blockquote>Un gatto che smette di mangiare non va mai sottovalutato: anche pochi giorni di digiuno possono portare a una grave malattia del fegato, la lipidosi epatica, soprattutto nei soggetti in sovrappeso.</blockquote>

<p>Per lo stesso motivo, se il vostro gatto deve dimagrire, non riducete drasticamente il cibo da soli: il calo di peso deve essere lento e pianificato insieme al veterinario. Pesate il gatto ogni mese, osservate la sua forma dall'alto e dal fianco e chiedete al veterinario di insegnarvi a valutare la condizione corporea. Sono abitudini semplici che permettono di accorgersi per tempo dei cambiamenti.</p>
`,
    metaTitle: "Alimentazione del gatto: gattino, adulto e anziano",
    metaDescription:
      "Come nutrire il gatto in ogni fase della vita: pasti del gattino, umido o secco per l'adulto, gatto sterilizzato, esigenze dell'anziano e acqua.",
    image: "kitten",
    daysAgo: 9,
    views: 2865,
  },
  {
    slug: "gatto-in-appartamento-arricchimento-ambientale",
    title: "Gatto in appartamento: come rendere la casa un ambiente stimolante",
    excerpt:
      "Spazi in verticale, tiragraffi, gioco che imita la caccia e lettiere in ordine: le idee per un gatto di casa sereno, attivo e senza noia.",
    categorySlug: "gatti",
    content: `
<p>Sempre più gatti, soprattutto nelle città, vivono esclusivamente in casa. È una scelta che li protegge da traffico, malattie infettive, avvelenamenti e smarrimenti, ma che comporta una responsabilità precisa: l'appartamento deve offrire al gatto tutto ciò che altrimenti troverebbe all'esterno. Un gatto annoiato può ingrassare, diventare apatico o sviluppare comportamenti indesiderati, come graffiare i mobili, urinare fuori dalla lettiera o aggredire le caviglie di chi passa. La soluzione si chiama <strong>arricchimento ambientale</strong>.</p>

<h2>Pensare in verticale</h2>
<p>Per un gatto lo spazio non si misura solo in metri quadrati, ma anche in altezza. Stare in alto gli permette di controllare il territorio, riposare al sicuro e allontanarsi da situazioni che lo infastidiscono, come un cane troppo curioso o un bambino esuberante. Anche un piccolo appartamento può diventare molto più ricco con qualche accorgimento:</p>
<ul>
<li>mensole fissate alla parete a diverse altezze, che formino un percorso;</li>
<li>un albero tiragraffi alto e stabile, possibilmente vicino a una finestra;</li>
<li>la parte alta di librerie e armadi resa accessibile e comoda con una coperta;</li>
<li>un posatoio da davanzale, da cui osservare uccelli, foglie e passanti.</li>
</ul>
<p>La finestra è la «televisione» del gatto. Se però lasciate aperte finestre e balconi, installate reti di protezione robuste: le cadute dall'alto sono frequenti e possono causare traumi gravi, anche ai gatti che sembrano più prudenti.</p>

<h2>Graffiare è un bisogno, non un vizio</h2>
<p>Il gatto graffia per tenere in ordine le unghie, per stirare i muscoli e per lasciare segnali visivi e olfattivi grazie alle ghiandole presenti tra i cuscinetti. Vietarglielo è impossibile; possiamo però indirizzare questo comportamento verso le superfici giuste. Offrite almeno un tiragraffi verticale abbastanza alto perché il gatto possa allungarsi completamente e uno orizzontale, per esempio in cartone. Posizionateli vicino alle zone dove il gatto dorme e nei punti di passaggio, dove già tende a graffiare. Un po' di erba gatta strofinata sopra può renderli più attraenti.</p>

<h2>Il gioco come caccia simulata</h2>
<p>Il gioco non è un passatempo superfluo: è il modo in cui il gatto domestico esprime il suo istinto predatorio. La sequenza naturale è precisa: osservare, appostarsi, inseguire, catturare e infine mangiare. Un gioco ben fatto la ripercorre tutta.</p>
<ol>
<li><strong>Usate una canna con piume o un pupazzetto</strong> e muovetelo come farebbe una preda: scatti, pause, fughe dietro un angolo. Un topolino non corre mai incontro al gatto.</li>
<li><strong>Fate sessioni brevi e frequenti</strong>: due o tre momenti al giorno di dieci-quindici minuti sono più efficaci di un'unica lunga sessione.</li>
<li><strong>Lasciate che catturi la preda</strong> più volte: la soddisfazione della cattura è parte essenziale del gioco.</li>
<li><strong>Concludete con un piccolo pasto o un bocconcino</strong>: chiude la sequenza e aiuta il gatto a rilassarsi.</li>
</ol>
<p>Il puntatore laser può divertire, ma non permette mai di afferrare nulla e in alcuni gatti genera frustrazione. Se lo usate, terminate sempre il gioco indirizzando il puntino su un giocattolo reale che il gatto possa catturare. Evitate invece di usare le mani come giocattolo: il gattino che impara a mordere le dita lo farà anche da adulto, con denti e unghie ben più efficaci.</p>

<h2>Cibo da conquistare</h2>
<p>In natura il gatto dedica molte ore alla ricerca del cibo; in casa lo trova pronto nella ciotola in pochi secondi. Giochi distributori, palline forate, tappetini olfattivi o semplici scatole di cartone con qualche crocchetta nascosta trasformano il pasto in un'attività. Si può iniziare con rompicapo molto facili e aumentare gradualmente la difficoltà. È un aiuto prezioso anche per i gatti che mangiano troppo in fretta o tendono a ingrassare.</p>

<h2>Le risorse fondamentali, ben distribuite</h2>
<p>Molti problemi di convivenza nascono da risorse insufficienti o mal posizionate, soprattutto quando in casa vivono più gatti. La regola pratica è avere <strong>una lettiera per gatto più una</strong>, collocate in luoghi tranquilli e lontani dalle ciotole. Lo stesso vale per i punti acqua, i luoghi di riposo e i nascondigli: ogni gatto deve poter mangiare, bere, riposare e fare i bisogni senza dover passare accanto a un compagno con cui non va d'accordo. Le lettiere vanno pulite ogni giorno, perché il gatto è molto sensibile agli odori.</p>

<h2>Novità e routine</h2>
<p>Il gatto ama le abitudini, ma apprezza anche qualche piccola novità. Ruotate i giochi ogni settimana, in modo che ne abbia sempre pochi a disposizione e che tornino a essere interessanti. Una scatola di cartone nuova, una busta di carta senza manici o un vaso di erba per gatti possono intrattenerlo a lungo. L'erba gatta, la <em>Nepeta cataria</em>, suscita una reazione euforica in molti gatti adulti, ma non in tutti: dipende da fattori ereditari, e i gattini più giovani spesso non vi reagiscono.</p>
<p>Attenzione alle piante d'appartamento: alcune sono tossiche per il gatto. I gigli, in particolare, sono estremamente pericolosi anche in piccole quantità, compreso il polline, e possono causare un'insufficienza renale acuta.</p>

<blockquote>Un gatto di casa felice non è quello che ha più giocattoli, ma quello che ha ogni giorno l'occasione di cacciare, esplorare, graffiare e riposare in sicurezza.</blockquote>

<p>Infine, osservate il vostro gatto: cambiamenti nel sonno, nell'appetito, nell'uso della lettiera o nell'atteggiamento verso le persone possono segnalare stress o un problema di salute. In questi casi il primo passo è sempre una visita dal veterinario, per escludere cause mediche prima di intervenire sull'ambiente e sul comportamento.</p>
`,
    metaTitle: "Gatto in appartamento: idee di arricchimento ambientale",
    metaDescription:
      "Spazi in verticale, tiragraffi, gioco che imita la caccia, cibo da conquistare e lettiere ben distribuite: come rendere la casa stimolante per il gatto.",
    image: "cat-play",
    daysAgo: 26,
    views: 1940,
  },
  {
    slug: "come-prendersi-cura-del-canarino",
    title: "Il canarino in casa: gabbia, alimentazione e cura quotidiana",
    excerpt:
      "Gabbia spaziosa, posatoi naturali, dieta varia, bagnetto e luce naturale: tutto quello che serve per far vivere a lungo e in salute un canarino.",
    categorySlug: "uccelli",
    content: `
<p>Il canarino è uno degli uccelli da compagnia più diffusi in Italia, amato per il canto melodioso del maschio e per i colori che la selezione ha reso sempre più vari: dal classico giallo all'arancio, dal bianco all'ardesia. È un animale relativamente semplice da gestire, ma non per questo privo di esigenze. Un canarino ben accudito può vivere dieci anni e oltre; molti, purtroppo, vivono molto meno a causa di errori comuni e facilmente evitabili.</p>

<h2>Un uccello che ha bisogno di volare</h2>
<p>A differenza dei pappagalli, che si arrampicano volentieri con becco e zampe, il canarino si muove quasi esclusivamente volando da un posatoio all'altro. Per questo la caratteristica più importante della gabbia è la <strong>lunghezza</strong>, più ancora dell'altezza. Le gabbie alte e strette, o quelle rotonde, sono decorative ma poco adatte.</p>
<ul>
<li>Scegliete la gabbia più grande che lo spazio vi consente: per un solo canarino è bene non scendere sotto i sessanta centimetri di lunghezza, e una piccola voliera è ancora meglio.</li>
<li>Le sbarre devono essere ravvicinate, in modo che l'uccello non possa infilare la testa.</li>
<li>Disponete i posatoi alle due estremità, lasciando libero lo spazio centrale per il volo.</li>
<li>Preferite posatoi in legno naturale di diverso diametro: mantengono in esercizio le zampe e aiutano a consumare le unghie. I posatoi tutti uguali, lisci e di plastica, favoriscono problemi ai piedi.</li>
<li>Non mettete i posatoi sopra le mangiatoie e l'abbeveratoio, per evitare che vengano sporcati dagli escrementi.</li>
</ul>

<h2>Dove posizionare la gabbia</h2>
<p>Il posto giusto è luminoso ma riparato: lontano da correnti d'aria, termosifoni e sole diretto nelle ore più calde. Evitate la cucina. Gli uccelli hanno un apparato respiratorio molto efficiente e quindi molto sensibile: fumo di sigaretta, spray, deodoranti per ambienti, candele profumate e soprattutto i vapori che si liberano dalle pentole antiaderenti surriscaldate possono risultare tossici e, nei casi peggiori, mortali. La gabbia dovrebbe stare all'altezza degli occhi delle persone, in un ambiente dove l'animale possa osservare la vita della famiglia senza essere esposto a continui spaventi.</p>

<h2>Che cosa mangia il canarino</h2>
<p>La base dell'alimentazione è una buona <strong>miscela di semi</strong> specifica per canarini, che contiene tra gli altri scagliola, ravizzone e niger. I semi da soli però non bastano: sono poveri di alcune vitamine e minerali e, se il canarino sceglie solo quelli che preferisce, la dieta diventa squilibrata.</p>
<h3>Da aggiungere ogni giorno o quasi</h3>
<ul>
<li><strong>Verdure fresche</strong> ben lavate: cicoria, tarassaco, lattuga a foglia scura, broccoli, carota grattugiata, ritirate dopo alcune ore perché non appassiscano.</li>
<li><strong>Un po' di frutta</strong>, come mela o pera senza semi, in piccole quantità.</li>
<li><strong>Pastoncino all'uovo</strong>, utile soprattutto durante la muta e la riproduzione, secondo le indicazioni del veterinario.</li>
<li><strong>Osso di seppia</strong> e grit minerale, fonti di calcio e minerali.</li>
</ul>
<p>L'avocado è tossico per gli uccelli e va escluso. Vanno evitati anche cibi salati, dolci, cioccolato, caffè e alcolici. L'acqua deve essere cambiata ogni giorno e l'abbeveratoio lavato con regolarità, perché i batteri proliferano in fretta.</p>

<h2>Il bagnetto e l'igiene</h2>
<p>Quasi tutti i canarini adorano fare il bagno. Appendete alla porta della gabbia una vaschetta con un dito d'acqua a temperatura ambiente, nelle ore centrali della giornata, così da lasciare all'uccello il tempo di asciugarsi prima di sera. Il bagno aiuta a mantenere il piumaggio pulito ed è un'occasione di attività e divertimento.</p>
<p>Il fondo della gabbia va pulito spesso e la gabbia intera disinfettata periodicamente. Controllate di notte, con una torcia, se compaiono piccoli puntini rossi sui posatoi o nelle fessure: potrebbe trattarsi dell'acaro rosso, un parassita che si nutre di sangue durante le ore di buio. In questo caso chiedete consiglio al veterinario sul trattamento più adatto.</p>

<h2>Luce, buio e muta</h2>
<p>La durata del giorno regola molti aspetti della vita del canarino, dal canto alla muta alla riproduzione. Una luce artificiale accesa fino a tarda sera in soggiorno può alterare questi ritmi. La sera coprite la gabbia con un telo traspirante o spostatela in un ambiente tranquillo, per garantire dieci-dodici ore di buio e di riposo.</p>
<p>Ogni anno, di solito tra la fine dell'estate e l'autunno, il canarino affronta la <strong>muta</strong>: rinnova le penne, canta meno e può sembrare un po' abbattuto. È un processo naturale ma impegnativo, durante il quale la dieta dovrebbe essere particolarmente ricca e varia. Una muta che si prolunga per mesi o che lascia zone senza penne merita invece un controllo.</p>

<h2>Quando andare dal veterinario</h2>
<p>Gli uccelli tendono a nascondere i sintomi, un retaggio della vita in natura dove mostrarsi deboli significa attirare i predatori. Per questo i segnali di malattia vanno presi sul serio e valutati tempestivamente da un veterinario esperto in animali esotici.</p>
<blockquote>Un canarino che resta gonfio e immobile sul fondo della gabbia, con gli occhi socchiusi, che respira muovendo la coda o che ha feci anomale ha bisogno di cure rapide: non aspettate che «passi da solo».</blockquote>
<p>Con una gabbia adeguata, una dieta varia, igiene costante e un ambiente sereno, il canarino ricambierà le vostre attenzioni con anni di canto e di compagnia.</p>
`,
    metaTitle: "Canarino in casa: gabbia, cibo e cura quotidiana",
    metaDescription:
      "Come scegliere la gabbia, cosa dare da mangiare al canarino, bagnetto, igiene, muta e segnali di malattia: la guida pratica per chi ha un canarino.",
    image: "canary",
    daysAgo: 41,
    views: 1215,
  },
  {
    slug: "socializzare-il-pappagallino-ondulato",
    title: "Pappagallino ondulato: come conquistarne la fiducia passo dopo passo",
    excerpt:
      "Il pappagallino ondulato è socievole ma prudente. Ecco come aiutarlo ad ambientarsi, avvicinarlo con calma e insegnargli a salire sul dito.",
    categorySlug: "uccelli",
    content: `
<p>Il pappagallino ondulato, <em>Melopsittacus undulatus</em>, è originario delle pianure dell'Australia, dove vive in stormi che possono contare centinaia di individui. È un uccello vivace, curioso e molto sociale, capace di imparare suoni e talvolta anche parole. Proprio perché in natura è una piccola preda, però, è anche istintivamente prudente: ogni movimento brusco dall'alto può sembrargli l'arrivo di un falco. Conquistarne la fiducia richiede tempo, ma è una delle esperienze più gratificanti per chi ama gli uccelli.</p>

<h2>Solo o in compagnia?</h2>
<p>Per un animale così gregario la solitudine è una condizione difficile. La scelta migliore, nella maggior parte dei casi, è tenere almeno <strong>due pappagallini</strong>. Esiste la convinzione che un pappagallino solo diventi più affettuoso con le persone, ma un uccello che trascorre molte ore al giorno senza compagnia rischia di annoiarsi e di sviluppare comportamenti ripetitivi, come lo strappo delle penne. Due pappagallini possono comunque creare un ottimo rapporto con la famiglia, se le persone dedicano loro tempo ogni giorno.</p>
<p>Negli adulti il sesso si riconosce in genere dal colore della cera, la zona carnosa sopra il becco: tendente al blu nei maschi, dal beige al marrone nelle femmine. In alcune varietà di colore e nei giovani la distinzione è meno chiara.</p>

<h2>I primi giorni: lasciarlo ambientare</h2>
<p>Quando il pappagallino arriva a casa, il primo obiettivo non è toccarlo, ma fargli capire che il nuovo ambiente è sicuro. Posizionate la gabbia in una stanza frequentata ma non caotica, con un lato appoggiato alla parete, così che l'uccello non si senta esposto da tutte le direzioni. Nei primi giorni limitatevi a:</p>
<ul>
<li>muovervi con calma vicino alla gabbia e parlargli spesso con voce tranquilla;</li>
<li>cambiare acqua e cibo con gesti lenti e prevedibili, sempre alla stessa ora;</li>
<li>evitare di infilare la mano nella gabbia se non è necessario;</li>
<li>osservare se mangia, beve e produce feci normali.</li>
</ul>
<p>È normale che all'inizio resti immobile o si spaventi al vostro arrivo. Quando comincerà a mangiare, cantare e pulirsi le penne in vostra presenza, sarà il segnale che si sta rilassando.</p>

<h2>L'avvicinamento con la mano</h2>
<p>Il premio più efficace è quasi sempre il <strong>panìco in spiga</strong>, molto amato dai pappagallini. Proprio per questo non va lasciato sempre a disposizione nella gabbia: riservarlo ai momenti di interazione lo rende speciale, e in quantità eccessive favorisce il sovrappeso.</p>
<ol>
<li><strong>Vicino alla gabbia</strong>: sedetevi accanto alla gabbia e tenete una spiga di panìco all'esterno, tra le sbarre. Aspettate che sia il pappagallino a decidere di avvicinarsi.</li>
<li><strong>Dentro la gabbia</strong>: quando mangia tranquillo dall'esterno, introducete lentamente la mano con la spiga e tenetela ferma, vicino a un posatoio. Se si agita, allontanatevi un po' e riprovate il giorno dopo.</li>
<li><strong>Il dito come posatoio</strong>: quando mangia dalla spiga senza timore, avvicinate il dito teso appena sotto e davanti alle zampe, all'altezza del ventre, mentre pronunciate sempre la stessa parola, per esempio «su». Molti pappagallini salgono spontaneamente: premiatelo subito.</li>
<li><strong>Fuori dalla gabbia</strong>: solo quando sale sul dito con sicurezza potrete provare a fargli fare qualche passo fuori, sempre in una stanza sicura.</li>
</ol>
<p>Sessioni brevi, di pochi minuti, ripetute più volte al giorno danno risultati migliori di lunghi tentativi. Non afferrate mai il pappagallino per prenderlo e non inseguitelo con la mano dentro la gabbia: anche un solo episodio spiacevole può farvi fare molti passi indietro.</p>

<h2>Il volo libero in sicurezza</h2>
<p>Un pappagallino ha bisogno di volare ogni giorno fuori dalla gabbia. Prima di aprirla, però, la stanza va preparata con attenzione:</p>
<ul>
<li>chiudete porte e finestre e spegnete i ventilatori a soffitto;</li>
<li>coprite almeno inizialmente specchi e grandi vetrate, che l'uccello potrebbe non vedere;</li>
<li>togliete pentole sul fuoco, tazze e vasi pieni d'acqua in cui potrebbe cadere;</li>
<li>allontanate cavi elettrici, piante tossiche e altri animali di casa, compresi gatti e cani apparentemente tranquilli.</li>
</ul>
<p>Per farlo rientrare, la strategia più semplice è sfruttare l'appetito: se il cibo preferito si trova solo in gabbia, sarà lui stesso a tornarci.</p>

<h2>Parlare e imitare</h2>
<p>Molti pappagallini ondulati, soprattutto i maschi, imparano a imitare suoni e parole. Ripetere frasi brevi con tono allegro, nelle situazioni in cui hanno un significato, come un saluto al mattino, favorisce l'apprendimento. Non tutti però parlano, e un pappagallino che non impara parole non è meno intelligente o meno affettuoso. La sua voce naturale, fatta di cinguettii e chiacchiericcio, è già un segnale di benessere.</p>

<h2>Alimentazione e salute</h2>
<p>Accanto a una miscela di semi di qualità o a un alimento estruso specifico, offrite ogni giorno verdure fresche, qualche pezzetto di frutta e un osso di seppia. L'avocado è tossico e va escluso. Un pappagallino ondulato ben tenuto può vivere dieci anni e più.</p>
<blockquote>Piume arruffate per molto tempo, sonnolenza durante il giorno, respiro faticoso, secrezioni dalle narici o cambiamenti nelle feci sono motivi per rivolgersi rapidamente a un veterinario esperto in uccelli.</blockquote>
<p>Con pazienza, rispetto dei suoi tempi e tante piccole esperienze positive, il pappagallino imparerà a considerarvi parte del suo stormo.</p>
`,
    metaTitle: "Pappagallino ondulato: come conquistarne la fiducia",
    metaDescription:
      "Ambientamento, avvicinamento con il panìco, salita sul dito e volo libero sicuro: come socializzare il pappagallino ondulato con pazienza e rispetto.",
    image: "budgie",
    daysAgo: 58,
    views: 980,
  },
  {
    slug: "allestire-acquario-acqua-dolce-principianti",
    title: "Il primo acquario d'acqua dolce: come allestirlo senza errori",
    excerpt:
      "Scelta della vasca, filtro, riscaldatore, maturazione e inserimento dei pesci: la guida passo passo per avviare un acquario tropicale d'acqua dolce.",
    categorySlug: "pesci",
    content: `
<p>Un acquario ben allestito è un piccolo ecosistema che porta in casa colore, movimento e un senso di calma. Per chi comincia, però, è facile commettere errori che costano la vita ai pesci nelle prime settimane. Quasi sempre il problema non è la scarsa cura, ma la fretta. In questa guida vediamo come avviare correttamente un acquario tropicale d'acqua dolce, il punto di partenza più indicato per i principianti.</p>

<h2>Più grande è, più è facile</h2>
<p>Può sembrare strano, ma una vasca grande è più semplice da gestire di una piccola. In un volume d'acqua maggiore la temperatura e i valori chimici cambiano più lentamente e un piccolo errore, come un eccesso di cibo, ha conseguenze meno gravi. Per iniziare è consigliabile una vasca da <strong>almeno sessanta litri</strong>; i cosiddetti «acquari da scrivania» di pochi litri sono adatti solo a esperti e a pochissime specie.</p>
<p>Prima dell'acquisto pensate al peso: ogni litro d'acqua pesa circa un chilo, a cui vanno aggiunti vetro, fondo e arredi. Serve un mobile robusto e perfettamente in piano, in una posizione lontana da finestre con sole diretto, che favorisce le alghe, e da fonti di calore come i termosifoni.</p>

<h2>L'attrezzatura essenziale</h2>
<ul>
<li><strong>Filtro</strong>: è il cuore dell'acquario. Non serve solo a trattenere le particelle in sospensione, ma soprattutto a ospitare i batteri che rendono l'acqua abitabile.</li>
<li><strong>Riscaldatore con termostato</strong>: la maggior parte dei pesci tropicali comuni vive bene tra 24 e 26 gradi. Un termometro vi permetterà di controllare che la temperatura sia stabile.</li>
<li><strong>Illuminazione</strong>: indispensabile per le piante. Otto-dieci ore al giorno sono sufficienti; periodi più lunghi favoriscono la crescita delle alghe. Un timer semplifica la gestione.</li>
<li><strong>Fondo e piante</strong>: ghiaietto o sabbia non taglienti e, se volete piante vere, un fondo fertile. Le piante vive assorbono parte delle sostanze di rifiuto e competono con le alghe.</li>
<li><strong>Biocondizionatore</strong>: neutralizza il cloro e le clorammine dell'acqua di rubinetto, dannosi per pesci e batteri.</li>
<li><strong>Test dell'acqua</strong>: almeno quelli per ammoniaca, nitriti, nitrati e pH.</li>
</ul>

<h2>Il ciclo dell'azoto, spiegato semplice</h2>
<p>I pesci producono continuamente ammoniaca, con la respirazione e con le feci, e altra ne deriva dal cibo avanzato che si decompone. L'ammoniaca è tossica anche a basse concentrazioni. In un acquario maturo, alcuni batteri la trasformano in <strong>nitriti</strong>, anch'essi tossici, e altri batteri trasformano i nitriti in <strong>nitrati</strong>, molto meno dannosi, che vengono assorbiti in parte dalle piante ed eliminati con i cambi d'acqua.</p>
<p>Questi batteri benefici vivono soprattutto nei materiali filtranti e sulle superfici della vasca. In un acquario appena allestito non ci sono ancora, e ci vogliono settimane perché si sviluppino in quantità sufficiente. Questo processo si chiama <strong>maturazione</strong>.</p>

<h2>Allestimento passo passo</h2>
<ol>
<li>Lavate fondo e decorazioni solo con acqua, senza detersivi.</li>
<li>Disponete il fondo, le rocce e i legni, verificando che siano stabili e adatti all'uso in acquario.</li>
<li>Riempite lentamente con acqua trattata con il biocondizionatore, appoggiando un piatto sul fondo per non smuoverlo.</li>
<li>Inserite le piante, poi accendete filtro e riscaldatore.</li>
<li>Lasciate maturare l'acquario per tre-sei settimane, seguendo le indicazioni del negoziante o utilizzando attivatori batterici, e controllate i valori con i test.</li>
</ol>
<p>L'acquario è pronto quando ammoniaca e nitriti risultano stabilmente a zero e i nitrati sono presenti. Solo a quel punto è il momento dei pesci.</p>

<h2>Scegliere e inserire i pesci</h2>
<p>Informatevi prima dell'acquisto su ogni specie: dimensioni da adulto, temperatura e durezza dell'acqua preferite, carattere, necessità di vivere in gruppo. Molti pesci di comunità, come diversi tetra e rasbore, stanno bene solo in gruppi numerosi; altri sono territoriali o diventano troppo grandi per una vasca domestica. Non fidatevi delle dimensioni che hanno in negozio: molti vengono venduti giovanissimi.</p>
<p>Inserite i pesci <strong>pochi alla volta</strong>, a distanza di una o due settimane, per dare tempo alla colonia batterica di adattarsi al carico crescente. Per l'ambientamento, fate galleggiare il sacchetto chiuso per una ventina di minuti in modo che la temperatura si equilibri, poi trasferite i pesci con un retino evitando di versare in vasca l'acqua del negozio.</p>

<h2>La manutenzione ordinaria</h2>
<ul>
<li><strong>Cibo</strong>: poco e spesso. Somministrate solo ciò che i pesci consumano in un paio di minuti: il cibo in eccesso inquina l'acqua.</li>
<li><strong>Cambi parziali</strong>: ogni settimana sostituite circa il 10-20% dell'acqua con acqua trattata alla stessa temperatura, aspirando lo sporco dal fondo.</li>
<li><strong>Filtro</strong>: quando si intasa, sciacquate i materiali filtranti nell'acqua tolta dall'acquario, mai sotto il rubinetto, per non uccidere i batteri. Non cambiate tutte le spugne insieme.</li>
</ul>

<blockquote>In acquario la pazienza è la qualità più importante: i problemi arrivano quasi sempre in fretta, le soluzioni funzionano lentamente.</blockquote>

<p>Un'ultima regola, fondamentale: i pesci d'acquario non vanno mai liberati in fiumi, laghi o canali. Oltre a essere vietato, può introdurre specie invasive e malattie che danneggiano gravemente la fauna locale. Se non potete più occuparvene, rivolgetevi a un negozio specializzato o a un'associazione di acquariofili.</p>
`,
    metaTitle: "Acquario d'acqua dolce: guida per principianti",
    metaDescription:
      "Scelta della vasca, attrezzatura, ciclo dell'azoto, maturazione e inserimento graduale dei pesci: come avviare un acquario d'acqua dolce senza errori.",
    image: "aquarium",
    daysAgo: 72,
    views: 1560,
  },
  {
    slug: "pesce-rosso-falsi-miti",
    title: "Pesce rosso: sette falsi miti da sfatare una volta per tutte",
    excerpt:
      "Memoria di tre secondi, boccia di vetro, crescita «su misura»: i luoghi comuni sul pesce rosso e che cosa serve davvero per farlo vivere bene.",
    categorySlug: "pesci",
    content: `
<p>Il pesce rosso, <em>Carassius auratus</em>, è probabilmente l'animale da compagnia più sottovalutato. Viene spesso considerato un oggetto decorativo, vinto a una fiera o comprato per pochi euro, a cui basta una boccia d'acqua e un pizzico di mangime. In realtà è un pesce robusto, longevo e sorprendentemente intelligente, che merita le stesse attenzioni di qualsiasi altro animale. Vediamo i luoghi comuni più diffusi e che cosa dice davvero l'esperienza degli acquariofili e dei veterinari.</p>

<h2>Mito 1: «Ha una memoria di tre secondi»</h2>
<p>È forse la leggenda più famosa, ed è falsa. Diversi studi hanno mostrato che i pesci rossi possono ricordare associazioni per settimane o mesi: imparano a riconoscere l'ora del pasto, la persona che li nutre, segnali sonori o luminosi legati al cibo. Con un po' di pazienza possono persino essere addestrati a compiere semplici percorsi. Un animale che apprende e ricorda ha bisogno di un ambiente che offra stimoli, non di una vasca spoglia.</p>

<h2>Mito 2: «La boccia di vetro va benissimo»</h2>
<p>La classica boccia sferica è uno degli ambienti peggiori per un pesce. Il volume d'acqua è troppo ridotto, la superficie di scambio con l'aria è piccola e quindi l'ossigenazione è scarsa, non c'è spazio per un filtro efficiente e la forma curva deforma la visione dell'esterno. Non a caso, alcuni comuni italiani hanno vietato nei propri regolamenti sul benessere animale la detenzione di pesci in bocce sferiche o la loro distribuzione come premio nelle fiere.</p>

<h2>Mito 3: «Cresce in base alla dimensione della vasca»</h2>
<p>Un pesce rosso comune, in buone condizioni, può superare i venti centimetri di lunghezza; alcune varietà diventano anche più grandi. È vero che in una vasca piccola spesso resta minuto, ma non perché si «adatti»: la crescita rallenta a causa dell'acqua inquinata e dello stress cronico, mentre gli organi interni possono continuare a svilupparsi in modo anomalo. Un pesce rachitico non è un pesce in miniatura, è un pesce malato.</p>

<h2>Mito 4: «Vive solo qualche anno»</h2>
<p>Molti pesci rossi muoiono dopo pochi mesi, e questo ha alimentato l'idea che siano animali di breve durata. In realtà, in condizioni adeguate, un pesce rosso può vivere <strong>dieci-quindici anni</strong> e talvolta anche di più. Prima di prenderlo, quindi, è bene considerarlo un impegno a lungo termine.</p>

<h2>Mito 5: «È un pesce d'acqua fredda, quindi non serve nulla»</h2>
<p>È vero che il pesce rosso non ha bisogno di un riscaldatore nella maggior parte delle case italiane, ma questo non significa che non abbia esigenze. Produce molte sostanze di rifiuto e sporca l'acqua più di tanti pesci tropicali della stessa taglia. Ha bisogno di:</p>
<ul>
<li>un <strong>filtro</strong> adeguato al volume, che ospiti i batteri necessari a trasformare l'ammoniaca in sostanze meno tossiche;</li>
<li>un <strong>volume d'acqua generoso</strong>: per una coppia delle varietà ornamentali si consiglia in genere una vasca di almeno cento litri, mentre i pesci rossi comuni, più grandi e veloci, stanno meglio in un laghetto da giardino;</li>
<li>una buona <strong>ossigenazione</strong> e un ambiente stabile, senza sbalzi bruschi di temperatura.</li>
</ul>

<h2>Mito 6: «Per pulire basta cambiare tutta l'acqua»</h2>
<p>Svuotare completamente la vasca e riempirla di acqua nuova è un errore molto comune e molto dannoso. In questo modo si eliminano gran parte dei batteri utili e si sottopone il pesce a un cambiamento improvviso di temperatura e di parametri chimici. La manutenzione corretta prevede <strong>cambi parziali</strong> regolari, di solito il 20-30% ogni settimana, con acqua trattata con un biocondizionatore e portata alla stessa temperatura di quella della vasca. I materiali del filtro vanno sciacquati nell'acqua prelevata dalla vasca, non sotto il rubinetto.</p>

<h2>Mito 7: «Ha sempre fame, quindi va nutrito spesso»</h2>
<p>Il pesce rosso sembra sempre affamato: si avvicina alla superficie appena vede qualcuno e fruga continuamente sul fondo. È il suo comportamento naturale, non un segnale di fame reale. Il cibo in eccesso inquina l'acqua e può causare problemi digestivi, in particolare nelle varietà dal corpo tondeggiante, soggette a disturbi di galleggiamento. Una o due piccole somministrazioni al giorno di un mangime specifico, da consumare in pochi minuti, sono sufficienti. Si possono integrare con verdure sbollentate, come piselli sgusciati o zucchine, che aiutano la digestione.</p>

<h2>Compagnia e convivenza</h2>
<p>Il pesce rosso è un animale sociale e vive meglio in piccoli gruppi. Attenzione però ad accostare varietà molto diverse: i pesci rossi comuni e le cometa sono veloci e voraci, mentre le varietà ornamentali come oranda, testa di leone o occhi a telescopio nuotano lentamente e rischiano di restare senza cibo. Non vanno inoltre tenuti insieme ai pesci tropicali, che richiedono temperature più alte.</p>

<blockquote>Un pesce rosso in salute ha colori vivaci, pinne distese, nuota attivamente e mangia con interesse. Pinne chiuse, puntini bianchi sul corpo, difficoltà a stare in equilibrio o respirazione affannosa in superficie sono segnali di allarme.</blockquote>

<p>In questi casi, prima di tutto controllate i valori dell'acqua: molte malattie dipendono da un ambiente inadeguato. Se la situazione non migliora, chiedete il parere di un veterinario esperto in pesci, evitando di somministrare farmaci a caso. E ricordate: un pesce rosso non deve mai essere liberato in stagni, fiumi o laghi, dove diventa una specie invasiva capace di danneggiare gli ecosistemi naturali.</p>
`,
    metaTitle: "Pesce rosso: 7 falsi miti da sfatare",
    metaDescription:
      "Memoria di tre secondi, boccia di vetro, crescita su misura: sfatiamo i miti sul pesce rosso e vediamo di che cosa ha davvero bisogno per vivere a lungo.",
    image: "goldfish",
    daysAgo: 86,
    views: 2210,
  },
  {
    slug: "vaccinazioni-cane-e-gatto-calendario",
    title: "Vaccinazioni di cane e gatto: il calendario spiegato in modo semplice",
    excerpt:
      "Quali vaccini sono essenziali, quando iniziare con cuccioli e gattini, ogni quanto fare i richiami e cosa serve per viaggiare all'estero.",
    categorySlug: "salute",
    content: `
<p>Le vaccinazioni sono uno degli strumenti più efficaci per proteggere la salute dei nostri animali. Grazie a esse malattie un tempo molto diffuse e spesso mortali, come la parvovirosi nel cane o la panleucopenia nel gatto, sono diventate molto meno frequenti. Non sono però scomparse: circolano ancora, e colpiscono soprattutto gli animali non vaccinati o vaccinati in modo incompleto. Vediamo come funziona il calendario vaccinale, tenendo presente che ogni programma va personalizzato dal veterinario in base all'età, allo stile di vita e alla zona in cui vive l'animale.</p>

<h2>Vaccini essenziali e vaccini facoltativi</h2>
<p>Le linee guida internazionali distinguono tra vaccini <strong>essenziali</strong>, raccomandati per tutti gli animali perché proteggono da malattie gravi e diffuse, e vaccini <strong>non essenziali</strong>, consigliati solo in base al rischio individuale. Questa distinzione permette di vaccinare ciascun animale per ciò di cui ha davvero bisogno, evitando sia le lacune sia le somministrazioni superflue.</p>

<h2>Il cane</h2>
<h3>I vaccini essenziali</h3>
<ul>
<li><strong>Cimurro</strong>: malattia virale che può colpire l'apparato respiratorio, intestinale e il sistema nervoso.</li>
<li><strong>Parvovirosi</strong>: provoca gravi forme di gastroenterite, particolarmente pericolose nei cuccioli.</li>
<li><strong>Epatite infettiva</strong>: causata da un adenovirus, colpisce soprattutto il fegato.</li>
</ul>
<p>In Italia molti veterinari considerano di fatto essenziale anche la vaccinazione contro la <strong>leptospirosi</strong>, una malattia batterica trasmessa attraverso l'urina di animali infetti, in particolare i ratti, e presente in acque stagnanti, pozzanghere e terreni umidi. È una zoonosi, cioè può essere trasmessa anche all'uomo.</p>
<h3>Il programma per il cucciolo</h3>
<p>Il cucciolo nasce con una protezione temporanea trasmessa dalla madre attraverso il colostro. Questi anticorpi materni, però, possono anche interferire con l'efficacia del vaccino, e non si sa con precisione quando scompaiano. Per questo si eseguono più somministrazioni:</p>
<ol>
<li>la prima intorno alle sei-otto settimane di età;</li>
<li>i richiami ogni tre-quattro settimane, fino alle sedici settimane o oltre;</li>
<li>un ulteriore richiamo tra i sei mesi e l'anno di età, secondo il protocollo scelto dal veterinario.</li>
</ol>
<p>Successivamente, per cimurro, parvovirosi ed epatite i richiami possono essere distanziati anche di tre anni, mentre la protezione contro la leptospirosi dura meno e va rinnovata ogni anno.</p>
<h3>I vaccini legati allo stile di vita</h3>
<p>Altri vaccini possono essere consigliati in situazioni specifiche: contro la tosse dei canili, per i cani che frequentano pensioni, asili o gruppi di addestramento; contro la leishmaniosi, malattia trasmessa dai pappataci e presente in molte regioni italiane, da valutare insieme alla prevenzione con prodotti repellenti. Anche la vaccinazione antirabbica non è obbligatoria di routine su tutto il territorio nazionale, ma è indispensabile per espatriare e può essere resa obbligatoria dalle autorità sanitarie in particolari situazioni.</p>

<h2>Il gatto</h2>
<h3>I vaccini essenziali</h3>
<ul>
<li><strong>Panleucopenia</strong>: grave malattia virale che colpisce l'intestino e il midollo osseo, spesso mortale nei gattini.</li>
<li><strong>Herpesvirus e calicivirus</strong>: responsabili della cosiddetta influenza del gatto, con starnuti, secrezioni da occhi e naso, febbre e, nel caso del calicivirus, ulcere in bocca.</li>
</ul>
<p>Anche il gatto che vive esclusivamente in casa dovrebbe ricevere questi vaccini: il virus della panleucopenia è molto resistente nell'ambiente e può entrare in casa attraverso scarpe e vestiti.</p>
<h3>Il programma per il gattino</h3>
<p>Lo schema è simile a quello del cane: prima dose tra le sei e le otto settimane, richiami ogni tre-quattro settimane fino alle sedici settimane, poi un richiamo tra i sei mesi e l'anno. Successivamente il veterinario stabilirà la frequenza dei richiami in base al rischio, in genere tra uno e tre anni.</p>
<h3>La leucemia felina</h3>
<p>Il vaccino contro la leucemia felina (FeLV) è consigliato soprattutto per i gatti giovani che hanno accesso all'esterno o convivono con gatti che escono. Prima di vaccinare è opportuno un test per verificare che il gatto non sia già infetto.</p>

<h2>Viaggiare all'estero</h2>
<p>Per viaggiare con cane, gatto o furetto nei Paesi dell'Unione europea servono il <strong>microchip</strong>, il <strong>passaporto europeo per animali da compagnia</strong>, rilasciato dai servizi veterinari dell'ASL, e una vaccinazione antirabbica valida. Il vaccino può essere somministrato dalle dodici settimane di età e, dopo la prima vaccinazione, diventa valido ai fini del viaggio solo trascorsi ventuno giorni. Alcuni Paesi richiedono anche trattamenti antiparassitari specifici: informatevi con largo anticipo.</p>

<h2>Domande frequenti</h2>
<h3>Il vaccino ha effetti collaterali?</h3>
<p>Come ogni farmaco, può averne. Nella maggior parte dei casi si tratta di reazioni lievi e passeggere, come un po' di stanchezza, febbricola o un piccolo gonfiore nel punto di iniezione. Le reazioni gravi sono rare. Segnalate al veterinario qualsiasi reazione osservata dopo una vaccinazione precedente.</p>
<h3>Che cosa succede se salto un richiamo?</h3>
<p>Non è necessario ricominciare sempre da capo, ma è importante contattare il veterinario il prima possibile: sarà lui a valutare come recuperare il programma.</p>

<blockquote>La visita per il richiamo non è solo un'iniezione: è l'occasione per un controllo completo, che spesso permette di individuare in tempo problemi ai denti, al peso o alla pelle.</blockquote>

<p>Conservate con cura il libretto sanitario o il passaporto, annotate le scadenze e non esitate a chiedere al vostro veterinario di spiegarvi il perché di ogni vaccinazione proposta.</p>
`,
    metaTitle: "Vaccinazioni di cane e gatto: il calendario",
    metaDescription:
      "Vaccini essenziali e facoltativi per cane e gatto, calendario per cuccioli e gattini, richiami e vaccino antirabbico per viaggiare nell'Unione europea.",
    image: "vet-visit",
    daysAgo: 33,
    views: 3540,
  },
  {
    slug: "caldo-estivo-animali-colpo-di-calore",
    title: "Caldo estivo e animali domestici: come prevenire il colpo di calore",
    excerpt:
      "Orari delle passeggiate, asfalto rovente, auto parcheggiate e animali più a rischio: come proteggere cani, gatti e piccoli animali dal caldo.",
    categorySlug: "salute",
    content: `
<p>Le estati italiane sono sempre più lunghe e calde, e le ondate di calore mettono alla prova non solo le persone ma anche i nostri animali. Cani e gatti non sudano come noi: disperdono il calore soprattutto con il respiro, ansimando, e solo in minima parte attraverso i cuscinetti delle zampe. Quando la temperatura esterna è alta e l'aria è umida, questo sistema diventa poco efficiente e il rischio di <strong>colpo di calore</strong> aumenta. Si tratta di un'emergenza vera e propria, che può danneggiare gravemente gli organi interni e può essere fatale anche in poco tempo.</p>

<h2>Gli animali più a rischio</h2>
<ul>
<li><strong>Le razze brachicefale</strong>, cioè con il muso schiacciato, come bulldog francese e inglese, carlino, boxer, shih tzu e, tra i gatti, il persiano. Le loro vie respiratorie rendono difficile raffreddarsi ansimando.</li>
<li><strong>Cuccioli e animali anziani</strong>, che regolano meno efficacemente la temperatura corporea.</li>
<li><strong>Animali in sovrappeso</strong> o con malattie cardiache e respiratorie.</li>
<li><strong>Cani a pelo folto e scuro</strong> e quelli molto attivi che non sanno fermarsi, come molti cani da lavoro.</li>
<li><strong>Conigli, cavie e criceti</strong>, molto sensibili al caldo: per il coniglio le temperature superiori a 28 gradi circa sono già pericolose.</li>
</ul>

<h2>La regola numero uno: mai in auto</h2>
<p>Un'auto parcheggiata al sole si trasforma in pochi minuti in un forno. Anche con i finestrini leggermente aperti e in una giornata che non sembra torrida, la temperatura all'interno sale in fretta a valori pericolosi. Non lasciate mai un animale in macchina, nemmeno «solo per un attimo» per fare una commissione. Durante i viaggi, usate l'aria condizionata, fate soste frequenti all'ombra e portate sempre acqua fresca.</p>

<h2>Passeggiate: orari e asfalto</h2>
<p>D'estate le uscite lunghe vanno spostate al mattino presto e alla sera tardi, quando le temperature sono più basse. Nelle ore centrali bastano brevi uscite per i bisogni, preferendo zone d'ombra, parchi e prati.</p>
<p>L'asfalto e le pavimentazioni in pietra assorbono il calore e possono raggiungere temperature tali da ustionare i cuscinetti. Un test semplice: appoggiate il dorso della mano a terra per sette secondi. Se non riuscite a tenerla, è troppo caldo anche per le zampe del vostro cane.</p>
<p>Evitate l'attività fisica intensa, come corsa, bicicletta o lunghe sessioni di gioco con la pallina, nelle giornate calde. Molti cani, presi dall'entusiasmo, non si fermano finché non stanno male.</p>

<h2>In casa: fresco, ombra e acqua</h2>
<ol>
<li>Lasciate sempre a disposizione più ciotole di acqua fresca e pulita, cambiata spesso.</li>
<li>Tenete tapparelle e tende abbassate nelle ore più calde e garantite una zona fresca e ventilata, come un pavimento in piastrelle.</li>
<li>Un tappetino refrigerante o un asciugamano inumidito possono dare sollievo; alcuni cani apprezzano una piccola piscina per bambini in giardino, sempre all'ombra.</li>
<li>Per i gatti, lasciate libero l'accesso alle stanze più fresche e proteggete finestre e balconi con reti: d'estate aumentano le cadute.</li>
<li>Se l'animale vive in giardino o sul terrazzo, deve avere sempre a disposizione un riparo all'ombra per tutto il giorno, tenendo conto che il sole si sposta.</li>
</ol>
<p>Anche gli animali in gabbia o in vasca hanno bisogno di attenzione: la gabbia di uccelli, conigli e roditori non deve mai stare al sole diretto, e gli acquari vicini alle finestre possono surriscaldarsi. Per i conigli si può mettere nel recinto una bottiglia d'acqua congelata avvolta in un panno, contro cui appoggiarsi.</p>

<h2>Toelettatura: sì, ma con criterio</h2>
<p>Spazzolare spesso il cane aiuta a eliminare il sottopelo morto e a far circolare l'aria. Rasare a zero, invece, non è sempre una buona idea: in molte razze il mantello protegge dal sole e dalle scottature. Prima di tagliare il pelo chiedete consiglio al veterinario o a un toelettatore esperto. Le zone con pelo chiaro e rado, come naso e orecchie, possono scottarsi: esistono protezioni solari specifiche per animali.</p>

<h2>Riconoscere il colpo di calore</h2>
<p>I segnali da non sottovalutare sono:</p>
<ul>
<li>ansimare intenso e rumoroso, che non si calma a riposo;</li>
<li>salivazione abbondante, lingua e gengive di colore rosso scuro o, al contrario, pallide o violacee;</li>
<li>debolezza, andatura barcollante, confusione;</li>
<li>vomito o diarrea;</li>
<li>nei gatti e nei conigli, respirazione a bocca aperta, che è sempre un segnale d'allarme.</li>
</ul>

<h2>Cosa fare in attesa del veterinario</h2>
<p>Il tempo è fondamentale. Portate subito l'animale in un luogo fresco e all'ombra e chiamate il veterinario. Nel frattempo bagnatelo con acqua fresca, ma non gelida, insistendo su ventre, inguine, ascelle e zampe, e favorite la ventilazione. Non coprite l'animale con asciugamani bagnati, che trattengono il calore, e non usate ghiaccio, che restringe i vasi sanguigni e rallenta la dispersione del calore. Offrite acqua da bere solo se è cosciente e in grado di deglutire, senza forzarlo.</p>

<blockquote>Anche se l'animale sembra riprendersi rapidamente, portatelo comunque dal veterinario: i danni interni del colpo di calore possono manifestarsi nelle ore successive.</blockquote>

<p>Con qualche attenzione in più, l'estate può restare una stagione piacevole anche per i nostri compagni a quattro zampe.</p>
`,
    metaTitle: "Caldo estivo e animali: prevenire il colpo di calore",
    metaDescription:
      "Auto, asfalto rovente, orari delle passeggiate e animali più a rischio: come proteggere gli animali dal caldo e riconoscere un colpo di calore.",
    image: "pet-home",
    daysAgo: 2,
    views: 1875,
  },
  {
    slug: "zecche-e-pulci-prevenzione-cane-gatto",
    title: "Zecche e pulci: come proteggere cane e gatto tutto l'anno",
    excerpt:
      "Malattie trasmesse, scelta dell'antiparassitario, come togliere una zecca nel modo giusto e come liberare la casa dalle pulci: la guida alla prevenzione.",
    categorySlug: "salute",
    content: `
<p>Zecche e pulci non sono solo un fastidio. Oltre a causare prurito e irritazioni, possono trasmettere malattie anche gravi agli animali e, in alcuni casi, alle persone. Un tempo si pensava ai parassiti solo in primavera ed estate; oggi, complici inverni più miti e case riscaldate, molti veterinari consigliano una protezione continuativa durante tutto l'anno, o comunque per gran parte di esso. Vediamo come impostare una prevenzione efficace e sicura.</p>

<h2>Le zecche</h2>
<p>Le zecche sono acari che vivono nell'erba alta, nei cespugli e nel sottobosco, ma anche nei parchi cittadini e nei giardini. Attendono il passaggio di un animale, vi si aggrappano e si fissano alla pelle per nutrirsi di sangue, anche per diversi giorni. Durante il pasto possono trasmettere microrganismi responsabili di malattie come:</p>
<ul>
<li><strong>ehrlichiosi</strong> e <strong>anaplasmosi</strong>, che possono causare febbre, abbattimento e alterazioni del sangue;</li>
<li><strong>babesiosi</strong>, che distrugge i globuli rossi;</li>
<li><strong>borreliosi</strong> o malattia di Lyme, trasmissibile anche all'uomo attraverso la puntura della zecca;</li>
<li>alcune <strong>rickettsiosi</strong>.</li>
</ul>
<p>Il rischio di trasmissione aumenta con il tempo di permanenza della zecca sull'animale: per questo è così importante prevenire l'attacco e rimuovere rapidamente i parassiti.</p>

<h3>Il controllo dopo la passeggiata</h3>
<p>Dopo ogni uscita in campagna, in collina o nei parchi, passate le mani su tutto il corpo del cane, con particolare attenzione a testa, orecchie, collo, ascelle, inguine e spazi tra le dita. Le zecche piccole sono facili da confondere con un neo: guardate con attenzione e, nel dubbio, chiedete al veterinario.</p>

<h3>Come togliere una zecca</h3>
<ol>
<li>Usate uno strumento apposito, come un uncino levazecche o una pinzetta a punte sottili.</li>
<li>Afferrate la zecca il più vicino possibile alla pelle, senza schiacciarne il corpo.</li>
<li>Estraetela con un movimento lento e costante; con l'uncino, ruotate delicatamente mentre tirate.</li>
<li>Disinfettate la zona e lavatevi bene le mani.</li>
<li>Osservate il punto nei giorni successivi e annotate la data: se compaiono febbre, stanchezza o inappetenza, avvisate il veterinario.</li>
</ol>
<p>Non applicate olio, alcol, etere, smalto o calore sulla zecca prima di rimuoverla: questi rimedi casalinghi possono irritare il parassita e aumentare il rischio che rigurgiti nella ferita, favorendo la trasmissione di infezioni.</p>

<h2>Le pulci</h2>
<p>La pulce adulta che vediamo sull'animale è solo la punta dell'iceberg. Le femmine depongono un gran numero di uova, che cadono nell'ambiente: nella cuccia, sui tappeti, tra le fessure del pavimento, sui divani. Da lì nascono larve che si nascondono al buio e diventano pupe, protette da un bozzolo che può resistere per settimane o mesi prima che ne esca un nuovo adulto. Si stima che le pulci adulte rappresentino appena una piccola percentuale dell'intera popolazione presente in una casa infestata.</p>
<p>Le pulci possono causare:</p>
<ul>
<li>intenso prurito e, negli animali sensibili, la <strong>dermatite allergica da pulci</strong>, con perdita di pelo e lesioni cutanee;</li>
<li>anemia nei cuccioli, nei gattini e negli animali debilitati, in caso di infestazioni massicce;</li>
<li>la trasmissione di un verme intestinale, il <em>Dipylidium caninum</em>, che l'animale contrae ingerendo le pulci mentre si lecca.</li>
</ul>
<h3>Liberare la casa</h3>
<p>Se trovate pulci, trattate <strong>tutti gli animali di casa</strong>, anche quelli che sembrano non averne, con prodotti prescritti o consigliati dal veterinario. Nel frattempo passate l'aspirapolvere con frequenza su pavimenti, tappeti, divani e angoli, svuotando subito il sacchetto o il contenitore, e lavate coperte e cucce ad alta temperatura. Servono costanza e pazienza: a causa del ciclo vitale, nuove pulci possono comparire per alcune settimane anche con un trattamento corretto.</p>

<h2>Scegliere l'antiparassitario</h2>
<p>Esistono antiparassitari in diverse forme: pipette spot-on da applicare sulla pelle, collari a lento rilascio, compresse masticabili. Alcuni agiscono anche come repellenti, impedendo o riducendo le punture; altri eliminano il parassita dopo che ha iniziato a nutrirsi. La scelta va fatta con il veterinario, tenendo conto di specie, peso, età, stato di salute, stile di vita e zona in cui si vive.</p>

<blockquote>Attenzione: alcuni antiparassitari per cani contengono permetrina o altre sostanze molto tossiche per il gatto. Non usate mai sul gatto un prodotto per cani e fate attenzione al contatto stretto tra un cane appena trattato e il gatto di casa.</blockquote>

<p>Rispettate sempre la fascia di peso indicata sulla confezione: dividere una pipetta o usare il prodotto del cane grande sul cane piccolo può causare sovradosaggi o, al contrario, una protezione insufficiente.</p>

<h2>Zanzare e pappataci: l'altra metà della prevenzione</h2>
<p>In Italia la prevenzione estiva non riguarda solo zecche e pulci. Le zanzare trasmettono la <strong>filariosi cardiopolmonare</strong>, diffusa soprattutto nella Pianura Padana, mentre i pappataci trasmettono la <strong>leishmaniosi</strong>, presente in molte regioni, specialmente lungo le coste e al Centro-Sud ma in espansione anche al Nord. Il veterinario potrà consigliare un piano completo, che spesso combina repellenti, farmaci preventivi e, quando indicato, test periodici.</p>
<p>Una buona prevenzione costa molto meno, in termini di salute e di spese, della cura di una malattia trasmessa da parassiti. Programmatela all'inizio dell'anno con il vostro veterinario e segnate le scadenze sul calendario.</p>
`,
    metaTitle: "Zecche e pulci: prevenzione per cane e gatto",
    metaDescription:
      "Malattie trasmesse da zecche e pulci, come rimuovere una zecca, come liberare la casa dalle pulci e come scegliere l'antiparassitario in sicurezza.",
    image: "dog-portrait",
    daysAgo: 47,
    views: 2730,
  },
  {
    slug: "come-leggere-etichetta-cibo-cane-gatto",
    title: "Come leggere l'etichetta degli alimenti per cani e gatti",
    excerpt:
      "Alimento completo o complementare, composizione, componenti analitici e diciture come «con pollo»: impariamo a decifrare l'etichetta del pet food.",
    categorySlug: "alimentazione",
    content: `
<p>Davanti agli scaffali di un negozio di animali la scelta è enorme: confezioni colorate, immagini di carne fresca e verdure, promesse di benessere, pelo lucido e digestione perfetta. Per scegliere con consapevolezza bisogna però girare la confezione e leggere la parte meno appariscente: l'etichetta obbligatoria. Nell'Unione europea il suo contenuto è regolato dal Regolamento (CE) n. 767/2009 e, per alcuni aspetti, da un codice di buone pratiche adottato dal settore. Con qualche nozione di base diventa molto più facile confrontare prodotti diversi.</p>

<h2>Completo o complementare?</h2>
<p>È la prima informazione da cercare. Un alimento <strong>completo</strong> è formulato per coprire da solo tutti i fabbisogni nutrizionali dell'animale, se somministrato nelle quantità indicate. Un alimento <strong>complementare</strong>, invece, non basta da solo e va abbinato ad altri alimenti: rientrano in questa categoria snack, biscotti e molte scatolette che sembrano pasti ma, per esempio, sono composte solo da carne o pesce. Nutrire il proprio animale esclusivamente con un alimento complementare porta nel tempo a squilibri e carenze.</p>
<p>L'etichetta indica anche la specie e spesso la fase di vita a cui il prodotto è destinato: cucciolo, adulto, anziano, gatto sterilizzato. Non sono differenze di marketing: un alimento per la crescita ha un contenuto di energia, proteine e minerali diverso da uno per adulti.</p>

<h2>La composizione</h2>
<p>La composizione elenca gli ingredienti in <strong>ordine decrescente di peso</strong>. Gli ingredienti possono essere indicati singolarmente, come «pollo», «riso», «olio di salmone», oppure per categorie previste dalla normativa, come «carni e derivati», «cereali», «sottoprodotti di origine vegetale». L'indicazione per categorie è legale, ma offre meno informazioni sulla ricetta esatta.</p>
<h3>Le diciture che contano</h3>
<p>Il nome del prodotto e le scritte in evidenza possono essere fuorvianti se non si conoscono le regole. Secondo il codice di buone pratiche di etichettatura del settore, per esempio:</p>
<ul>
<li><strong>«Aromatizzato al pollo»</strong> o «al gusto di pollo» indica che il pollo è presente in quantità sufficiente a caratterizzare il sapore, ma può essere molto poco;</li>
<li><strong>«Con pollo»</strong> richiede almeno il 4% circa di quell'ingrediente;</li>
<li><strong>«Ricco di pollo»</strong> o espressioni simili richiedono una percentuale più alta, almeno il 14%.</li>
</ul>
<p>Quando un ingrediente è messo in evidenza sulla confezione, con parole o immagini, la sua percentuale deve essere dichiarata. Vale la pena cercarla.</p>
<h3>Sottoprodotti: da temere?</h3>
<p>La parola «sottoprodotti» spaventa molti proprietari, ma in questo contesto indica parti provenienti da animali macellati e idonei al consumo umano che però, per abitudine o per ragioni commerciali, non finiscono sulle nostre tavole, come organi interni, fegato, cuore e polmoni. Alcuni di questi tessuti sono molto nutrienti. La qualità dipende dalla materia prima e dalla lavorazione, non dall'etichetta in sé.</p>

<h2>I componenti analitici</h2>
<p>Questa sezione riporta le percentuali di <strong>proteina grezza</strong>, <strong>grassi grezzi</strong>, <strong>fibra grezza</strong> e <strong>ceneri grezze</strong>, cioè la quota minerale che resta dopo la combustione del campione in laboratorio. Il termine «grezzo» si riferisce al metodo di analisi e non ha nulla a che vedere con la qualità. Quando l'umidità supera il 14%, deve essere dichiarata anch'essa.</p>
<h3>Confrontare umido e secco</h3>
<p>Un errore comune è confrontare direttamente i valori di un umido e di un secco. Le percentuali si riferiscono al prodotto tal quale, quindi acqua compresa. Per un confronto corretto bisogna ragionare sulla <strong>sostanza secca</strong>:</p>
<ol>
<li>sottraete l'umidità da 100 per ottenere la sostanza secca;</li>
<li>dividete la percentuale del nutriente per la sostanza secca e moltiplicate per 100.</li>
</ol>
<p>Un esempio: un umido con il 10% di proteine e l'80% di umidità contiene il 50% di proteine sulla sostanza secca (10 diviso 20, per 100). Un secco con il 30% di proteine e il 10% di umidità ne contiene circa il 33%. L'umido che sembrava più povero, in realtà, è più proteico.</p>

<h2>Additivi, lotto e scadenza</h2>
<p>Gli <strong>additivi</strong> comprendono vitamine, oligoelementi, aminoacidi come la taurina, conservanti e antiossidanti. Sono autorizzati a livello europeo dopo valutazioni di sicurezza e molti sono indispensabili per rendere un alimento completo. Sull'etichetta trovate inoltre il termine minimo di conservazione, il numero di lotto, il peso netto, i dati del produttore e le <strong>istruzioni d'uso</strong>, con le dosi giornaliere consigliate.</p>
<p>Le dosi indicate sono un punto di partenza, calcolato su un animale medio. Un cane sterilizzato e sedentario può averne bisogno di meno, un cane sportivo di più. Il modo migliore per capire se la quantità è corretta è pesare l'animale regolarmente e valutarne la condizione corporea con il veterinario.</p>

<h2>Le mode da prendere con cautela</h2>
<p>Formule come «senza cereali», «naturale» o «olistico» non garantiscono di per sé un alimento migliore. Le allergie ai cereali sono meno frequenti di quanto si pensi, e nei rari casi di allergia alimentare sono più spesso coinvolte le proteine animali. Negli Stati Uniti è stata inoltre indagata una possibile associazione tra alcune diete senza cereali ricche di legumi e una malattia del cuore del cane, la cardiomiopatia dilatativa: la questione è ancora oggetto di studio.</p>

<blockquote>Un buon alimento è quello completo, adatto alla specie e alla fase di vita, che l'animale mangia volentieri e con cui mantiene peso, energia, pelo e digestione in buone condizioni.</blockquote>

<p>Gli alimenti dietetici, formulati per esigenze particolari come malattie renali, calcoli urinari o disturbi digestivi, vanno sempre utilizzati sotto controllo veterinario. In caso di dubbio, portate l'etichetta alla prossima visita: il veterinario vi aiuterà a interpretarla.</p>
`,
    metaTitle: "Etichetta del cibo per cani e gatti: come leggerla",
    metaDescription:
      "Alimento completo o complementare, composizione, componenti analitici, sostanza secca e diciture come «con pollo»: come leggere l'etichetta del pet food.",
    image: "pet-food",
    daysAgo: 64,
    views: 1390,
  },
  {
    slug: "addestramento-rinforzo-positivo-basi",
    title: "Rinforzo positivo: le basi per educare il cane con metodo e gentilezza",
    excerpt:
      "Segnale marcatore, tempismo, premi giusti e sessioni brevi: i principi del rinforzo positivo spiegati con un esempio pratico, il «seduto».",
    categorySlug: "educazione",
    content: `
<p>Negli ultimi decenni la ricerca scientifica sull'apprendimento animale ha cambiato profondamente il modo di educare i cani. Oggi sappiamo che i metodi basati sul <strong>rinforzo positivo</strong> sono efficaci, duraturi e migliorano la relazione tra cane e persona, mentre quelli basati su punizioni fisiche e strumenti che causano dolore o paura sono associati a più stress e a un maggior rischio di problemi di comportamento, inclusa l'aggressività. Vediamo i principi fondamentali per applicarlo nella vita di tutti i giorni.</p>

<h2>Che cos'è il rinforzo positivo</h2>
<p>Il principio è semplice: un comportamento seguito da una conseguenza piacevole tende a ripetersi. Se il cane si siede e subito dopo riceve un bocconcino, sarà più propenso a sedersi di nuovo. In termini tecnici, «positivo» significa che aggiungiamo qualcosa, e «rinforzo» che quel qualcosa rende più probabile il comportamento. Non si tratta di assecondare ogni capriccio, ma di mostrare al cane, in modo chiaro, quali comportamenti gli convengono.</p>
<p>Il rinforzo positivo non significa assenza di regole. Significa stabilirle comunicando al cane che cosa fare, invece di limitarsi a punirlo per ciò che non deve fare.</p>

<h2>Gli strumenti del mestiere</h2>
<h3>Il segnale marcatore</h3>
<p>Il problema più comune nell'educazione è il tempismo: tra il momento in cui il cane fa la cosa giusta e quello in cui riceve il premio passano spesso alcuni secondi, e nel frattempo potrebbe aver fatto altro. Il <strong>marcatore</strong> risolve questo problema. Può essere il suono di un clicker o una parola breve e sempre uguale, come «sì», pronunciata sempre con lo stesso tono. Per caricarlo di significato, pronunciatelo e date subito un bocconcino, ripetendo una decina di volte per qualche sessione: il cane imparerà che quel suono annuncia una cosa bella. Da quel momento il marcatore diventa una «fotografia» del comportamento corretto.</p>
<h3>I premi giusti</h3>
<p>Il premio lo sceglie il cane, non noi. Per la maggior parte dei cani il cibo è il rinforzo più pratico, soprattutto se si usano bocconcini piccoli, morbidi e molto graditi. Anche il gioco, una breve sessione di tiro alla fune, la possibilità di annusare o di salutare un amico possono essere premi potentissimi nelle giuste situazioni. Più il compito è difficile o l'ambiente distraente, più il premio deve essere di valore. I bocconcini usati durante l'addestramento vanno sottratti dalla razione giornaliera per evitare il sovrappeso.</p>

<h2>Un esempio pratico: insegnare il «seduto»</h2>
<ol>
<li><strong>Attirare</strong>: tenete un bocconcino vicino al naso del cane e portatelo lentamente verso l'alto e all'indietro, sopra la sua testa. Seguendo il cibo con il muso, il cane tenderà ad abbassare il posteriore.</li>
<li><strong>Marcare e premiare</strong>: appena il sedere tocca terra, dite «sì» e consegnate il bocconcino. Ripetete cinque o sei volte.</li>
<li><strong>Togliere il cibo dalla mano</strong>: ripetete lo stesso movimento con la mano vuota, e premiate con un bocconcino preso dall'altra mano o dal marsupio. Così il gesto diventa un segnale, non un'esca.</li>
<li><strong>Aggiungere la parola</strong>: quando il cane si siede in modo affidabile seguendo il gesto, dite «seduto» un attimo prima di fare il movimento. Con il tempo, la sola parola sarà sufficiente.</li>
<li><strong>Generalizzare</strong>: allenatevi in stanze diverse, poi in giardino, poi per strada. Il cane non generalizza facilmente: sedersi in cucina e sedersi al parco, per lui, sono inizialmente due cose diverse.</li>
</ol>
<p>Un altro approccio molto efficace è «catturare» il comportamento: aspettare che il cane si sieda spontaneamente e marcare e premiare in quel momento. Per comportamenti più complessi si usa il <em>modellamento</em>, che consiste nel premiare piccoli passi successivi verso il risultato finale.</p>

<h2>Le regole d'oro di una buona sessione</h2>
<ul>
<li><strong>Brevi e frequenti</strong>: tre-cinque minuti, più volte al giorno, sono più efficaci di una lunga lezione.</li>
<li><strong>Un passo alla volta</strong>: se il cane sbaglia più volte di seguito, la richiesta è troppo difficile. Tornate a un livello in cui riesce e procedete più lentamente.</li>
<li><strong>Chiudete con un successo</strong>: terminate con un esercizio che il cane conosce bene, così resterà motivato.</li>
<li><strong>Coerenza familiare</strong>: tutti in casa devono usare le stesse parole e le stesse regole.</li>
<li><strong>Attenzione allo stato emotivo</strong>: un cane spaventato, stanco o troppo eccitato non è in condizione di imparare.</li>
</ul>

<h2>E quando fa qualcosa di sbagliato?</h2>
<p>Invece di chiedersi «come lo punisco?», chiedetevi «che cosa vorrei che facesse al suo posto?». Un cane che salta addosso agli ospiti può imparare che il saluto arriva solo quando ha tutte e quattro le zampe a terra. Un cane che ruba il cibo dal tavolo va gestito, togliendo le occasioni, mentre gli si insegna a restare sul suo tappetino durante i pasti. Prevenire gli errori con una buona gestione dell'ambiente è parte integrante dell'educazione.</p>
<p>Da evitare invece strattoni, urla, punizioni fisiche e strumenti come collari a strozzo, a punte o elettrici. In Italia diverse sentenze e regolamenti locali hanno considerato l'uso del collare elettrico incompatibile con il benessere del cane.</p>

<blockquote>Educare non significa ottenere obbedienza a ogni costo, ma costruire un linguaggio comune: il cane impara che collaborare conviene, e noi impariamo a capire che cosa lo motiva davvero.</blockquote>

<p>Per problemi come paura, reattività verso altri cani o aggressività, non improvvisate: rivolgetevi a un educatore cinofilo qualificato che lavori con metodi gentili o a un medico veterinario esperto in comportamento, che potrà anche escludere eventuali cause mediche.</p>
`,
    metaTitle: "Rinforzo positivo: le basi per educare il cane",
    metaDescription:
      "Segnale marcatore, tempismo, premi, sessioni brevi e un esempio pratico passo passo: i principi del rinforzo positivo per educare il cane con gentilezza.",
    image: "dog-training",
    daysAgo: 95,
    views: 2045,
  },
  {
    slug: "coniglio-in-casa-guida-completa",
    title: "Il coniglio in casa: spazio, alimentazione e salute",
    excerpt:
      "Fieno a volontà, spazio per muoversi, compagnia e un veterinario esperto: cosa serve davvero a un coniglio domestico per vivere a lungo e bene.",
    categorySlug: "piccoli-animali",
    content: `
<p>Il coniglio è spesso considerato un animale semplice, adatto ai bambini e da tenere in una piccola gabbia. In realtà è un animale complesso, sociale, intelligente e con esigenze precise, che può vivere otto-dodici anni. Chi lo conosce davvero sa che può diventare un compagno di casa affettuoso e pieno di personalità, capace di usare la lettiera, di riconoscere la propria famiglia e perfino di imparare semplici esercizi. Ecco che cosa serve per accoglierlo nel modo giusto.</p>

<h2>Lo spazio: una gabbia non basta</h2>
<p>Il coniglio ha bisogno di muoversi: correre, saltare, alzarsi sulle zampe posteriori per osservare, e ogni tanto esibirsi in quei salti di gioia con rotazione che gli appassionati chiamano <em>binky</em>. Le gabbie vendute comunemente sono quasi sempre troppo piccole per viverci in modo permanente.</p>
<ul>
<li>La soluzione migliore è un <strong>recinto ampio</strong>, o una stanza dedicata, come base, con libertà di muoversi in casa per molte ore al giorno sotto sorveglianza.</li>
<li>La base deve contenere una zona riparo, una lettiera con fieno, una ciotola pesante per l'acqua o un abbeveratoio e qualche gioco da rosicchiare.</li>
<li>Nelle ore di libertà la casa va messa in sicurezza: i fili elettrici vanno protetti con canaline, perché il coniglio rosicchia tutto, e vanno allontanate piante tossiche e oggetti pericolosi.</li>
<li>I pavimenti molto lisci possono far scivolare il coniglio: qualche tappeto aiuta i suoi movimenti.</li>
</ul>
<p>Il coniglio è un animale crepuscolare, più attivo al mattino presto e verso sera: è bene organizzare i momenti di libertà in queste fasce orarie.</p>

<h2>L'alimentazione: il fieno prima di tutto</h2>
<p>L'errore più diffuso è nutrire il coniglio principalmente con mangimi e miscele colorate di semi, cereali e frutta secca. Il suo apparato digerente è progettato per una dieta ricca di fibra, e i suoi denti crescono per tutta la vita: per consumarli correttamente deve masticare a lungo alimenti fibrosi.</p>
<ol>
<li><strong>Fieno di buona qualità, a volontà</strong>: dovrebbe costituire circa l'80% della dieta. Deve essere profumato, verde, asciutto e senza polvere, sempre disponibile.</li>
<li><strong>Verdure fresche</strong> ogni giorno, soprattutto a foglia: radicchio, cicoria, indivia, rucola, tarassaco, finocchio, erbe aromatiche come prezzemolo e basilico. Introducete le novità gradualmente.</li>
<li><strong>Pellet</strong> specifico per conigli, in quantità limitata, secondo le indicazioni del veterinario.</li>
<li><strong>Frutta</strong> solo come premio occasionale, in piccoli pezzi, perché ricca di zuccheri.</li>
</ol>
<p>Anche le carote, contrariamente all'immagine dei cartoni animati, vanno date con moderazione per il loro contenuto di zuccheri. Sono invece da evitare pane, biscotti, cioccolato, cipolla, aglio, avocado e patate. Potreste notare che il coniglio mangia alcune delle sue feci, più morbide e lucide: sono i ciecotrofi, ricchi di vitamine e proteine, e mangiarli è un comportamento del tutto normale e necessario.</p>

<h2>Maneggiarlo con rispetto</h2>
<p>Il coniglio è una preda, e l'istinto gli dice che essere sollevato da terra significa essere catturato. Molti conigli non amano stare in braccio: è meglio conquistare la loro fiducia sedendosi a terra e lasciando che siano loro ad avvicinarsi. Quando è necessario sollevarlo, sostenete sempre il torace con una mano e il posteriore con l'altra, tenendolo vicino al corpo. <strong>Non va mai preso per le orecchie</strong> né per la pelle della nuca. Un coniglio che scalcia in aria può procurarsi gravi lesioni alla colonna vertebrale. I bambini possono accarezzarlo e accudirlo, ma la responsabilità deve restare sempre di un adulto.</p>

<h2>Compagnia e sterilizzazione</h2>
<p>In natura il coniglio vive in gruppi, e anche in casa sta meglio con un compagno della sua specie. La coppia più semplice è formata da un maschio e una femmina entrambi sterilizzati, da presentare con gradualità in un territorio neutro. La <strong>sterilizzazione</strong>, da valutare con il veterinario, evita cucciolate indesiderate, riduce la marcatura con l'urina e i comportamenti territoriali e, nelle femmine, previene tumori dell'utero molto frequenti con l'avanzare dell'età.</p>

<h2>Salute: i segnali da non ignorare</h2>
<p>È fondamentale individuare già prima dell'arrivo del coniglio un <strong>veterinario esperto in animali esotici</strong>, perché non tutti gli ambulatori hanno esperienza specifica con questa specie. In Italia sono disponibili vaccini contro la <strong>mixomatosi</strong> e la <strong>malattia emorragica virale</strong>, due malattie gravissime trasmesse anche da insetti o materiali contaminati: sono consigliati anche per i conigli che vivono in casa.</p>
<blockquote>Un coniglio che smette di mangiare o di produrre feci per alcune ore rappresenta un'urgenza: la motilità intestinale può bloccarsi rapidamente e la situazione può diventare pericolosa in poco tempo.</blockquote>
<p>Altri segnali che richiedono una visita sono: feci molto piccole o deformi, diarrea, perdita di saliva, difficoltà a masticare, occhi che lacrimano, testa inclinata, respirazione rumorosa, apatia. Controllate regolarmente denti, unghie e zona genitale, che deve essere sempre pulita, soprattutto d'estate, quando lo sporco può attirare le mosche.</p>

<h2>Pelo, caldo e igiene</h2>
<p>Il coniglio si pulisce da solo e <strong>non va lavato</strong>: il bagno lo stressa moltissimo e lo espone al rischio di raffreddarsi. Durante la muta, invece, va spazzolato spesso per evitare che ingerisca troppo pelo. Teme molto il caldo: nelle giornate estive tenetelo in un ambiente fresco e ventilato, lontano dal sole diretto.</p>
<p>Un coniglio che vive in casa, con spazio, fieno, compagnia e cure adeguate, mostra un carattere sorprendente. Conoscerlo davvero è il primo passo per rispettarlo.</p>
`,
    metaTitle: "Coniglio in casa: spazio, alimentazione e salute",
    metaDescription:
      "Quanto spazio serve a un coniglio, perché il fieno è alla base della dieta, come maneggiarlo, sterilizzazione, vaccini e segnali di malattia.",
    image: "rabbit",
    daysAgo: 113,
    views: 1670,
  },
];
