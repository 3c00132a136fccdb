// The catalogue of `npm run bench -- --scale` (scripts/bench-scale.ts): users, articles (published,
// plus drafts and archived ones for the back office) and active pet listings in the numbers of a
// grown site, written straight into the bench's database (the embedded one, or a PostgreSQL
// server's with --scale-database-url) while no server runs (PGlite is single-process), in one
// session, through scripts/bench/listings.ts's BenchClient. Set-based SQL where the rows are simple
// (users: their profiles come from the users_create_profile trigger, migration 0001), large JSON
// batches where they are text (articles, and listings through scripts/bench/listings.ts's
// generator). The articles' search_vector is a generated column (migration 0002): PostgreSQL fills
// it as each row arrives. Deterministic (seeded), so two runs measure the same site.
// Erasable TypeScript only (the pinned Node runs it).
import { hashPassword } from "better-auth/crypto";
import { FIRST_NAMES, LAST_NAMES, copyPhotoHashes, generateListings, mulberry32, picker, type BenchClient, type Generated } from "./listings.ts";

/** The demo users' password (app/seed): every generated account can sign in with it too. */
const PASSWORD = "ZampaDemo2026!";
const USER_BATCH = 25_000;
const ARTICLE_BATCH = 500;
const LISTING_BATCH = 5_000;
const DAY_MS = 86_400_000;
/**
 * Articles not published, on top of the published ones: one in ten of all (so the public pages see
 * the same published count with or without them). Drafts are recent work; archived ones old.
 */
const UNPUBLISHED_SHARE = 0.1;
const DRAFT_SHARE = 0.6;
/**
 * Listings the back office has taken off the site, on top of the active ones (so the public pages
 * see the same active count): copies of active listings, one in forty suspended, one in forty closed.
 */
const SUSPENDED_SHARE = 0.025;
const CLOSED_SHARE = 0.025;
/** app/lib/enums.ts REPORT_REASONS and REPORT_STATUSES (the schema's check constraints). */
const REPORT_REASONS = ["fraud", "fake", "inappropriate", "illegal", "animal_abuse", "spam", "wrong_category", "other"];
/** Most reports wait or were handled long ago: pending 40 %, reviewed 15 %, resolved 25 %, dismissed 20 %. */
const REPORT_STATUS_SPREAD = ["pending", "pending", "pending", "pending", "pending", "pending", "pending", "pending", "reviewed", "reviewed", "reviewed", "resolved", "resolved", "resolved", "resolved", "resolved", "dismissed", "dismissed", "dismissed", "dismissed"];

export interface ScaleCounts {
  listings: number;
  articles: number;
  users: number;
  /** listing reports (issue 17's /admin/reports) */
  reports: number;
}

export interface ScaleData {
  /** opening the database, before anything is written */
  openMs: number;
  users: { inserted: number; ms: number };
  articles: { inserted: number; drafts: number; archived: number; ms: number; bytes: number; categories: number };
  /** the categories' ids (the back office filters articles by id) */
  categoryIds: string[];
  listings: Generated;
  /** suspended and closed listings copied from active ones (the back office's moderation list) */
  offSite: { suspended: number; closed: number; ms: number };
  reports: { inserted: number; ms: number };
  /** a few reports' ids (newest, oldest, each status) to open with /admin/reports?id= */
  reportIds: string[];
  /** slugs of the generated articles, spread over the whole set (seeded order) */
  articleSlugs: string[];
  /** rows afterwards, demo content included */
  totals: { users: number; profiles: number; accounts: number; articles: number; publishedArticles: number; activeListings: number; listings: number; reports: number };
  /** everything, closing the database included */
  ms: number;
}

// --- Users ---------------------------------------------------------------------------------------

/**
 * `count` users with a credential account each (one precomputed scrypt hash, as better-auth stores
 * it) and, through the trigger, a profile. Names from the listings' word lists; e-mails unique.
 */
export async function insertUsers(client: BenchClient, count: number): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  const firsts = FIRST_NAMES.concat(["Giovanni", "Anna", "Roberto", "Laura", "Stefano", "Silvia", "Andrea", "Marta", "Fabio", "Alessia"]);
  const lasts = LAST_NAMES.concat(["Rinaldi", "Caruso", "Ferri", "Galli", "Lombardi", "Barbieri", "Mancini", "Longo", "Leone", "Martinelli"]);
  const now = Date.now();
  for (let from = 1; from <= count; from += USER_BATCH) {
    const to = Math.min(count, from + USER_BATCH - 1);
    // Sign-ups spread over the last four years; the e-mail carries the number, so it is unique.
    await client.query(
      `with g as (
         select n, $3::text[] as f, $4::text[] as l,
                to_timestamp(($5::float8 - ((n::bigint * 7919) % 1461) * 86400000 - (n % 86400) * 1000) / 1000) as at
         from generate_series($1::int, $2::int) as n
       ), named as (
         select n, at, f[1 + (n * 31) % cardinality(f)] as first, l[1 + (n * 17 + n / 7) % cardinality(l)] as last from g
       ), inserted as (
         insert into users (name, email, email_verified, created_at, updated_at)
         select first || ' ' || last,
                lower(replace(first, ' ', '') || '.' || replace(replace(last, ' ', ''), '''', '')) || n || '@esempio.it',
                true, at, at
         from named
         returning id, created_at
       )
       insert into accounts (account_id, provider_id, user_id, password, created_at, updated_at)
       select id::text, 'credential', id, $6, created_at, created_at from inserted`,
      [from, to, firsts, lasts, now, hash],
    );
  }
  return count;
}

// --- Articles ------------------------------------------------------------------------------------

interface Topic {
  /** singular and plural, as an article names the animals of its category */
  animal: string;
  animals: string;
  subjects: string[];
}

const TOPICS: Record<string, Topic> = {
  cani: { animal: "cane", animals: "cani", subjects: ["la passeggiata", "il guinzaglio", "la cuccia", "il richiamo", "la toelettatura", "la vita in città", "il cucciolo", "il cane anziano", "il gioco", "le vacanze"] },
  gatti: { animal: "gatto", animals: "gatti", subjects: ["la lettiera", "il tiragraffi", "il gattino", "il gatto anziano", "il gioco", "la vita in appartamento", "le fusa", "il trasportino", "il pelo", "la finestra"] },
  uccelli: { animal: "uccellino", animals: "uccelli", subjects: ["la gabbia", "il canarino", "il pappagallino", "la muta", "i semi", "il bagnetto", "il canto", "la voliera"] },
  pesci: { animal: "pesce", animals: "pesci", subjects: ["l'acquario", "il filtro", "il cambio dell'acqua", "le piante", "il pesce rosso", "il laghetto", "la temperatura", "il mangime"] },
  salute: { animal: "animale", animals: "animali", subjects: ["i vaccini", "le zecche", "le pulci", "la filaria", "la sterilizzazione", "il pronto soccorso", "i denti", "il peso forma", "il caldo", "l'assicurazione"] },
  alimentazione: { animal: "animale", animals: "animali", subjects: ["le crocchette", "l'umido", "la dieta casalinga", "gli snack", "l'acqua", "i cibi tossici", "il cambio di alimento", "le porzioni", "gli integratori"] },
  educazione: { animal: "cane", animals: "cani", subjects: ["il rinforzo positivo", "la socializzazione", "il seduto", "il terrore dei botti", "la solitudine", "il clicker", "l'abbaio", "il morso", "la condotta al guinzaglio"] },
  "piccoli-animali": { animal: "coniglio", animals: "piccoli animali", subjects: ["il coniglio nano", "il criceto", "il porcellino d'India", "il fieno", "la gabbia", "il furetto", "il cincillà", "l'arricchimento ambientale"] },
};
const GENERIC_TOPIC: Topic = { animal: "animale", animals: "animali", subjects: ["la casa", "il veterinario", "le vacanze", "il gioco", "la routine", "l'adozione"] };

const TITLES = [
  (t: Topic, s: string, n: number) => `${capital(s)}: ${n} consigli pratici per chi ha ${t.animals}`,
  (t: Topic, s: string) => `Guida completa a ${s.replace(/^(il|lo|la|l'|i|gli|le) ?/, "")} per il tuo ${t.animal}`,
  (_t: Topic, s: string, n: number) => `${n} errori da evitare con ${s}`,
  (t: Topic, s: string) => `Come gestire ${s}: cosa sapere prima di accogliere un ${t.animal}`,
  (t: Topic, s: string) => `${capital(s)} e benessere: la parola al veterinario sui ${t.animals}`,
  (t: Topic, s: string) => `Domande frequenti su ${s}: le risposte per i ${t.animals} di casa`,
  (_t: Topic, s: string, n: number) => `${capital(s)} in ${n} passi: una guida semplice e completa`,
  (t: Topic, s: string) => `Perché ${s} conta così tanto per i ${t.animals}`,
];
const HEADINGS = [
  "Perché è importante",
  "Cosa dice il veterinario",
  "Gli errori più comuni",
  "Come iniziare nel modo giusto",
  "Una routine che funziona",
  "Quando preoccuparsi",
  "Cosa serve davvero",
  "I costi da mettere in conto",
  "Consigli per le famiglie con bambini",
  "Domande frequenti",
];
const SENTENCES = [
  "Ogni {animal} ha un carattere proprio, e quello che funziona con uno non è detto che funzioni con un altro.",
  "Prima di cambiare abitudini conviene parlarne con il veterinario di fiducia, che conosce la storia del nostro {animal}.",
  "Quando si parla di {subject}, la costanza conta più della perfezione: piccoli gesti ripetuti ogni giorno fanno la differenza.",
  "Molti proprietari sottovalutano {subject}, eppure è uno degli aspetti che incidono di più sulla serenità dei {animals}.",
  "I segnali di disagio sono spesso discreti: un cambiamento nell'appetito, nel sonno o nella voglia di giocare merita attenzione.",
  "Non esistono scorciatoie: servono pazienza, osservazione e un pizzico di buon senso.",
  "In commercio si trovano moltissimi prodotti, ma non tutti sono adatti all'età e alla taglia del nostro {animal}.",
  "Un ambiente tranquillo e prevedibile aiuta i {animals} a sentirsi al sicuro, soprattutto nei primi giorni.",
  "È utile tenere un piccolo diario con le date delle visite, dei trattamenti e dei cambiamenti di alimentazione.",
  "Chi vive in città deve fare i conti con rumori, traffico e spazi ridotti, ma con qualche accorgimento tutto diventa più semplice.",
  "Le regole vanno condivise da tutta la famiglia: messaggi diversi confondono l'animale e rallentano i progressi.",
  "Con l'arrivo della bella stagione aumentano i rischi legati al caldo e ai parassiti: meglio giocare d'anticipo.",
  "Un controllo periodico permette di scoprire per tempo piccoli problemi che, trascurati, potrebbero diventare seri.",
  "Premiare i comportamenti corretti funziona molto meglio che punire quelli sbagliati.",
  "Anche {subject} può diventare un momento di relazione, se affrontato con calma e senza fretta.",
  "Le esigenze cambiano con l'età: un cucciolo, un adulto e un anziano hanno bisogno di attenzioni diverse.",
  "Nei rifugi e nelle associazioni si trovano volontari preparati, pronti a dare consigli a chi adotta per la prima volta.",
  "Il microchip e l'iscrizione all'anagrafe, dove previsti, sono obblighi di legge ma anche una tutela in caso di smarrimento.",
  "Prima di partire per le vacanze conviene informarsi sulle regole di trasporto e sulle strutture che accolgono gli animali.",
  "Osservare il proprio {animal} ogni giorno è il modo migliore per capire che cosa lo rende felice.",
  "La scelta dei materiali non è un dettaglio: devono essere sicuri, facili da pulire e resistenti.",
  "Anche pochi minuti al giorno dedicati al gioco migliorano l'umore e riducono i comportamenti indesiderati.",
  "Se qualcosa non va, meglio una telefonata in più all'ambulatorio che un giorno di attesa di troppo.",
  "I bambini possono partecipare alla cura dell'animale, con compiti adatti alla loro età e sempre con un adulto vicino.",
];
const LIST_ITEMS = [
  "acqua fresca sempre a disposizione",
  "una visita di controllo almeno una volta l'anno",
  "giochi sicuri, da cambiare spesso",
  "un angolo tranquillo dove riposare",
  "orari regolari per i pasti",
  "i numeri utili a portata di mano",
  "un trasportino comodo e ben aerato",
  "spazzola e prodotti per l'igiene adatti",
  "un'assicurazione per le spese veterinarie",
];

const formatCount = (n: number) => n.toLocaleString("en-US");
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

interface ArticleRow {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image: string | null;
  category_id: string;
  views: number;
  meta_title: string;
  meta_description: string;
  published_at: string;
}

function makeArticle(random: () => number, n: number, category: { id: string; slug: string }, image: string | null, now: number): ArticleRow {
  const { int, pick } = picker(random);
  const topic = TOPICS[category.slug] ?? GENERIC_TOPIC;
  const subject = pick(topic.subjects);
  const fill = (s: string) => s.replaceAll("{animal}", topic.animal).replaceAll("{animals}", topic.animals).replaceAll("{subject}", subject);
  const paragraph = () => Array.from({ length: int(3, 5) }, () => fill(pick(SENTENCES))).join(" ");
  const title = pick(TITLES)(topic, subject, int(3, 12)).slice(0, 120);
  const sections: string[] = [`<p>${paragraph()}</p>`];
  const headings = [...HEADINGS].sort(() => random() - 0.5).slice(0, int(4, 6));
  for (const heading of headings) {
    sections.push(`<h2>${heading}</h2>`, `<p>${paragraph()}</p>`);
    if (random() < 0.35) {
      const items = [...LIST_ITEMS].sort(() => random() - 0.5).slice(0, int(3, 5));
      sections.push(`<ul>\n${items.map((item) => `<li>${item}</li>`).join("\n")}\n</ul>`);
    }
    if (random() < 0.7) sections.push(`<p>${paragraph()}</p>`);
  }
  if (random() < 0.3) sections.push(`<blockquote>${fill(pick(SENTENCES))}</blockquote>`);
  const excerpt = `${fill(pick(SENTENCES))} ${fill(pick(SENTENCES))}`.slice(0, 300);
  // Published over the last six years, the newest more often (a site that writes more as it grows).
  const age = Math.floor(random() ** 1.6 * 6 * 365 * DAY_MS);
  return {
    title,
    // The number keeps slugs unique, as an editor adds "-2" to a title used before.
    slug: `${slugify(title)}-${n}`,
    excerpt,
    content: sections.join("\n"),
    featured_image: image,
    category_id: category.id,
    views: Math.floor(random() ** 3 * 20_000),
    meta_title: title.slice(0, 60),
    meta_description: excerpt.slice(0, 155),
    published_at: new Date(now - age - int(0, DAY_MS)).toISOString(),
  };
}

interface WrittenArticles {
  inserted: number;
  drafts: number;
  archived: number;
  bytes: number;
  categoryIds: string[];
  /** the published ones' */
  slugs: string[];
}

/** `count` published articles, then drafts and archived ones (UNPUBLISHED_SHARE of all) in the same batches. */
async function insertArticles(client: BenchClient, count: number): Promise<WrittenArticles> {
  const categories = (await client.query<{ id: string; slug: string }>("select id, slug from categories order by slug")).rows;
  if (categories.length === 0) throw new Error("no category in the database: was the demo content loaded?");
  const author = (await client.query<{ id: string }>("select id from profiles where role = 'admin' order by created_at limit 1")).rows[0]?.id ?? null;
  const images = (
    await client.query<{ category_id: string; image: string }>("select category_id, featured_image as image from articles where featured_image is not null order by published_at")
  ).rows;
  const imageOf = (categoryId: string, n: number) => {
    const own = images.filter((r) => r.category_id === categoryId);
    const from = own.length ? own : images;
    return from.length ? (from[n % from.length]?.image ?? null) : null;
  };
  const random = mulberry32(2611);
  const now = Date.now();
  const slugs: string[] = [];
  let bytes = 0;
  const unpublished = count > 0 ? Math.round((count * UNPUBLISHED_SHARE) / (1 - UNPUBLISHED_SHARE)) : 0;
  const drafts = Math.round(unpublished * DRAFT_SHARE);
  const total = count + unpublished;
  const columns =
    "title text, slug text, excerpt text, content text, featured_image text, category_id uuid, views int, meta_title text, meta_description text, status text, published_at timestamptz, created_at timestamptz";
  const names = columns
    .split(", ")
    .map((c) => c.split(" ")[0])
    .join(", ");
  for (let done = 0; done < total; done += ARTICLE_BATCH) {
    const rows: (Omit<ArticleRow, "published_at"> & { published_at: string | null; status: string; created_at: string })[] = [];
    for (let i = done; i < Math.min(total, done + ARTICLE_BATCH); i++) {
      const category = categories[Math.floor(random() * categories.length)]!;
      const row = makeArticle(random, i + 1, category, imageOf(category.id, i), now);
      bytes += row.content.length;
      if (i < count) {
        slugs.push(row.slug);
        rows.push({ ...row, status: "published", created_at: row.published_at });
      } else if (i < count + drafts) {
        // Started in the last four months, never published.
        const created = new Date(now - Math.floor(random() * 120 * DAY_MS)).toISOString();
        rows.push({ ...row, views: 0, status: "draft", published_at: null, created_at: created });
      } else {
        rows.push({ ...row, status: "archived", created_at: row.published_at });
      }
    }
    await client.query(
      `insert into articles (${names}, author_id, updated_at)
       select ${names}, $2::uuid, created_at from json_to_recordset($1::json) as t(${columns})`,
      [JSON.stringify(rows), author],
    );
  }
  return { inserted: total, drafts, archived: unpublished - drafts, bytes, categoryIds: categories.map((c) => c.id), slugs };
}

// --- Listings off the site, and reports ---------------------------------------------------------

/**
 * Copies of `suspended + closed` active listings (seeded by their id order), with those statuses and
 * their own created_at: the back office lists every status, the public pages only active ones.
 */
async function insertOffSiteListings(client: BenchClient, suspended: number, closed: number): Promise<void> {
  const columns = (
    await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_name = 'pet_listings' and table_schema = current_schema() and is_generated = 'NEVER'
         and column_name not in ('id', 'status', 'created_at', 'updated_at') order by ordinal_position`,
    )
  ).rows.map((r) => r.name);
  const names = columns.join(", ");
  for (const [status, count, skip] of [["suspended", suspended, 0], ["closed", closed, suspended]] as const) {
    if (count <= 0) continue;
    await client.query(
      `insert into pet_listings (${names}, status, created_at, updated_at)
       select ${names}, $1, created_at - interval '3 days', created_at from pet_listings where status = 'active'
       order by id offset $2 limit $3`,
      [status, skip, count],
    );
  }
}

/**
 * `count` reports in one set-based insert, on one listing in four (some reported several times),
 * over the last year; reasons, statuses and reporters spread by the row number.
 */
async function insertReports(client: BenchClient, count: number): Promise<void> {
  if (count <= 0) return;
  const now = Date.now();
  await client.query(
    `with l as (
       select id, row_number() over (order by id) as rn from pet_listings
     ), sized as (
       select greatest(1, count(*) / 4) as n from l
     ), g as (
       select n, to_timestamp(($6::float8 - ((n::bigint * 7907) % 365) * 86400000 - (n % 86400) * 1000) / 1000) as at,
              1 + (n::bigint * 104729) % (select n from sized) as target,
              $2::text[] as reasons, $3::text[] as statuses, $4::text[] as f, $5::text[] as la
       from generate_series(1, $1::int) as n
     )
     insert into listing_reports (listing_id, reporter_name, reporter_email, reason, description, status, admin_notes, created_at, updated_at)
     select l.id,
            f[1 + (n * 13) % cardinality(f)] || ' ' || la[1 + (n * 7 + n / 11) % cardinality(la)],
            lower(f[1 + (n * 13) % cardinality(f)] || '.' || replace(la[1 + (n * 7 + n / 11) % cardinality(la)], ' ', '')) || n || '@segnala.it',
            reasons[1 + (n * 3) % cardinality(reasons)],
            'Segnalazione numero ' || n || ': l''annuncio sembra sospetto, il prezzo e le foto non tornano con la descrizione.',
            statuses[1 + (n * 11) % cardinality(statuses)],
            case when statuses[1 + (n * 11) % cardinality(statuses)] = 'pending' then null else 'Verificato dalla redazione.' end,
            at, at
     from g join l on l.rn = g.target`,
    [count, REPORT_REASONS, REPORT_STATUS_SPREAD, FIRST_NAMES, LAST_NAMES, now],
  );
}

// --- All of it -----------------------------------------------------------------------------------

/**
 * Writes the scale catalogue into the database `open` opens (migrated and seeded by a first start of
 * the server, which must be stopped; closed at the end): users first, so that the listings' owners
 * are spread over them as on a grown site.
 */
export async function generateScaleData(open: () => Promise<BenchClient>, counts: ScaleCounts, progress: (message: string) => void): Promise<ScaleData> {
  const started = performance.now();
  const client = await open();
  const openMs = performance.now() - started;
  let data: Omit<ScaleData, "ms">;
  try {
    let t = performance.now();
    progress(`${counts.users.toLocaleString("en-US")} users (accounts and, by trigger, profiles)…`);
    const users = { inserted: await insertUsers(client, counts.users), ms: performance.now() - t };
    progress(`… in ${(users.ms / 1000).toFixed(1)} s; ${counts.articles.toLocaleString("en-US")} published articles, drafts and archived ones…`);
    t = performance.now();
    const written = await insertArticles(client, counts.articles);
    const articles = {
      inserted: written.inserted,
      drafts: written.drafts,
      archived: written.archived,
      ms: performance.now() - t,
      bytes: written.bytes,
      categories: written.categoryIds.length,
    };
    progress(`… in ${(articles.ms / 1000).toFixed(1)} s; ${counts.listings.toLocaleString("en-US")} active listings…`);
    const listings = await generateListings(client, counts.listings, { batch: LISTING_BATCH, distinct: false });
    progress(`… in ${(listings.ms / 1000).toFixed(1)} s (inserts ${(listings.insertMs / 1000).toFixed(1)} s, the rest counting the bench mix's matches)`);
    t = performance.now();
    const suspended = Math.round(counts.listings * SUSPENDED_SHARE);
    const closed = Math.round(counts.listings * CLOSED_SHARE);
    await insertOffSiteListings(client, suspended, closed);
    await copyPhotoHashes(client);
    const offSite = { suspended, closed, ms: performance.now() - t };
    progress(`${formatCount(suspended)} suspended and ${formatCount(closed)} closed listings in ${(offSite.ms / 1000).toFixed(1)} s; ${formatCount(counts.reports)} reports…`);
    t = performance.now();
    await insertReports(client, counts.reports);
    const reports = { inserted: counts.reports, ms: performance.now() - t };
    progress(`… in ${(reports.ms / 1000).toFixed(1)} s`);
    const reportIds = (
      await client.query<{ id: string }>(
        `(select id from listing_reports order by created_at desc, id desc limit 2)
         union all (select id from listing_reports order by created_at, id limit 1)
         union all (select distinct on (status) id from listing_reports order by status, id)`,
      )
    ).rows.map((r) => r.id);
    const count = async (query: string) => (await client.query<{ n: number }>(query)).rows[0]?.n ?? 0;
    const totals = {
      users: await count("select count(*)::int as n from users"),
      profiles: await count("select count(*)::int as n from profiles"),
      accounts: await count("select count(*)::int as n from accounts"),
      articles: await count("select count(*)::int as n from articles"),
      publishedArticles: await count("select count(*)::int as n from articles where status = 'published'"),
      activeListings: listings.active,
      listings: await count("select count(*)::int as n from pet_listings"),
      reports: await count("select count(*)::int as n from listing_reports"),
    };
    // Article pages to request: every slug once, in a seeded order, so that a run visits many of them.
    const shuffle = mulberry32(15);
    const slugs = written.slugs;
    for (let i = slugs.length - 1; i > 0; i--) {
      const j = Math.floor(shuffle() * (i + 1));
      [slugs[i], slugs[j]] = [slugs[j]!, slugs[i]!];
    }
    data = { openMs, users, articles, categoryIds: written.categoryIds, listings, offSite, reports, reportIds, articleSlugs: slugs, totals };
  } finally {
    // Closing flushes the database to its files: part of the time.
    await client.close();
  }
  return { ...data, ms: performance.now() - started };
}
