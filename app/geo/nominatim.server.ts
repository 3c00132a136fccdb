// OpenStreetMap Nominatim, used when GEOCODER=nominatim. Its usage policy asks for a User-Agent
// that identifies the application, at most one request per second and caching of the results.
import { z } from "zod";
import { placeKey, regionName } from "./gazetteer.server";
import type { GeocoderBackend } from "./types";

/** The service could not answer (network, timeout, non-200, unreadable reply, queue full). */
export class GeocoderError extends Error {
  override name = "GeocoderError";
}

export interface NominatimOptions {
  /** e.g. https://nominatim.openstreetmap.org */
  baseUrl: string;
  userAgent: string;
  /** Pause between the end of one request and the start of the next (default 1 s). */
  minIntervalMs?: number;
  timeoutMs?: number;
  /** Requests allowed to wait for their turn; beyond that they fail at once instead of piling up. */
  maxQueued?: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The site-wide turn (shared by every process, decision 0071): answers the milliseconds to wait before starting. */
  takeTurn?: (intervalMs: number) => Promise<number>;
}

const coordinate = z.coerce.number();
const address = z
  .object({
    road: z.string(),
    house_number: z.string(),
    city: z.string(),
    town: z.string(),
    village: z.string(),
    municipality: z.string(),
    state: z.string(),
    country_code: z.string(),
  })
  .partial();
const searchReply = z.array(z.object({ lat: coordinate, lon: coordinate, address: address.optional() }));
// A point with nothing around it is answered 200 with { "error": "Unable to geocode" }.
const reverseReply = z.union([z.object({ error: z.string() }), z.object({ address: address.optional() })]);

type Address = z.infer<typeof address>;

function cityOf(a: Address | undefined): string | undefined {
  return a?.city ?? a?.town ?? a?.village ?? a?.municipality;
}

/** A bounded least-recently-used map whose entries expire; null (not found) is cached too. */
function createCache(max: number, ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    get(key: string): { value: unknown } | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expires <= now()) return undefined;
      entries.set(key, entry); // most recently used goes last
      return entry;
    },
    set(key: string, value: unknown): void {
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * A Nominatim client. Requests from this process go one at a time, spaced by minIntervalMs; with
 * takeTurn, each also waits for its site-wide turn, so several processes together keep the pace
 * (decisions 0022, 0071).
 */
export function createNominatim(options: NominatimOptions): GeocoderBackend {
  const { baseUrl, userAgent, minIntervalMs = 1000, timeoutMs = 10_000, maxQueued = 20 } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const cache = createCache(options.cacheSize ?? 1000, options.cacheTtlMs ?? 24 * 60 * 60 * 1000, now);
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let lastEnd = -Infinity;

  async function request(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${baseUrl}${path}?${new URLSearchParams(params)}`;
    try {
      const response = await fetch(url, {
        headers: { "user-agent": userAgent, accept: "application/json", "accept-language": "it" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new GeocoderError(`Nominatim answered ${response.status} to ${url}`);
      }
      return await response.json();
    } catch (error) {
      if (error instanceof GeocoderError) throw error;
      throw new GeocoderError(`Nominatim request failed: ${url}`, { cause: error });
    }
  }

  /**
   * The cached answer for `key`, or `lookup` run in its turn: one request at a time, each starting
   * minIntervalMs after the previous one ended. The cache is read again when the turn comes, so
   * identical requests waiting together reach the service once.
   */
  async function cached<T>(key: string, lookup: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit.value as T;
    if (queued >= maxQueued) throw new GeocoderError("Nominatim: too many requests waiting");
    queued++;
    const run = queue.then(async () => {
      try {
        const again = cache.get(key);
        if (again) return again.value as T;
        const shared = options.takeTurn ? await options.takeTurn(minIntervalMs) : 0;
        // A turn further away than a request may take means the site is flooded: fail now rather than hold the visitor.
        if (shared > timeoutMs) throw new GeocoderError("Nominatim: too many requests waiting");
        const wait = Math.max(shared, lastEnd + minIntervalMs - now());
        if (wait > 0) await sleep(wait);
        try {
          const value = await lookup();
          cache.set(key, value);
          return value;
        } finally {
          lastEnd = now();
        }
      } finally {
        queued--;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const result = schema.safeParse(body);
    if (!result.success) throw new GeocoderError("Nominatim: unexpected reply", { cause: result.error });
    return result.data;
  }

  return {
    forward(city, region) {
      return cached(`f:${placeKey(city)}|${placeKey(region)}`, async () => {
        const body = await request("/search", {
          q: `${city}, ${region}, Italy`,
          format: "json",
          limit: "1",
          countrycodes: "it",
          addressdetails: "1",
        });
        const first = parse(searchReply, body)[0];
        if (!first) return null;
        return {
          lat: first.lat,
          lng: first.lon,
          city: cityOf(first.address) ?? city,
          region: regionName(first.address?.state ?? region),
        };
      });
    },

    reverse(lat, lng) {
      // Rounded to about a metre: the key of the cache and what the service is asked.
      const latText = lat.toFixed(5);
      const lngText = lng.toFixed(5);
      return cached(`r:${latText},${lngText}`, async () => {
        const body = await request("/reverse", {
          lat: latText,
          lon: lngText,
          format: "json",
          addressdetails: "1",
          "accept-language": "it",
        });
        const reply = parse(reverseReply, body);
        const a = "address" in reply ? reply.address : undefined;
        const city = cityOf(a);
        // Outside Italy there is no comune to fill the form with, as with the offline gazetteer.
        if (!a || !city || !a.state || a.country_code !== "it") return null;
        return { city, region: regionName(a.state), address: [a.road, a.house_number].filter(Boolean).join(" ") };
      });
    },
  };
}
