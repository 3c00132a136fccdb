// The one entry point of geocoding: the listing form finds coordinates from city and region, and
// fills city, region and address from a point on the map. Backend from GEOCODER (offline default).
import { z } from "zod";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { takeTurn } from "~/lib/pacing.server";
import { gazetteerForward, gazetteerReverse } from "./gazetteer.server";
import { GEO_MESSAGES } from "./messages";
import { createNominatim, GeocoderError } from "./nominatim.server";
import type { GeocodeFailure, GeocodeResult, GeocoderBackend, Place, ReversePlace } from "./types";

export { GeocoderError };

/** HTTP status of each failure, for the API routes. */
export const GEOCODE_STATUS: Record<GeocodeFailure, number> = { invalid: 400, not_found: 404, unavailable: 502 };

// No comune name comes near this; longer input is not sent anywhere.
const MAX_NAME_LENGTH = 100;

const forwardInput = z.object({ city: z.string().trim().min(1), region: z.string().trim().min(1) });
const reverseInput = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

const offline: GeocoderBackend = {
  forward: async (city, region) => gazetteerForward(city, region),
  reverse: async (lat, lng) => gazetteerReverse(lat, lng),
};

let nominatim: { key: string; client: GeocoderBackend } | undefined;

function backend(): GeocoderBackend {
  const { geocoder, geocoderUrl, publicUrl } = config();
  if (geocoder === "offline") return offline;
  const key = `${geocoderUrl} ${publicUrl}`;
  if (nominatim?.key !== key) {
    nominatim = { key, client: createNominatim({ baseUrl: geocoderUrl, userAgent: `Zampa/1.0 (+${publicUrl})`, takeTurn: (ms) => takeTurn("nominatim", ms) }) };
  }
  return nominatim.client;
}

function failure(reason: GeocodeFailure, message: string): { ok: false; reason: GeocodeFailure; message: string } {
  return { ok: false, reason, message };
}

async function run<T>(lookup: () => Promise<T | null>, notFound: string): Promise<GeocodeResult<T>> {
  try {
    const value = await lookup();
    return value ? { ok: true, value } : failure("not_found", notFound);
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    logger.warn({ err: error }, "geocoding service failed");
    return failure("unavailable", GEO_MESSAGES.serviceError);
  }
}

/** Coordinates of the comune `city` in `region` (both required; a wrong region is not found). */
export async function geocodeForward(city: string, region: string): Promise<GeocodeResult<Place>> {
  const input = forwardInput.safeParse({ city, region });
  if (!input.success) return failure("invalid", GEO_MESSAGES.missingCityOrRegion);
  const { city: c, region: r } = input.data;
  if (c.length > MAX_NAME_LENGTH || r.length > MAX_NAME_LENGTH) return failure("not_found", GEO_MESSAGES.notFound);
  return run(() => backend().forward(c, r), GEO_MESSAGES.notFound);
}

/** City, region and (with Nominatim) street of a point; not found outside Italy. */
export async function geocodeReverse(lat: number, lng: number): Promise<GeocodeResult<ReversePlace>> {
  const input = reverseInput.safeParse({ lat, lng });
  if (!input.success) return failure("invalid", GEO_MESSAGES.invalidCoordinates);
  return run(() => backend().reverse(input.data.lat, input.data.lng), GEO_MESSAGES.noPlaceAtPoint);
}

/** A query-string coordinate as a number: NaN when missing or not a number ("" is not 0). */
export function parseCoordinate(value: string | null): number {
  return value === null || value.trim() === "" ? NaN : Number(value);
}
