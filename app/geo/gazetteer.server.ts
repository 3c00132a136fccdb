// Offline gazetteer: every Italian comune with its coordinates, from the ISTAT data that the npm
// package italian-locations ships (docs/decisions/0022-geocoding.md).
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Place, ReversePlace } from "./types";

export interface Comune {
  istat: string;
  /** official Italian name, e.g. "Forlì" */
  name: string;
  province: string;
  /** Italian name of the region, e.g. "Trentino-Alto Adige" */
  region: string;
  lat: number;
  lng: number;
}

interface Gazetteer {
  comuni: Comune[];
  /** placeKey of the Italian name and of the German or French one → comuni (homonyms share a key) */
  byName: Map<string, Comune[]>;
  /** Italian region name → placeKeys of every accepted spelling */
  regionKeys: Map<string, Set<string>>;
}

/** Points farther than this from every comune are not in Italy (the sea, another country). */
const MAX_DISTANCE_KM = 50;

// Common ways of writing a comune that are not its official name.
const CITY_ALIASES: Record<string, string> = {
  reggioemilia: "reggionellemilia",
  reggiocalabria: "reggiodicalabria",
};

// Short forms people use for the regions with long names; the official names, each part of a
// bilingual name ("Valle d'Aosta/Vallée d'Aoste") and spelling variants are matched by placeKey.
const REGION_ALIASES: Record<string, string[]> = {
  "Valle d'Aosta": ["Val d'Aosta", "Valle Aosta"],
  "Trentino-Alto Adige": ["Trentino", "Alto Adige"],
  "Friuli-Venezia Giulia": ["Friuli"],
};

/**
 * Comparison key of a place name: no accents, case, spaces, apostrophes or hyphens, so that
 * "Forlì" = "FORLI" = "Forli'" and "Sant'Agata" = "Sant Agata" = "Santagata".
 */
export function placeKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** The Italian part of a bilingual region name: "Trentino-Alto Adige/Südtirol" → "Trentino-Alto Adige". */
export function regionName(official: string): string {
  return official.split("/")[0]!.trim();
}

interface RawComune {
  codice_istat: string;
  denominazione_ita: string;
  denominazione_altra: string;
  sigla_provincia: string;
  denominazione_regione: string;
  lat: string;
  lon: string;
}

/**
 * The package's data file, found at run time next to its entry point: its name carries a content
 * hash, and the server build must not inline 4 MB of JSON (the package itself is never imported).
 */
function dataFile(): string {
  const dist = path.dirname(createRequire(import.meta.url).resolve("italian-locations"));
  const file = readdirSync(dist).find((name) => /^gi_comuni_cap-.*\.json$/.test(name));
  if (!file) throw new Error(`italian-locations: no gi_comuni_cap-*.json in ${dist}`);
  return path.join(dist, file);
}

function load(): Gazetteer {
  const rows = JSON.parse(readFileSync(dataFile(), "utf8")) as RawComune[];
  const comuni: Comune[] = [];
  const byName = new Map<string, Comune[]>();
  const regionKeys = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const regions = new Map<string, string>(); // one string per region, not one per row
  for (const row of rows) {
    // The file has one row per postcode: a comune with several CAPs appears several times.
    if (seen.has(row.codice_istat)) continue;
    seen.add(row.codice_istat);
    const lat = Number(row.lat);
    const lng = Number(row.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    let region = regions.get(row.denominazione_regione);
    if (!region) {
      region = regionName(row.denominazione_regione);
      regions.set(row.denominazione_regione, region);
      const keys = [row.denominazione_regione, ...row.denominazione_regione.split("/"), ...(REGION_ALIASES[region] ?? [])];
      regionKeys.set(region, new Set(keys.map(placeKey)));
    }
    const comune: Comune = { istat: row.codice_istat, name: row.denominazione_ita, province: row.sigla_provincia, region, lat, lng };
    comuni.push(comune);
    for (const key of new Set([row.denominazione_ita, row.denominazione_altra].filter(Boolean).map(placeKey))) {
      const list = byName.get(key);
      if (list) list.push(comune);
      else byName.set(key, [comune]);
    }
  }
  return { comuni, byName, regionKeys };
}

let gazetteer: Gazetteer | undefined;

/** Loaded on first use (~8k comuni, a few MB) and kept for the life of the process. */
export function loadGazetteer(): Gazetteer {
  gazetteer ??= load();
  return gazetteer;
}

/**
 * The comune called `city` in `region`, or null. The region picks among homonyms (Castro in
 * Lombardia and in Puglia); a region that is not the comune's gives null even for a unique name.
 */
export function gazetteerForward(city: string, region: string): Place | null {
  const { byName, regionKeys } = loadGazetteer();
  const key = placeKey(city);
  const regionKey = placeKey(region);
  const comune = (byName.get(CITY_ALIASES[key] ?? key) ?? []).find((c) => regionKeys.get(c.region)?.has(regionKey));
  return comune ? { lat: comune.lat, lng: comune.lng, city: comune.name, region: comune.region } : null;
}

/**
 * The comune called `city`, for a place typed by a visitor (the list's "Più vicini a"): among
 * homonyms, the one in `region` when given, else the first of the official list. Null when no
 * comune has that name.
 */
export function gazetteerByName(city: string, region?: string | null): Place | null {
  const { byName, regionKeys } = loadGazetteer();
  const key = placeKey(city);
  if (!key) return null;
  const found = byName.get(CITY_ALIASES[key] ?? key) ?? [];
  const regionKey = region ? placeKey(region) : null;
  const comune = (regionKey ? found.find((c) => regionKeys.get(c.region)?.has(regionKey)) : undefined) ?? found[0];
  return comune ? { lat: comune.lat, lng: comune.lng, city: comune.name, region: comune.region } : null;
}

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The comune whose centre is nearest to the point (an approximation near borders: the data has
 * centres, not boundaries), or null beyond MAX_DISTANCE_KM. The street address is left to the user.
 */
export function gazetteerReverse(lat: number, lng: number): ReversePlace | null {
  let nearest: Comune | undefined;
  let best = Infinity;
  for (const comune of loadGazetteer().comuni) {
    const d = distanceKm(lat, lng, comune.lat, comune.lng);
    if (d < best) {
      best = d;
      nearest = comune;
    }
  }
  return nearest && best <= MAX_DISTANCE_KM ? { city: nearest.name, region: nearest.region, address: "" } : null;
}
