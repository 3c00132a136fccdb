import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, setConfig } from "~/config.server";
import { loader as forwardLoader } from "~/routes/api.geocode";
import { loader as reverseLoader } from "~/routes/api.geocode-reverse";
import { geocodeForward, geocodeReverse, parseCoordinate } from "./geocoder.server";
import { GEO_MESSAGES } from "./messages";

describe("geocoder (offline, the default)", () => {
  it("finds Roma, Lazio", async () => {
    const result = await geocodeForward("Roma", "Lazio");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ city: "Roma", region: "Lazio" });
    expect(result.value.lat).toBeCloseTo(41.89, 1);
    expect(result.value.lng).toBeCloseTo(12.48, 1);
  });

  it("trims and ignores accents and case", async () => {
    const a = await geocodeForward(" forlì ", "emilia-romagna");
    const b = await geocodeForward("FORLI", "Emilia Romagna");
    expect(a).toMatchObject({ ok: true, value: { city: "Forlì", region: "Emilia-Romagna" } });
    expect(b).toEqual(a);
  });

  it("asks for city and region when either is empty", async () => {
    const missing = { ok: false, reason: "invalid", message: "Inserisci città e regione per la geolocalizzazione" };
    expect(await geocodeForward("", "Lazio")).toEqual(missing);
    expect(await geocodeForward("Roma", "   ")).toEqual(missing);
    expect(await geocodeForward("", "")).toEqual(missing);
  });

  it("reports a wrong region or an unknown place as not found", async () => {
    const notFound = { ok: false, reason: "not_found", message: "Impossibile trovare la posizione. Verifica città e regione." };
    expect(await geocodeForward("Roma", "Lombardia")).toEqual(notFound);
    expect(await geocodeForward("x".repeat(500), "Lazio")).toEqual(notFound);
  });

  it("reverse-geocodes a point near Milan, and nothing at sea", async () => {
    expect(await geocodeReverse(45.4642, 9.19)).toEqual({ ok: true, value: { city: "Milano", region: "Lombardia", address: "" } });
    expect(await geocodeReverse(38.5, 5)).toEqual({ ok: false, reason: "not_found", message: GEO_MESSAGES.noPlaceAtPoint });
  });

  it("rejects malformed coordinates", async () => {
    for (const [lat, lng] of [
      [NaN, 9],
      [45, Infinity],
      [91, 9],
      [45, -181],
      [parseCoordinate(""), 9],
      [45, parseCoordinate(null)],
      [parseCoordinate("45,46"), 9],
    ] as const) {
      expect(await geocodeReverse(lat, lng)).toEqual({ ok: false, reason: "invalid", message: "Coordinate non valide" });
    }
    expect(parseCoordinate(" 45.5 ")).toBe(45.5);
  });
});

describe("geocoder with GEOCODER=nominatim", () => {
  let server: Server;
  let status = 200;
  const userAgents: (string | undefined)[] = [];
  const previous = config();

  beforeAll(async () => {
    server = createServer((req, res) => {
      userAgents.push(req.headers["user-agent"]);
      const body = req.url?.startsWith("/search")
        ? [{ lat: "40.0081838", lon: "18.4255237", address: { town: "Castro", state: "Puglia", country_code: "it" } }]
        : { error: "Unable to geocode" };
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    setConfig({ ...previous, geocoder: "nominatim", geocoderUrl: `http://127.0.0.1:${port}`, publicUrl: "https://zampa.example.it" });
  });

  afterAll(async () => {
    setConfig(previous);
    await new Promise((resolve) => server.close(resolve));
  });

  it("uses the configured service with the app's User-Agent, and maps its failures", async () => {
    expect(await geocodeForward("Castro", "Puglia")).toEqual({
      ok: true,
      value: { lat: 40.0081838, lng: 18.4255237, city: "Castro", region: "Puglia" },
    });
    expect(userAgents).toEqual(["Zampa/1.0 (+https://zampa.example.it)"]);
    status = 503;
    // Another query (the first is cached), paced one second after the first.
    expect(await geocodeForward("Castro", "Lombardia")).toEqual({ ok: false, reason: "unavailable", message: "Errore durante la geolocalizzazione" });
    expect(userAgents).toHaveLength(2);
  });
});

describe("API routes", () => {
  async function get(loader: (args: never) => Promise<Response>, path: string) {
    // As React Router calls a loader: the request, and its URL normalized.
    const request = new Request(`http://localhost${path}`);
    const response = await loader({ request, url: new URL(request.url), params: {}, context: {} } as never);
    return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
  }

  it("GET /api/geocode answers the point, or 400, 404 with the message", async () => {
    const found = await get(forwardLoader, "/api/geocode?city=Roma&region=Lazio");
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ city: "Roma", region: "Lazio", lat: expect.closeTo(41.89, 1), lng: expect.closeTo(12.48, 1) });
    expect(await get(forwardLoader, "/api/geocode?city=Roma")).toEqual({
      status: 400,
      body: { error: "Inserisci città e regione per la geolocalizzazione" },
      cacheControl: "no-store",
    });
    expect(await get(forwardLoader, "/api/geocode?city=Roma&region=Puglia")).toMatchObject({
      status: 404,
      body: { error: "Impossibile trovare la posizione. Verifica città e regione." },
    });
  });

  it("GET /api/geocode/reverse answers city, region and address, or 400, 404", async () => {
    expect(await get(reverseLoader, "/api/geocode/reverse?lat=45.4642&lng=9.19")).toMatchObject({
      status: 200,
      body: { city: "Milano", region: "Lombardia", address: "" },
    });
    expect(await get(reverseLoader, "/api/geocode/reverse?lat=abc&lng=9.19")).toMatchObject({ status: 400, body: { error: "Coordinate non valide" } });
    expect(await get(reverseLoader, "/api/geocode/reverse?lat=45.4642")).toMatchObject({ status: 400 });
    expect(await get(reverseLoader, "/api/geocode/reverse?lat=38.5&lng=5")).toMatchObject({
      status: 404,
      body: { error: "Nessun comune trovato in questo punto" },
    });
  });
});
