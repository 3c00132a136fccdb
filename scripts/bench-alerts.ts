// `npm run bench -- --alerts`: the saved searches' "Subito" alerts at scale (issue 30, decision 0098).
// Builds, creates a fresh database zampa_bench_alerts on a PostgreSQL server (dropped first if it
// exists), starts the production server once on it (migrations, demo content) and stops it; then
// writes, with set-based SQL, 100,000 users each with one saved search alerting "Subito" (criteria
// spread as people set them: SEARCH_SPREAD below; every column as matchColumns in
// app/saved-searches/criteria.server.ts derives it), and a background catalogue of active listings
// that is not queued for the alerts; VACUUM ANALYZE. Then it starts the production server with its
// default number of processes (one per CPU) and a temporary DATA_DIR (its outbox), and publishes a
// burst of 1,000 listings from a few connections, one insert each (the trigger of drizzle/0031
// queues them). Timed from the burst's first insert, polled every 250 ms: no listing waiting to be
// matched, no "Subito" mail waiting to be written, and the last .eml written (its mtime). Then every
// .eml is read back: per recipient, no listing twice, and the listings named (shown + "e altri N
// annunci") equal to what their searches match, counted here by a plain join of the burst against
// the searches' criteria. Prints a report with PASS/FAIL (60 s, none
// twice); returns 0 even when a target fails, non-zero only when something could not run. Reuses
// the bench library's server, memory and PostgreSQL helpers (scripts/bench/), its generated users
// and listing rows. Erasable TypeScript only (the pinned Node runs it).
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { LISTING_TYPES, PET_TYPES } from "../app/lib/enums.ts";
import { formatEuro } from "../app/lib/format.ts";
import { decodeQuotedPrintable } from "../app/mail/quoted-printable.ts";
import { ITALIAN_REGIONS } from "../app/lib/regions.ts";
import { build } from "./build.ts";
import { parseCount, type AlertsOptions } from "./bench/args.ts";
import { gitCommit, out, sleep, step } from "./bench/common.ts";
import { generateListings, LISTING_COLUMN_NAMES, LISTING_COLUMNS, makeRow, mulberry32, type PetType, type Row } from "./bench/listings.ts";
import { live, type Server, stopServer } from "./bench/live.ts";
import { mb, readProcessesMemory } from "./bench/memory.ts";
import { dropDatabase, onPostgresServer, postgresServerVersion, postgresUrl, shownUrl } from "./bench/postgres.ts";
import { formatInt, table } from "./bench/report.ts";
import { insertUsers } from "./bench/scale-data.ts";
import { startServer } from "./bench/server.ts";

const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const ALERTS_DATABASE = "zampa_bench_alerts";
const DEFAULTS = { searches: 100_000, listings: 1_000, catalogue: 20_000 };
/** Issue 30: every due alert in the outbox within this long of the burst's first insert. */
const TARGET_S = 60;
/** The burst is published from this many connections, one listing per insert (its own transaction). */
const BURST_CONNECTIONS = 4;
const POLL_MS = 250;
/** Once nothing waits in the database, the outbox must stay still this long (the last mails written). */
const SETTLE_MS = 2_000;
/** A run that has not finished by then is reported as it stands (FAIL). */
const GIVE_UP_MS = 10 * 60_000;
const SEED = "zampa-alerts-2026";
/** The tables grown by the generator: VACUUM ANALYZEd afterwards, as autovacuum would. */
const GROWN_TABLES = ["users", "accounts", "profiles", "pet_listings", "listing_photo_hashes", "saved_searches", "listing_alert_queue", "search_alert_matches"];

/**
 * How the generated searches are spread, in shares of 100 (the rest of a criterion: any). Pet type:
 * dogs and cats first, 5 % any; region: 30 % any, the others by population (ISTAT, hundreds of
 * thousands); listing type: 40 % one; words: 45 % one word of the generated ads (a breed, mostly),
 * of the search's pet type; a price ceiling on 10 % of the sales; "con foto" on 15 %.
 */
const SEARCH_SPREAD = {
  petType: { dog: 45, cat: 30, bird: 5, rabbit: 5, rodent: 4, fish: 2, reptile: 2, other: 2, "": 5 } as Record<PetType | "", number>,
  regionAny: 30,
  regionPopulation: {
    Lombardia: 100, Lazio: 57, Campania: 56, Sicilia: 48, Veneto: 48, "Emilia-Romagna": 44, Piemonte: 42, Puglia: 39, Toscana: 36, Calabria: 18,
    Sardegna: 16, Liguria: 15, Marche: 15, Abruzzo: 13, "Friuli-Venezia Giulia": 12, "Trentino-Alto Adige": 11, Umbria: 9, Basilicata: 5, Molise: 3, "Valle d'Aosta": 1,
  } as Record<(typeof ITALIAN_REGIONS)[number], number>,
  listingType: { adoption: 20, sale: 12, free: 8, "": 60 },
  words: 45,
  priceMaxOfSales: 10,
  withPhotos: 15,
};
/** Words people type, each beginning a word of the generated ads of that pet type (scripts/bench/listings.ts SPECIES). */
const WORDS: Record<PetType, string[]> = {
  dog: ["labrador", "golden", "pastore", "meticcio", "beagle", "bassotto", "jack", "border", "barboncino", "chihuahua", "cocker", "setter", "cucciolo"],
  cat: ["europeo", "persiano", "maine", "siamese", "certosino", "british", "ragdoll", "birmania", "gattino"],
  bird: ["pappagallo", "canarino", "cocorita", "calopsite", "inseparabile"],
  rabbit: ["ariete", "coniglio", "angora", "coniglietto"],
  rodent: ["criceto", "porcellino", "cincilla", "gerbillo", "degu"],
  fish: ["betta", "guppy", "scalare", "discus", "rosso"],
  reptile: ["testuggine", "geco", "pogona", "pitone", "tartaruga"],
  other: ["furetto", "capra", "asinello", "maialino", "riccio"],
};
/** Price ceilings of the sales searched with one, by pet type (any: the last). */
const PRICE_MAX: Record<PetType | "", number[]> = {
  dog: [400, 600, 800, 1000],
  cat: [300, 500, 800],
  bird: [50, 100, 300],
  rabbit: [50, 100],
  rodent: [30, 60],
  fish: [20, 50],
  reptile: [100, 300],
  other: [100, 300],
  "": [300, 500, 1000],
};
/** SAVED_SEARCH_TEXTS.allListings (app/saved-searches/texts.ts: not loadable by the scripts' Node, it imports "~/…"). */
const ALL_LISTINGS_NAME = "Tutti gli annunci";
/** ALERT_MAIL_TEXTS.more, as a line of the mail's text (app/saved-searches/alert-mail.ts). */
const MORE_LINE = /^e (?:altri (\d+) annunci|un altro annuncio)\.$/;
const LISTING_LINK = /\/pet-listing\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/g;

interface Counts {
  searches: number;
  listings: number;
  catalogue: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `weights` as an array of `slots` values, each repeated by its share (SQL picks one by a hash). */
function slots<K extends string>(weights: Record<K, number>, count = 1000): K[] {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  const result: K[] = [];
  for (const [key, w] of entries) for (let i = 0; i < Math.round((w / total) * count); i++) result.push(key);
  return result;
}

/** One person's byte pair of the row's hash, as a number 0–65535, in SQL. */
const roll = (k: number) => `(get_byte(h, ${2 * k}) * 256 + get_byte(h, ${2 * k + 1}))`;

/**
 * One saved search per generated user (alert "Subito"), in one statement: the criteria are drawn
 * from the row's md5 (seeded: two runs write the same searches), the query and the name are
 * written as canonicalSearch and suggestedName (criteria.server.ts) write them, the words' query is
 * zampa_word_query(words_text), the unsubscribe token 32 URL-safe characters.
 */
async function insertSavedSearches(client: pg.Client): Promise<number> {
  const regionSlots = [
    ...Array<string>(SEARCH_SPREAD.regionAny * 10).fill(""),
    ...slots(SEARCH_SPREAD.regionPopulation, (100 - SEARCH_SPREAD.regionAny) * 10),
  ];
  const words: Record<string, string[]> = { ...WORDS, "": Object.values(WORDS).flat() };
  const euro = Object.fromEntries([...new Set(Object.values(PRICE_MAX).flat())].map((p) => [String(p), formatEuro(p)]));
  const encodedRegion = Object.fromEntries(ITALIAN_REGIONS.map((r) => [r, new URLSearchParams({ region: r }).toString().slice("region=".length)]));
  const result = await client.query(
    `with u as (
       select id, row_number() over (order by id) as n from users where email like '%@esempio.it'
     ), r as (
       select id, n, decode(md5($1::text || ':' || n), 'hex') as h from u
     ), f as (
       select id, n,
              nullif(($2::text[])[1 + ${roll(0)} % cardinality($2::text[])], '') as pet_type,
              nullif(($3::text[])[1 + ${roll(1)} % cardinality($3::text[])], '') as region,
              nullif(($4::text[])[1 + ${roll(2)} % cardinality($4::text[])], '') as listing_type,
              ${roll(3)} % 100 < $5 as has_word, ${roll(4)} as word_roll,
              ${roll(5)} % 100 < $6 as has_price, ${roll(6)} as price_roll,
              ${roll(7)} % 100 < $7 as with_photos
       from r
     ), g as (
       select f.*,
              case when has_word then ($8::jsonb -> coalesce(pet_type, '')) ->> (word_roll % jsonb_array_length($8::jsonb -> coalesce(pet_type, ''))) end as word,
              case when has_price and listing_type = 'sale'
                   then (($9::jsonb -> coalesce(pet_type, '')) ->> (price_roll % jsonb_array_length($9::jsonb -> coalesce(pet_type, ''))))::int end as price_max
       from f
     )
     insert into saved_searches (user_id, name, query, alert, unsubscribe_token, pet_type, listing_type, region, price_max, with_photos, words_text, words)
     select id,
            coalesce(nullif(array_to_string((array_remove(array[
              $10::jsonb ->> pet_type, $11::jsonb ->> listing_type, region, '“' || word || '”',
              'fino a ' || ($12::jsonb ->> price_max::text), case when with_photos then 'con foto' end], null))[1:4], ' · '), ''), $14),
            concat_ws('&', 'q=' || word, 'petType=' || pet_type, 'listingType=' || listing_type, 'region=' || ($13::jsonb ->> region),
                      'priceMax=' || price_max, case when with_photos then 'photo=1' end),
            'instant',
            translate(encode(substr(sha256(convert_to($1::text || ':token:' || n, 'UTF8')), 1, 24), 'base64'), '+/', '-_'),
            pet_type, listing_type, region, price_max, with_photos, word, zampa_word_query(word)
     from g`,
    [
      SEED,
      slots(SEARCH_SPREAD.petType),
      regionSlots,
      slots(SEARCH_SPREAD.listingType),
      SEARCH_SPREAD.words,
      SEARCH_SPREAD.priceMaxOfSales,
      SEARCH_SPREAD.withPhotos,
      JSON.stringify(words),
      JSON.stringify(PRICE_MAX),
      JSON.stringify(PET_TYPES.labels),
      JSON.stringify(LISTING_TYPES.labels),
      JSON.stringify(euro),
      JSON.stringify(encodedRegion),
      ALL_LISTINGS_NAME,
    ],
  );
  return result.rowCount ?? 0;
}

/** The burst's rows: the catalogue's generator (another seed), published now, by generated users. */
async function burstRows(client: pg.Client, count: number): Promise<{ rows: Row[]; hashes: Map<string, unknown> }> {
  const owners = (await client.query<{ id: string }>("select id from users where email like '%@esempio.it' order by id limit 2000")).rows.map((r) => r.id);
  const images = (
    await client.query<{ pet_type: PetType; image: string }>(
      "select distinct on (pet_type) pet_type, images[1] as image from pet_listings where cardinality(images) > 0 order by pet_type, created_at",
    )
  ).rows;
  const byType = new Map(images.map((r) => [r.pet_type, r.image]));
  const imageFor = (petType: PetType) => byType.get(petType) ?? images[0]?.image;
  // A photo's hash is stored as the listing is published (decision 0086); copied from the demo's.
  const hashRows = (await client.query<{ photo_url: string }>("select distinct on (photo_url) * from listing_photo_hashes order by photo_url, created_at")).rows;
  const hashes = new Map(hashRows.map((r) => [r.photo_url, r as unknown]));
  const random = mulberry32(3030);
  const now = Date.now();
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) rows.push({ ...makeRow(random, owners, imageFor, now), created_at: new Date(now).toISOString() });
  return { rows, hashes };
}

/** Publishes the rows from BURST_CONNECTIONS connections, one insert (one transaction) per listing. */
async function publishBurst(url: string, rows: Row[], hashes: Map<string, unknown>, start: { at: number }): Promise<{ startedAt: number; ms: number }> {
  const clients: pg.Client[] = [];
  for (let i = 0; i < BURST_CONNECTIONS; i++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
  }
  const text = `with l as (
      insert into pet_listings (${LISTING_COLUMN_NAMES}, status, updated_at)
      select ${LISTING_COLUMN_NAMES}, 'active', created_at from json_to_recordset($1::json) as t(${LISTING_COLUMNS})
      returning id, user_id
    )
    insert into listing_photo_hashes (listing_id, user_id, photo_url, hash, mirrored_hash, band0, band1, band2, band3)
    select l.id, l.user_id, h.photo_url, h.hash, h.mirrored_hash, h.band0, h.band1, h.band2, h.band3
    from l, json_populate_record(null::listing_photo_hashes, $2::json) h where h.photo_url is not null`;
  try {
    const startedAt = Date.now();
    start.at = startedAt;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        for (let i = c; i < rows.length; i += clients.length) {
          const row = rows[i]!;
          await client.query(text, [JSON.stringify([row]), JSON.stringify(hashes.get(row.images[0] ?? "") ?? {})]);
        }
      }),
    );
    return { startedAt, ms: performance.now() - started };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}

interface MailRead {
  /** an alert mail (its List-Unsubscribe names the alerts' one-click page), not another of the site's */
  alert: boolean;
  to: string;
  ids: string[];
  more: number;
  mtimeMs: number;
}

function readEml(file: string): MailRead {
  const eml = readFileSync(file, "utf8").replace(/\r\n/g, "\n");
  const split = eml.indexOf("\n\n");
  // Unfolded: a long header goes on over lines that begin with a space.
  const headers = eml.slice(0, split).replace(/\n[ \t]+/g, " ");
  const raw = eml.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const body = encoding === "quoted-printable" ? decodeQuotedPrintable(raw) : encoding === "base64" ? Buffer.from(raw, "base64").toString("utf8") : raw;
  const to = /^To:\s*(.+)$/im.exec(headers)?.[1]?.trim().toLowerCase() ?? "";
  const ids = [...body.matchAll(LISTING_LINK)].map((m) => m[1]!);
  let more = 0;
  for (const line of body.split("\n")) {
    const m = MORE_LINE.exec(line.trim());
    if (m) more = m[1] ? Number(m[1]) : 1;
  }
  return { alert: /^List-Unsubscribe:.*\/avvisi\/disattiva/im.test(headers), to, ids, more, mtimeMs: statSync(file).mtimeMs };
}

interface Verdict {
  mails: number;
  /** the site's other mails meanwhile (not alerts: left out of the checks) */
  others: number;
  recipients: number;
  /** recipients with a listing named twice (in one mail or across their mails) */
  twice: string[];
  /** recipients whose mails name a number of listings other than their matches' */
  countMismatch: string[];
  /** people with matches and no mail */
  unmailed: number;
  unsent: number;
  lastMtimeMs: number;
  firstMtimeMs: number;
  listingsNamed: number;
  /** (person, listing) pairs the searches match, and the people with one (one search each) */
  expectedMatches: number;
  expectedRecipients: number;
}

async function verify(client: pg.Client, outbox: string): Promise<Verdict> {
  const files = readdirSync(outbox).filter((f) => f.endsWith(".eml"));
  const named = new Map<string, { ids: Set<string>; count: number; twice: boolean }>();
  let lastMtimeMs = 0;
  let firstMtimeMs = Infinity;
  let listingsNamed = 0;
  let others = 0;
  for (const file of files) {
    const mail = readEml(path.join(outbox, file));
    if (!mail.alert) {
      others++;
      continue;
    }
    lastMtimeMs = Math.max(lastMtimeMs, mail.mtimeMs);
    firstMtimeMs = Math.min(firstMtimeMs, mail.mtimeMs);
    const entry = named.get(mail.to) ?? { ids: new Set<string>(), count: 0, twice: false };
    for (const id of mail.ids) {
      if (entry.ids.has(id)) entry.twice = true;
      entry.ids.add(id);
    }
    entry.count += mail.ids.length + mail.more;
    listingsNamed += mail.ids.length + mail.more;
    named.set(mail.to, entry);
  }
  // What each person should have been told, found here without the matcher's plan: every burst
  // listing (the queue holds the burst alone) against every search, criterion by criterion.
  const matches = (
    await client.query<{ email: string; n: number }>(
      `select lower(p.email) as email, count(distinct l.id)::int as n
       from listing_alert_queue q
       join pet_listings l on l.id = q.listing_id and l.status = 'active'
       join saved_searches s on s.alert <> 'none' and s.user_id <> l.user_id
         and (s.pet_type is null or s.pet_type = l.pet_type)
         and (s.listing_type is null or s.listing_type = l.listing_type)
         and (s.region is null or s.region = l.location_region)
         and (s.price_min is null or l.price >= s.price_min)
         and (s.price_max is null or l.price <= s.price_max)
         and (not s.with_photos or cardinality(l.images) > 0)
         and (s.words_text is null or l.search_vector @@ s.words)
         and s.age_band is null and s.area_south is null
       join profiles p on p.id = s.user_id
       group by 1`,
    )
  ).rows;
  const expected = new Map(matches.map((r) => [r.email, r.n]));
  const twice = [...named].filter(([, e]) => e.twice).map(([to]) => to);
  const countMismatch = [...named].filter(([to, e]) => e.count !== (expected.get(to) ?? 0)).map(([to]) => to);
  const unmailed = matches.filter((r) => !named.has(r.email)).length;
  const unsent =
    (await client.query<{ n: number }>("select ((select count(*) from alert_mails) + (select count(*) from listing_alert_queue where matched_at is null))::int as n")).rows[0]?.n ?? 0;
  const expectedMatches = matches.reduce((sum, r) => sum + r.n, 0);
  return { mails: files.length - others, others, recipients: named.size, twice, countMismatch, unmailed, unsent, lastMtimeMs, firstMtimeMs, listingsNamed, expectedMatches, expectedRecipients: matches.length };
}

/** CPU time (user + system) of a process so far, in ms, from /proc/<pid>/stat; undefined once gone. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The PostgreSQL backends serving the bench's database (the server's pools), by pid. */
async function backendPids(client: pg.Client): Promise<number[]> {
  const rows = (await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows;
  return rows.map((r) => r.pid);
}

/** The alert runs the server logged ("ricerche salvate: avvisi"): how many, and their totals. */
function loggedRuns(logFile: string): { runs: number; listings: number; matches: number; mails: number } {
  const total = { runs: 0, listings: 0, matches: 0, mails: 0 };
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return total;
  }
  for (const line of text.split("\n")) {
    if (!line.includes("ricerche salvate: avvisi")) continue;
    try {
      const entry = JSON.parse(line) as { matched?: { listings: number; matches: number }; instant?: { mails: number } };
      total.runs++;
      total.listings += entry.matched?.listings ?? 0;
      total.matches += entry.matched?.matches ?? 0;
      total.mails += entry.instant?.mails ?? 0;
    } catch {
      // not one of ours
    }
  }
  return total;
}

export async function runAlerts(options: AlertsOptions): Promise<number> {
  let counts: Counts;
  try {
    counts = {
      searches: parseCount("alerts-searches", options.searches, DEFAULTS.searches, 1),
      listings: parseCount("alerts-listings", options.listings, DEFAULTS.listings, 1),
      catalogue: parseCount("alerts-catalogue", options.catalogue, DEFAULTS.catalogue, 0),
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const serverUrl = options.databaseUrl ?? DEFAULT_SERVER_URL;
  try {
    const parsed = new URL(serverUrl);
    if (!/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname) throw new Error("not a PostgreSQL URL");
  } catch {
    console.error(`--alerts-database-url: expected a PostgreSQL server's URL (postgres://user@host:5432/postgres), got "${serverUrl}"`);
    return 2;
  }
  if (process.platform !== "linux") {
    console.error("The bench reads the server's memory from /proc: it runs on Linux only.");
    return 1;
  }
  const serverVersion = await postgresServerVersion(serverUrl, "--alerts-database-url");
  if (serverVersion === null) return 1;
  const created = { database: false };
  try {
    return await measureAlerts(serverUrl, serverVersion, counts, options, created);
  } finally {
    if (created.database && !options.keepData) {
      step(`dropping the database ${ALERTS_DATABASE}`);
      await dropDatabase(serverUrl, ALERTS_DATABASE).catch((error: unknown) =>
        console.error(`could not drop the database ${ALERTS_DATABASE}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}

async function measureAlerts(serverUrl: string, serverVersion: string, counts: Counts, options: AlertsOptions, created: { database: boolean }): Promise<number> {
  const startedAt = Date.now();
  const commit = gitCommit();
  const url = postgresUrl(serverUrl, ALERTS_DATABASE);
  if (options.skipBuild) step("--skip-build: reusing build/");
  else {
    step("building (scripts/build.ts)…");
    try {
      build(["ignore", 2, 2]);
    } catch {
      console.error("The build failed (its output is above).");
      return 1;
    }
  }

  step(`creating the database ${ALERTS_DATABASE} on ${shownUrl(postgresUrl(serverUrl, "postgres"))} (dropped first if it exists)`);
  await dropDatabase(serverUrl, ALERTS_DATABASE);
  await onPostgresServer(serverUrl, (c) => c.query(`create database "${ALERTS_DATABASE}"`));
  created.database = true;
  if (options.keepData) step(`--alerts-keep-data: the database ${ALERTS_DATABASE} stays on that server (drop it by hand)`);
  const firstDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-alerts-first-"));
  live.tempDirs.add(firstDir);
  step("first start on the new database: migrations + demo content…");
  const first = await startServer(firstDir, true, { databaseUrl: url });
  await stopServer(first);

  // --- Generation (server stopped) ---
  const gen = { users: 0, catalogue: 0, searches: 0, vacuum: 0 };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let burst: { rows: Row[]; hashes: Map<string, unknown> };
  let spread: { label: string; n: number }[] = [];
  let dbSize = "?";
  try {
    let t = performance.now();
    step(`${formatInt(counts.searches)} users (accounts and, by trigger, profiles)…`);
    const bench = { query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as T[] }), close: async () => {} };
    await insertUsers(bench, counts.searches);
    gen.users = performance.now() - t;
    t = performance.now();
    step(`… in ${seconds(gen.users)}; ${formatInt(counts.catalogue)} active listings already published (not queued)…`);
    if (counts.catalogue > 0) await generateListings(bench, counts.catalogue, { batch: 5_000, distinct: false });
    await client.query("delete from listing_alert_queue");
    gen.catalogue = performance.now() - t;
    t = performance.now();
    step(`… in ${seconds(gen.catalogue)}; one saved search ("Subito") per generated user…`);
    const inserted = await insertSavedSearches(client);
    gen.searches = performance.now() - t;
    step(`… ${formatInt(inserted)} in ${seconds(gen.searches)}; VACUUM ANALYZE…`);
    t = performance.now();
    await client.query(`vacuum analyze ${GROWN_TABLES.join(", ")}`);
    await client.query("checkpoint");
    gen.vacuum = performance.now() - t;
    dbSize = (await client.query<{ size: string }>("select pg_size_pretty(pg_database_size(current_database())) as size")).rows[0]?.size ?? "?";
    spread = (
      await client.query<{ label: string; n: number }>(
        `select 'pet type any' as label, count(*) filter (where pet_type is null)::int as n from saved_searches
         union all select 'pet type dog', count(*) filter (where pet_type = 'dog')::int from saved_searches
         union all select 'pet type cat', count(*) filter (where pet_type = 'cat')::int from saved_searches
         union all select 'region any', count(*) filter (where region is null)::int from saved_searches
         union all select 'listing type any', count(*) filter (where listing_type is null)::int from saved_searches
         union all select 'one word', count(*) filter (where words is not null)::int from saved_searches
         union all select 'price ceiling', count(*) filter (where price_max is not null)::int from saved_searches
         union all select 'con foto', count(*) filter (where with_photos)::int from saved_searches
         union all select 'no criterion at all', count(*) filter (where query = '')::int from saved_searches`,
      )
    ).rows;
    burst = await burstRows(client, counts.listings);
  } finally {
    await client.end();
  }
  step(`VACUUM ANALYZE and CHECKPOINT in ${seconds(gen.vacuum)}; the database holds ${dbSize}`);

  // --- The measured server ---
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-alerts-"));
  live.tempDirs.add(dataDir);
  const outbox = path.join(dataDir, "outbox");
  const logFile = path.join(dataDir, "server.log");
  step(`starting the server (default WORKERS, DATA_DIR ${dataDir}, default logging to ${logFile})…`);
  const server: Server = await startServer(dataDir, true, { databaseUrl: url, logFile });
  const processes = readProcessesMemory(server.pid).length;
  const poll = new pg.Client({ connectionString: url });
  await poll.connect();
  const timeline = { queueEmptyMs: NaN, noPendingMs: NaN, settledMs: NaN, peakQueue: 0, peakPending: 0 };
  let memory: ReturnType<typeof readProcessesMemory> = [];
  let published: { startedAt: number; ms: number };
  let verdict: Verdict;
  let matches = 0;
  let searchesMatched = 0;
  const serverPids = [server.pid, ...readProcessesMemory(server.pid).slice(1).map((m) => m.pid)];
  const cpuBefore = new Map<number, number>();
  const cpuAfter = new Map<number, number>();
  let backends: number[] = [];
  try {
    backends = await backendPids(poll);
    for (const pid of [...serverPids, ...backends]) cpuBefore.set(pid, cpuMs(pid) ?? 0);
    step(`publishing ${formatInt(counts.listings)} listings from ${BURST_CONNECTIONS} connections, one insert each…`);
    let inserting = true;
    const start = { at: 0 };
    const publishing = publishBurst(url, burst.rows, burst.hashes, start).finally(() => (inserting = false));
    let lastCount = -1;
    let stillSince = 0;
    for (;;) {
      await sleep(POLL_MS);
      if (!start.at) {
        if (!inserting) break;
        continue;
      }
      const elapsed = Date.now() - start.at;
      const row = (
        await poll.query<{ queued: number; pending: number }>(
          `select (select count(*) from listing_alert_queue where matched_at is null)::int as queued,
                  (select count(*) from alert_mails)::int as pending`,
        )
      ).rows[0]!;
      timeline.peakQueue = Math.max(timeline.peakQueue, row.queued);
      timeline.peakPending = Math.max(timeline.peakPending, row.pending);
      if (!inserting && row.queued === 0 && Number.isNaN(timeline.queueEmptyMs)) timeline.queueEmptyMs = elapsed;
      if (!Number.isNaN(timeline.queueEmptyMs) && row.pending === 0 && Number.isNaN(timeline.noPendingMs)) timeline.noPendingMs = elapsed;
      if (!Number.isNaN(timeline.noPendingMs)) {
        // Nothing waits in the database: the last claimed mails are being written; done when the outbox stays still.
        let count = 0;
        try {
          count = readdirSync(outbox).length;
        } catch {
          // no mail yet
        }
        if (count !== lastCount) {
          lastCount = count;
          stillSince = Date.now();
        } else if (Date.now() - stillSince >= SETTLE_MS) {
          timeline.settledMs = elapsed;
          break;
        }
      }
      if (elapsed > GIVE_UP_MS) {
        step(`gave up after ${seconds(elapsed)}: queue ${row.queued}, pending ${row.pending}`);
        break;
      }
    }
    published = await publishing;
    memory = readProcessesMemory(server.pid);
    backends = [...new Set([...backends, ...(await backendPids(poll))])];
    for (const pid of [...serverPids, ...backends]) cpuAfter.set(pid, cpuMs(pid) ?? cpuBefore.get(pid) ?? 0);
    step("reading every .eml of the outbox…");
    verdict = await verify(poll, outbox);
    matches = verdict.expectedMatches;
    searchesMatched = verdict.expectedRecipients;
  } finally {
    await poll.end().catch(() => {});
    await stopServer(server);
  }
  const logged = loggedRuns(logFile);
  const cpuOf = (pid: number) => (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0);
  const backendCpu = backends.map(cpuOf).sort((a, b) => b - a);

  // --- Report ---
  const fromFirstInsert = (ms: number) => ms - published.startedAt;
  const lastMailS = verdict.mails ? fromFirstInsert(verdict.lastMtimeMs) / 1000 : NaN;
  const allWritten = verdict.unmailed === 0 && verdict.unsent === 0 && verdict.countMismatch.length === 0;
  const onTime = Number.isFinite(lastMailS) && lastMailS <= TARGET_S && allWritten;
  const noneTwice = verdict.twice.length === 0 && verdict.countMismatch.length === 0 && verdict.unsent === 0;
  out("");
  out(`Saved searches' "Subito" alerts at scale (npm run bench -- --alerts), commit ${commit}`);
  out(`  PostgreSQL ${serverVersion} (${shownUrl(url)}), ${os.cpus().length} CPUs; the server with its default WORKERS: ${processes} processes (primary included)`);
  out(`  ${formatInt(counts.searches)} users with one "Subito" saved search each; ${formatInt(counts.catalogue)} listings already public; a burst of ${formatInt(counts.listings)} listings`);
  out("");
  out("Generation (server stopped)");
  out(
    table([
      ["part", "time"],
      [`${formatInt(counts.searches)} users (accounts, profiles)`, seconds(gen.users)],
      [`${formatInt(counts.catalogue)} listings, not queued`, seconds(gen.catalogue)],
      [`${formatInt(counts.searches)} saved searches`, seconds(gen.searches)],
      [`VACUUM ANALYZE + CHECKPOINT (database ${dbSize})`, seconds(gen.vacuum)],
    ]),
  );
  out("  The searches' criteria: " + spread.map((s) => `${s.label} ${((100 * s.n) / counts.searches).toFixed(1)} %`).join(", "));
  out("");
  out(`The burst, timed from its first insert (polled every ${POLL_MS} ms)`);
  out(
    table([
      ["measure", "value", "target", "verdict"],
      [`${formatInt(counts.listings)} inserts from ${BURST_CONNECTIONS} connections`, seconds(published.ms), "", ""],
      ["queue empty (every listing matched)", seconds(timeline.queueEmptyMs), "", ""],
      ['no "Subito" mail left to write', seconds(timeline.noPendingMs), "", ""],
      ["last .eml written (its mtime)", Number.isFinite(lastMailS) ? `${lastMailS.toFixed(1)} s` : "n/a", `≤ ${TARGET_S} s, all written`, onTime ? "PASS" : "FAIL"],
      ["first .eml written", verdict.mails ? seconds(fromFirstInsert(verdict.firstMtimeMs)) : "n/a", "", ""],
      ["none twice (per recipient: no listing twice, named = matched)", `${verdict.twice.length} twice, ${verdict.countMismatch.length} miscounted`, "0", noneTwice ? "PASS" : "FAIL"],
    ]),
  );
  out("");
  out(
    table([
      ["figure", "value"],
      ["matches (person, listing)", formatInt(matches)],
      ["searches with a match", formatInt(searchesMatched)],
      ["alert mails written", formatInt(verdict.mails)],
      ["other mails of the site meanwhile (not checked)", formatInt(verdict.others)],
      ["recipients", formatInt(verdict.recipients)],
      ["listings named in the mails (shown + more)", formatInt(verdict.listingsNamed)],
      ["people with matches and no mail", formatInt(verdict.unmailed)],
      ["matches not stamped as sent", formatInt(verdict.unsent)],
      ["peak of the queue / of mails waiting to be written", `${formatInt(timeline.peakQueue)} / ${formatInt(timeline.peakPending)}`],
    ]),
  );
  out("");
  out("Per server process (the first is the cluster's primary): peak resident memory (VmHWM), CPU during the burst");
  out(
    table([
      ["pid", "peak RSS", "RSS at the end", "CPU from the burst to the end"],
      ...memory.map((m) => [String(m.pid), `${mb(m.peakKb).toFixed(1)} MB`, `${mb(m.rssKb).toFixed(1)} MB`, seconds(cpuOf(m.pid))]),
    ]),
  );
  out(
    `  PostgreSQL backends of the database: ${backends.length}, CPU ${seconds(backendCpu.reduce((a, b) => a + b, 0))} in all (the busiest: ${backendCpu
      .slice(0, 4)
      .map(seconds)
      .join(", ")}); the time measured: ${seconds(timeline.settledMs)}`,
  );
  out(`  The server logged ${formatInt(logged.runs)} alert runs: ${formatInt(logged.listings)} listings matched, ${formatInt(logged.matches)} matches, ${formatInt(logged.mails)} mails.`);
  if (verdict.twice.length || verdict.countMismatch.length) {
    out(`  e.g. twice: ${verdict.twice.slice(0, 3).join(", ") || "none"}; miscounted: ${verdict.countMismatch.slice(0, 3).join(", ") || "none"}`);
  }
  out("");
  out(`Done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
  return 0;
}
