// The shapes geocoding speaks in, apart from any backend: the geocoder and its backends (the
// gazetteer, Nominatim) all import them from here, so no backend depends on the geocoder.
export interface Place {
  lat: number;
  lng: number;
  /** official name of the comune */
  city: string;
  region: string;
}

export interface ReversePlace {
  city: string;
  region: string;
  /** street and number when the backend knows them; "" for the user to type */
  address: string;
}

export interface GeocoderBackend {
  forward(city: string, region: string): Promise<Place | null>;
  reverse(lat: number, lng: number): Promise<ReversePlace | null>;
}

export type GeocodeFailure = "invalid" | "not_found" | "unavailable";

export type GeocodeResult<T> = { ok: true; value: T } | { ok: false; reason: GeocodeFailure; message: string };
