// The pet-listings part of `npm run bench`: a generated catalogue of active listings written straight
// into the bench's database (the server must be stopped: PGlite is single-process), and the
// list-page URLs the bench drives with wrk. Raw SQL on a small client interface (BenchClient) that
// @electric-sql/pglite, opened the way the app opens it (app/db/client.server.ts: DATA_DIR/db with
// unaccent and pg_trgm, which the migrations need), and a node-postgres client both satisfy.
// Deterministic (seeded), so two runs measure the same catalogue.
// Erasable TypeScript only (the pinned Node runs it).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";

export const PET_TYPES = ["dog", "cat", "bird", "rabbit", "rodent", "fish", "reptile", "other"] as const;
export const LISTING_TYPES = ["adoption", "sale", "free"] as const;
export type PetType = (typeof PET_TYPES)[number];
type ListingType = (typeof LISTING_TYPES)[number];

/** Listings per page on /pet-listings (LISTINGS_PAGE_SIZE in app/listings/validation.ts). */
export const PAGE_SIZE = 12;
const BATCH = 500;
const DAY_MS = 86_400_000;

// --- Word lists ----------------------------------------------------------------------------------

interface Species {
  /** share of the catalogue */
  weight: number;
  breeds: string[];
  /** how an ad names the animal: [masculine, feminine] */
  nouns: [string, string][];
  young: [string, string];
  names: string[];
  ages: string[];
  price: [number, number];
}

const SPECIES: Record<PetType, Species> = {
  dog: {
    weight: 34,
    breeds: ["Labrador", "Golden Retriever", "Pastore Tedesco", "Meticcio", "Beagle", "Bassotto", "Jack Russell", "Border Collie", "Barboncino", "Chihuahua", "Cocker Spaniel", "Setter Inglese"],
    nouns: [["cane", "cagnolina"], ["cagnolino", "cagnolina"], ["meticcio", "meticcia"]],
    young: ["cucciolo", "cucciola"],
    names: ["Fido", "Luna", "Rex", "Maya", "Argo", "Nina", "Bobby", "Kira", "Oscar", "Lilla", "Rocky", "Stella"],
    ages: ["2 mesi", "3 mesi", "4 mesi", "6 mesi", "1 anno", "2 anni", "3 anni", "5 anni", "8 anni", "10 anni"],
    price: [300, 1500],
  },
  cat: {
    weight: 30,
    breeds: ["Europeo", "Persiano", "Maine Coon", "Siamese", "Certosino", "British Shorthair", "Ragdoll", "Sacro di Birmania"],
    nouns: [["gatto", "gatta"], ["micio", "micia"], ["gattino", "gattina"]],
    young: ["gattino", "gattina"],
    names: ["Micio", "Luna", "Tigre", "Minù", "Romeo", "Briciola", "Pallina", "Zorro", "Cleo", "Fuffi"],
    ages: ["2 mesi", "3 mesi", "5 mesi", "1 anno", "2 anni", "4 anni", "7 anni", "12 anni"],
    price: [150, 1200],
  },
  bird: {
    weight: 7,
    breeds: ["Pappagallo Cenerino", "Canarino", "Cocorita", "Calopsite", "Inseparabile", "Diamante mandarino"],
    nouns: [["uccellino", "uccellina"], ["pappagallo", "pappagallina"]],
    young: ["piccolo", "piccola"],
    names: ["Cip", "Kiwi", "Rio", "Perla", "Sole", "Zazu"],
    ages: ["3 mesi", "6 mesi", "1 anno", "2 anni", "5 anni"],
    price: [20, 900],
  },
  rabbit: {
    weight: 8,
    breeds: ["Ariete Nano", "Testa di Leone", "Coniglio Nano", "Rex", "Angora"],
    nouns: [["coniglio", "coniglia"], ["coniglietto", "coniglietta"]],
    young: ["coniglietto", "coniglietta"],
    names: ["Bunny", "Fiocco", "Neve", "Carotina", "Batuffolo", "Trottola"],
    ages: ["2 mesi", "4 mesi", "1 anno", "2 anni", "4 anni"],
    price: [30, 150],
  },
  rodent: {
    weight: 7,
    breeds: ["Criceto Dorato", "Porcellino d'India", "Cincillà", "Ratto domestico", "Gerbillo", "Degu"],
    nouns: [["criceto", "criceta"], ["porcellino d'India", "porcellina d'India"], ["roditore", "roditrice"]],
    young: ["piccolo", "piccola"],
    names: ["Nocciola", "Pippo", "Biscotto", "Ciuffo", "Mou", "Pepe"],
    ages: ["1 mese", "3 mesi", "6 mesi", "1 anno", "2 anni"],
    price: [10, 120],
  },
  fish: {
    weight: 4,
    breeds: ["Pesce Rosso", "Betta", "Guppy", "Scalare", "Neon", "Discus"],
    nouns: [["pesce", "pesce"], ["pesciolino", "pesciolina"]],
    young: ["giovane", "giovane"],
    names: ["Nemo", "Bolla", "Goldie", "Splash", "Blu"],
    ages: ["3 mesi", "6 mesi", "1 anno", "2 anni"],
    price: [5, 200],
  },
  reptile: {
    weight: 5,
    breeds: ["Testuggine di Hermann", "Geco Leopardino", "Pogona", "Pitone Reale", "Tartaruga palustre"],
    nouns: [["tartaruga", "tartaruga"], ["geco", "geco"], ["rettile", "rettile"]],
    young: ["giovane", "giovane"],
    names: ["Speedy", "Drago", "Gea", "Sabbia", "Smeraldo"],
    ages: ["6 mesi", "1 anno", "3 anni", "10 anni", "20 anni"],
    price: [40, 600],
  },
  other: {
    weight: 5,
    breeds: ["Furetto", "Capra nana", "Asinello", "Maialino vietnamita", "Riccio africano"],
    nouns: [["furetto", "furetta"], ["animale", "animale"], ["riccio", "riccia"]],
    young: ["piccolo", "piccola"],
    names: ["Birba", "Ombra", "Tappo", "Margherita", "Pepita"],
    ages: ["4 mesi", "1 anno", "2 anni", "6 anni"],
    price: [50, 800],
  },
};

/** [masculine, feminine] */
const ADJECTIVES: [string, string][] = [
  ["affettuoso", "affettuosa"],
  ["dolcissimo", "dolcissima"],
  ["giocherellone", "giocherellona"],
  ["tranquillo", "tranquilla"],
  ["vivace", "vivace"],
  ["socievole", "socievole"],
  ["coccolone", "coccolona"],
  ["curioso", "curiosa"],
  ["timido", "timida"],
  ["educato", "educata"],
];

const LISTING_WEIGHTS: Record<ListingType, number> = { adoption: 50, sale: 30, free: 20 };

const HEALTH = [
  "È vaccinato, sverminato e con microchip.",
  "Ha il libretto sanitario in regola e le vaccinazioni fatte.",
  "Sterilizzato e controllato dal veterinario il mese scorso.",
  "Sano e visitato di recente, con tutti i documenti.",
  "Abituato alla vita in appartamento e al trasportino.",
];
const CHARACTER = [
  "Va d'accordo con i bambini e con altri animali.",
  "Ama le coccole e la compagnia delle persone.",
  "Cerca una famiglia paziente che gli dedichi tempo.",
  "È ideale anche per chi ha poca esperienza.",
  "Ha bisogno di spazio e di attenzioni ogni giorno.",
  "Si affeziona subito a chi se ne prende cura.",
];
const CLOSING = [
  "Si consegna solo dopo un incontro conoscitivo.",
  "Per informazioni scrivetemi o chiamatemi la sera.",
  "Niente perditempo: rispondo a tutti i messaggi.",
  "Possibile affido con controlli pre e post affido.",
  "Disponibile per visite su appuntamento nel fine settimana.",
];
const REASONS: Record<ListingType, string[]> = {
  adoption: ["Cerca casa per sempre", "Adozione del cuore", "Cerca una famiglia", "Da adottare"],
  sale: ["Disponibile", "Vendesi", "Cedesi con documenti", "Disponibile dall'allevamento"],
  free: ["Regalo", "Si regala", "Cedo gratuitamente", "Regalasi per trasloco"],
};

/** [city, region, lat, lng] */
const CITIES: [string, string, number, number][] = [
  ["Roma", "Lazio", 41.9028, 12.4964],
  ["Milano", "Lombardia", 45.4642, 9.19],
  ["Napoli", "Campania", 40.8518, 14.2681],
  ["Torino", "Piemonte", 45.0703, 7.6869],
  ["Palermo", "Sicilia", 38.1157, 13.3615],
  ["Genova", "Liguria", 44.4056, 8.9463],
  ["Bologna", "Emilia-Romagna", 44.4949, 11.3426],
  ["Firenze", "Toscana", 43.7696, 11.2558],
  ["Bari", "Puglia", 41.1171, 16.8719],
  ["Catania", "Sicilia", 37.5079, 15.083],
  ["Venezia", "Veneto", 45.4408, 12.3155],
  ["Verona", "Veneto", 45.4384, 10.9916],
  ["Messina", "Sicilia", 38.1938, 15.554],
  ["Padova", "Veneto", 45.4064, 11.8768],
  ["Trieste", "Friuli-Venezia Giulia", 45.6495, 13.7768],
  ["Brescia", "Lombardia", 45.5416, 10.2118],
  ["Parma", "Emilia-Romagna", 44.8015, 10.3279],
  ["Taranto", "Puglia", 40.4644, 17.247],
  ["Prato", "Toscana", 43.8777, 11.1022],
  ["Modena", "Emilia-Romagna", 44.6471, 10.9252],
  ["Reggio Calabria", "Calabria", 38.1113, 15.6473],
  ["Perugia", "Umbria", 43.1107, 12.3908],
  ["Cagliari", "Sardegna", 39.2238, 9.1217],
  ["Livorno", "Toscana", 43.5485, 10.3106],
  ["Ravenna", "Emilia-Romagna", 44.4184, 12.2035],
  ["Rimini", "Emilia-Romagna", 44.0678, 12.5695],
  ["Salerno", "Campania", 40.6824, 14.7681],
  ["Ferrara", "Emilia-Romagna", 44.8381, 11.6198],
  ["Sassari", "Sardegna", 40.7259, 8.5557],
  ["Latina", "Lazio", 41.4676, 12.9037],
  ["Monza", "Lombardia", 45.5845, 9.2744],
  ["Pescara", "Abruzzo", 42.4618, 14.2161],
  ["Bergamo", "Lombardia", 45.6983, 9.6773],
  ["Forlì", "Emilia-Romagna", 44.2227, 12.0407],
  ["Trento", "Trentino-Alto Adige", 46.0748, 11.1217],
  ["Vicenza", "Veneto", 45.5455, 11.5354],
  ["Ancona", "Marche", 43.6158, 13.5189],
  ["Lecce", "Puglia", 40.3515, 18.175],
  ["Potenza", "Basilicata", 40.6404, 15.8056],
  ["Campobasso", "Molise", 41.5603, 14.6627],
  ["Aosta", "Valle d'Aosta", 45.7375, 7.3154],
  ["L'Aquila", "Abruzzo", 42.3498, 13.3995],
];

export const CITY_COUNT = CITIES.length;

const STREETS = ["Via Roma", "Via Garibaldi", "Via Mazzini", "Via Dante", "Corso Cavour", "Via XX Settembre", "Via Marconi", "Piazza Verdi", "Viale Europa", "Via dei Mille"];
export const FIRST_NAMES = ["Giulia", "Marco", "Francesca", "Luca", "Chiara", "Alessandro", "Sara", "Matteo", "Elena", "Davide", "Martina", "Giorgio", "Federica", "Simone", "Valentina", "Paolo"];
export const LAST_NAMES = ["Rossi", "Bianchi", "Esposito", "Ferrari", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Costa", "Fontana", "Moretti"];

// --- Random, seeded ------------------------------------------------------------------------------

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function picker(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let roll = random() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  };
  return { int, pick, weighted };
}

// --- Rows ----------------------------------------------------------------------------------------

export interface Row {
  user_id: string;
  title: string;
  description: string;
  pet_type: PetType;
  breed: string | null;
  age: string;
  gender: "male" | "female";
  listing_type: ListingType;
  price: number;
  location_address: string;
  location_city: string;
  location_region: string;
  location_lat: number;
  location_lng: number;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  images: string[];
  availability: "available" | "pending" | "adopted";
  created_at: string;
}

export function makeRow(random: () => number, owners: string[], imageFor: (petType: PetType) => string | undefined, now: number): Row {
  const { int, pick, weighted } = picker(random);
  const petType = weighted(Object.fromEntries(PET_TYPES.map((t) => [t, SPECIES[t].weight])) as Record<PetType, number>);
  const species = SPECIES[petType];
  const listingType = weighted(LISTING_WEIGHTS);
  const female = random() < 0.5;
  const g = female ? 1 : 0;
  const breed = pick(species.breeds);
  const noun = pick(species.nouns)[g];
  const adjective = pick(ADJECTIVES)[g];
  const other = pick(ADJECTIVES)[g];
  const age = pick(species.ages);
  const young = /mes/.test(age);
  const name = pick(species.names);
  const [city, region, lat, lng] = pick(CITIES);
  const reason = pick(REASONS[listingType]);
  const titles = [
    `${name}, ${noun} ${adjective} — ${reason.toLowerCase()}`,
    `${reason}: ${young ? species.young[g] : noun} di ${breed} ${adjective}`,
    `${breed} ${adjective} a ${city}`,
    `${name}, ${breed.toLowerCase()} ${other} ${listingType === "adoption" ? "cerca casa" : "disponibile"}`,
  ];
  const sentences = [
    `${name} è ${female ? "una" : "un"} ${young ? species.young[g] : noun} di ${breed} di ${age}, ${adjective} e ${other}.`,
    pick(HEALTH),
    pick(CHARACTER),
    random() < 0.5 ? pick(CHARACTER) : "",
    `Si trova a ${city} (${region}).`,
    pick(CLOSING),
  ].filter(Boolean);
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  const image = random() < 0.7 ? imageFor(petType) : undefined;
  const [minPrice, maxPrice] = species.price;
  const createdAt = now - Math.floor(random() * 180 * DAY_MS);
  const availabilityRoll = random();
  return {
    user_id: pick(owners),
    title: pick(titles).slice(0, 120),
    description: sentences.join(" "),
    pet_type: petType,
    breed: random() < 0.95 ? breed : null,
    age,
    gender: female ? "female" : "male",
    listing_type: listingType,
    price: listingType === "sale" ? int(minPrice, maxPrice) + (random() < 0.2 ? 0.5 : 0) : 0,
    location_address: `${pick(STREETS)} ${int(1, 180)}`,
    location_city: city,
    location_region: region,
    // Within a few kilometres of the town centre: markers do not all sit on one point.
    location_lat: Number((lat + (random() - 0.5) * 0.08).toFixed(5)),
    location_lng: Number((lng + (random() - 0.5) * 0.1).toFixed(5)),
    contact_name: `${first} ${last}`,
    contact_phone: `+39 3${int(20, 99)} ${int(100, 999)} ${int(1000, 9999)}`,
    contact_email: `${first}.${last.replace(/\s+/g, "")}${int(1, 99)}@example.it`.toLowerCase(),
    images: image ? [image] : [],
    availability: availabilityRoll < 0.85 ? "available" : availabilityRoll < 0.95 ? "pending" : "adopted",
    created_at: new Date(createdAt).toISOString(),
  };
}

/** A generated row's columns, as json_to_recordset reads them (the rows travel as JSON). */
export const LISTING_COLUMNS =
  "user_id uuid, title text, description text, pet_type text, breed text, age text, gender text, listing_type text, price numeric, " +
  "location_address text, location_city text, location_region text, location_lat double precision, location_lng double precision, " +
  "contact_name text, contact_phone text, contact_email text, images text[], availability text, created_at timestamptz";
export const LISTING_COLUMN_NAMES = LISTING_COLUMNS.split(", ")
  .map((c) => c.split(" ")[0])
  .join(", ");

// --- What the bench drives -----------------------------------------------------------------------

export interface ListingFilter {
  q: string;
  petType?: PetType;
  listingType?: ListingType;
  page: number;
}

export function filterPath(f: ListingFilter): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.petType) params.set("petType", f.petType);
  if (f.listingType) params.set("listingType", f.listingType);
  if (f.page > 1) params.set("page", String(f.page));
  const query = params.toString();
  return query ? `/pet-listings?${query}` : "/pet-listings";
}

/**
 * The measured mix: 20 searched and filtered list pages, as people would type them (breeds, words of
 * the ads, a city, accents or not), pages 1–3. Pages past a combination's last page are brought back
 * to its last page by the bench (the app would redirect them).
 */
export const LISTING_MIX: ListingFilter[] = [
  { q: "labrador", petType: "dog", listingType: "sale", page: 1 },
  { q: "cucciolo", petType: "dog", listingType: "adoption", page: 1 },
  { q: "affettuoso", petType: "dog", listingType: "adoption", page: 2 },
  { q: "meticcio", petType: "dog", listingType: "free", page: 1 },
  { q: "pastore", petType: "dog", page: 3 },
  { q: "micio", petType: "cat", listingType: "adoption", page: 1 },
  { q: "gattina", petType: "cat", listingType: "free", page: 2 },
  { q: "persiano", petType: "cat", listingType: "sale", page: 1 },
  { q: "coccolona", petType: "cat", page: 1 },
  { q: "maine coon", petType: "cat", listingType: "sale", page: 2 },
  { q: "pappagallo", petType: "bird", listingType: "sale", page: 1 },
  { q: "canarino", petType: "bird", page: 1 },
  { q: "coniglietto", petType: "rabbit", listingType: "free", page: 1 },
  { q: "ariete", petType: "rabbit", listingType: "adoption", page: 1 },
  { q: "criceto", petType: "rodent", listingType: "sale", page: 1 },
  { q: "pesce rosso", petType: "fish", page: 1 },
  { q: "tartaruga", petType: "reptile", listingType: "adoption", page: 1 },
  { q: "furetto", petType: "other", listingType: "sale", page: 1 },
  { q: "forli", petType: "dog", listingType: "adoption", page: 1 },
  { q: "vaccinato", petType: "dog", listingType: "sale", page: 3 },
];

/**
 * Candidate combinations for the run where each request is a query never asked before: for every
 * pet type, its own words, words of any ad and cities, with and without a listing type, pages 1–3,
 * and its own words paired with a city. generateListings keeps those whose page exists and
 * shuffles them.
 */
function candidateFilters(): ListingFilter[] {
  const generic = ["affettuoso", "dolcissima", "vivace", "socievole", "vaccinato", "microchip", "famiglia", "curioso", "regalo", "adozione", "bambini", "coccole"];
  const cities = ["roma", "milano", "napoli", "torino", "bologna", "firenze", "bari", "forli", "genova", "padova"];
  const own: Record<PetType, string[]> = {
    dog: ["labrador", "cane", "cucciolo", "beagle", "bassotto", "collie"],
    cat: ["micio", "gatto", "gattino", "siamese", "certosino", "ragdoll"],
    bird: ["pappagallo", "canarino", "cocorita", "uccellino"],
    rabbit: ["coniglio", "ariete", "angora", "coniglietta"],
    rodent: ["criceto", "porcellino", "cincilla", "gerbillo"],
    fish: ["pesce", "betta", "guppy", "acquario"],
    reptile: ["tartaruga", "geco", "pogona", "testuggine"],
    other: ["furetto", "capra", "asinello", "riccio"],
  };
  const seen = new Set(LISTING_MIX.map(filterPath));
  const filters: ListingFilter[] = [];
  for (const petType of PET_TYPES) {
    for (const q of [...own[petType], ...generic, ...cities]) {
      for (const listingType of [undefined, ...LISTING_TYPES]) {
        for (const page of [1, 2, 3]) {
          const f: ListingFilter = { q, petType, listingType, page };
          if (!seen.has(filterPath(f))) filters.push(f);
        }
      }
    }
    // Two words, an animal and a town: searches whose words were never asked together either (the
    // app memoizes how a search's text splits into words).
    for (const word of own[petType]) {
      for (const city of cities) {
        for (const listingType of [undefined, ...LISTING_TYPES]) filters.push({ q: `${word} ${city}`, petType, listingType, page: 1 });
      }
    }
  }
  return filters;
}

/**
 * The scale mode's first requests after a restart (issue 27): list pages new to the server, as a
 * visitor makes them, in a seeded order: the candidates' first pages (a word or two, with and
 * without filters), with every pet type × listing type combination and its first three pages mixed
 * in. Pages 1 only for the searches, so none needs counting first; an empty result is a real answer.
 */
export function newListPaths(seed = 27): string[] {
  const searches = candidateFilters().filter((f) => f.page === 1);
  const random = mulberry32(seed);
  for (let i = searches.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [searches[i], searches[j]] = [searches[j]!, searches[i]!];
  }
  const filters: ListingFilter[] = [];
  for (const page of [1, 2, 3]) {
    for (const petType of [undefined, ...PET_TYPES]) for (const listingType of [undefined, ...LISTING_TYPES]) filters.push({ q: "", petType, listingType, page });
  }
  const paths: string[] = [];
  const every = Math.max(1, Math.floor(searches.length / filters.length));
  searches.forEach((f, i) => {
    paths.push(filterPath(f));
    if (i % every === every - 1 && filters.length) paths.push(filterPath(filters.shift()!));
  });
  return [...paths, ...filters.map(filterPath)];
}

/**
 * The list's other filters and orders (decision 0094), first pages: a region of the generated
 * cities with each order, the sales in a price range, "con foto", the nearest to a comune, the
 * map's area (decision 0096) (the
 * generated listings have no birth date: the age bands answer nothing, through their index).
 */
export function filterOrderPaths(): string[] {
  const paths: string[] = [];
  const regions = ["Lombardia", "Sicilia", "Veneto", "Molise"];
  for (const region of regions) {
    for (const sort of ["", "price-asc", "price-desc"]) {
      const params = new URLSearchParams({ region, photo: "1" });
      if (sort) params.set("sort", sort);
      paths.push(`/pet-listings?${params}`);
    }
    paths.push(`/pet-listings?${new URLSearchParams({ region, listingType: "sale", priceMin: "100", priceMax: "400" })}`);
  }
  for (const petType of ["dog", "cat"]) {
    paths.push(`/pet-listings?petType=${petType}&sort=price-asc&priceMax=300`, `/pet-listings?petType=${petType}&age=0-3m`);
    for (const near of ["Milano", "Bari", "Aosta"]) paths.push(`/pet-listings?petType=${petType}&sort=nearest&near=${near}`);
    // The map's area (decision 0096): around Milan, Rome and all of Sicily.
    for (const area of ["45.35,9.0,45.6,9.35", "41.75,12.3,42.05,12.7", "36.6,12.4,38.35,15.7"]) paths.push(`/pet-listings?petType=${petType}&area=${area}`);
  }
  return paths;
}

export const pageCount = (matches: number) => Math.max(1, Math.ceil(matches / PAGE_SIZE));

// --- Generation ----------------------------------------------------------------------------------

export interface Generated {
  inserted: number;
  /** the whole generation: opening the database, inserting, counting the matches, closing */
  ms: number;
  /** the inserts alone (the generated search_vector and its GIN index are filled as rows arrive) */
  insertMs: number;
  /** active listings in the table afterwards (demo ones included) */
  active: number;
  owners: number;
  /** Matching active listings of each LISTING_MIX filter (page aside), in its order. */
  mixMatches: number[];
  /**
   * Searched and filtered list pages for the run where every request is a new query: combinations
   * whose page exists (a page past the end would only be a redirect), shuffled (seeded).
   */
  distinct: ListingFilter[];
  /** how many candidate combinations had no result at all (kept: people search those too) */
  distinctEmpty: number;
}

/** How the app matches a filter (app/listings/browse.server.ts, publicMatches). */
function whereOf(f: ListingFilter): { sql: string; params: unknown[] } {
  const parts = ["status = 'active'"];
  const params: unknown[] = [];
  if (f.petType) {
    params.push(f.petType);
    parts.push(`pet_type = $${params.length}`);
  }
  if (f.listingType) {
    params.push(f.listingType);
    parts.push(`listing_type = $${params.length}`);
  }
  const words = f.q.split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length) {
    params.push(words.join(" "), f.petType ?? null, f.listingType ?? null);
    const n = params.length;
    parts.push(`search_vector @@ zampa_listing_query($${n - 2}::text, $${n - 1}::text, $${n}::text)`);
  }
  return { sql: parts.join(" and "), params };
}

/**
 * What the generators need of a database: PGlite satisfies it as it is, a node-postgres client
 * through openPgBenchClient.
 */
export interface BenchClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** The bench's embedded database (DATA_DIR/db), opened as the app opens it; the server must be stopped. */
export function openBenchDatabase(dataDir: string): Promise<PGlite> {
  return PGlite.create(path.join(dataDir, "db"), { extensions: { unaccent, pg_trgm } });
}

/** A PostgreSQL server's database (`url`) as a BenchClient: one connection, closed by close(). */
export async function openPgBenchClient(url: string): Promise<BenchClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as T[] }),
    close: () => client.end(),
  };
}

/**
 * The generated listings' photo hashes, as the site keeps them for every photo (decision 0086):
 * copied from the demo listing whose photo they reuse. Without them the measured server would
 * spend its first hours hashing the catalogue's photos in the background.
 */
export async function copyPhotoHashes(client: BenchClient): Promise<void> {
  await client.query(
    `insert into listing_photo_hashes (listing_id, user_id, photo_url, hash, mirrored_hash, band0, band1, band2, band3)
     select l.id, l.user_id, h.photo_url, h.hash, h.mirrored_hash, h.band0, h.band1, h.band2, h.band3
     from pet_listings l
     join (select distinct on (photo_url) * from listing_photo_hashes order by photo_url, created_at) h on h.photo_url = l.images[1]
     where not exists (select 1 from listing_photo_hashes x where x.listing_id = l.id)`,
  );
}

/**
 * Inserts `count` active listings into the database of DATA_DIR `dataDir` (migrated and seeded by a
 * first start of the server, which must be stopped), or into an already open one (PGlite or a
 * PostgreSQL server). Owners are the
 * users of the database (the demo ones, and any generated before); photos, when a listing has one,
 * are the demo listings' first images of the same pet type. `batch` rows travel in each insert;
 * `distinct: false` skips counting the matches of every candidate search (`distinct` is then empty),
 * which takes longer than the inserts on a large catalogue. Each batch is built while the previous
 * one is inserted (a PostgreSQL server inserts in its own processes; PGlite, in this thread, runs
 * the same statements in the same order).
 */
export async function generateListings(
  database: string | BenchClient,
  count: number,
  { batch = BATCH, distinct: withDistinct = true }: { batch?: number; distinct?: boolean } = {},
): Promise<Generated> {
  const started = performance.now();
  const client: BenchClient = typeof database === "string" ? await openBenchDatabase(database) : database;
  try {
    const owners = (await client.query<{ id: string }>("select id from profiles where role = 'user' order by email")).rows.map((r) => r.id);
    if (owners.length === 0) throw new Error("no demo user in profiles: was the demo content loaded?");
    const images = (
      await client.query<{ pet_type: PetType; image: string }>(
        "select distinct on (pet_type) pet_type, images[1] as image from pet_listings where cardinality(images) > 0 order by pet_type, created_at",
      )
    ).rows;
    const byType = new Map(images.map((r) => [r.pet_type, r.image]));
    const anyImage = images[0]?.image;
    const imageFor = (petType: PetType) => byType.get(petType) ?? anyImage;

    const random = mulberry32(2026);
    const now = Date.now();
    const insertStarted = performance.now();
    const columns = LISTING_COLUMNS;
    const names = LISTING_COLUMN_NAMES;
    let inserting: Promise<unknown> | undefined;
    for (let done = 0; done < count; done += batch) {
      const rows: Row[] = [];
      for (let i = 0; i < Math.min(batch, count - done); i++) rows.push(makeRow(random, owners, imageFor, now));
      const json = JSON.stringify(rows);
      await inserting;
      // One parameter per batch: the rows travel as JSON and PostgreSQL unpacks them.
      inserting = client.query(
        `insert into pet_listings (${names}, status, updated_at)
         select ${names}, 'active', created_at from json_to_recordset($1::json) as t(${columns})`,
        [json],
      );
    }
    await inserting;
    await copyPhotoHashes(client);
    const insertMs = performance.now() - insertStarted;
    // Public before the measured server starts: not news for the saved searches' alerts (the
    // trigger of drizzle/0031 queued them), as a grown site's catalogue would be.
    await client.query("update listing_alert_queue set matched_at = now() where matched_at is null");
    const active = (await client.query<{ n: number }>("select count(*)::int as n from pet_listings where status = 'active'")).rows[0]?.n ?? 0;
    const countOf = async (f: ListingFilter) => {
      const where = whereOf(f);
      return (await client.query<{ n: number }>(`select count(*)::int as n from pet_listings where ${where.sql}`, where.params)).rows[0]?.n ?? 0;
    };
    const mixMatches: number[] = [];
    for (const f of LISTING_MIX) mixMatches.push(await countOf(f));

    // Matches of every candidate, one grouped count per search word.
    const candidates = withDistinct ? candidateFilters() : [];
    const perWord = new Map<string, Map<string, number>>();
    for (const q of new Set(candidates.map((f) => f.q))) {
      const where = whereOf({ q, page: 1 });
      const groups = (
        await client.query<{ pet_type: string; listing_type: string; n: number }>(
          `select pet_type, listing_type, count(*)::int as n from pet_listings where ${where.sql} group by 1, 2`,
          where.params,
        )
      ).rows;
      const counts = new Map<string, number>();
      for (const g of groups) {
        for (const key of [`${g.pet_type}/${g.listing_type}`, `${g.pet_type}/`]) counts.set(key, (counts.get(key) ?? 0) + g.n);
      }
      perWord.set(q, counts);
    }
    const matchesOf = (f: ListingFilter) => perWord.get(f.q)?.get(`${f.petType ?? ""}/${f.listingType ?? ""}`) ?? 0;
    const distinct = candidates.filter((f) => f.page <= pageCount(matchesOf(f)));
    const distinctEmpty = distinct.filter((f) => matchesOf(f) === 0).length;
    const shuffle = mulberry32(4);
    for (let i = distinct.length - 1; i > 0; i--) {
      const j = Math.floor(shuffle() * (i + 1));
      [distinct[i], distinct[j]] = [distinct[j]!, distinct[i]!];
    }
    return { inserted: count, ms: performance.now() - started, insertMs, active, owners: owners.length, mixMatches, distinct, distinctEmpty };
  } finally {
    if (typeof database === "string") await client.close();
  }
}

/** `text` with its placeholders numbered again from $1 in the order of `params` it still uses (PostgreSQL refuses unused ones). */
function onlyUsedParams(text: string, params: unknown[]): { text: string; params: unknown[] } {
  const used = [...new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const renumbered = text.replace(/\$(\d+)/g, (_, n: string) => `$${used.indexOf(Number(n)) + 1}`);
  return { text: renumbered, params: used.map((n) => params[n - 1]) };
}

/**
 * EXPLAIN ANALYZE of the list page's queries (browseListings in app/listings/browse.server.ts) for
 * each filter, on the bench database (the server must be stopped). Each query runs once before it is
 * explained, so the plan shows warm buffers and catalogue, as in a running server.
 */
export async function explainListingQueries(dataDir: string, filters: ListingFilter[]): Promise<{ filter: ListingFilter; plan: string }[]> {
  const client = await openBenchDatabase(dataDir);
  try {
    const plans: { filter: ListingFilter; plan: string }[] = [];
    for (const f of filters) {
      const where = whereOf(f);
      // The first matches (at most 1,001: the count and, for a narrow search, the page) and the
      // walk along the list's order a broad search's page takes, as browseListings runs them.
      const walkWhere = where.sql.replace(/search_vector @@ zampa_listing_query\((\$\d+)::text, [^)]*\)/, "(search_vector @@ zampa_word_query($1::text)) is true");
      const matches = `select id from (select id, created_at from pet_listings where ${where.sql} limit 1001) first_matches order by created_at desc, id desc`;
      const walk = `select id from pet_listings where ${walkWhere} order by created_at desc, id desc limit ${PAGE_SIZE} offset ${(f.page - 1) * PAGE_SIZE}`;
      const parts: string[] = [];
      for (const query of [{ text: matches, params: where.params }, onlyUsedParams(walk, where.params)]) {
        await client.query(query.text, query.params);
        const result = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.text}`, query.params);
        parts.push(result.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      }
      plans.push({ filter: f, plan: parts.join("\n\n") });
    }
    return plans;
  } finally {
    await client.close();
  }
}
