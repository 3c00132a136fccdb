import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { takeTurn } from "~/lib/pacing.server";
import { createNominatim, GeocoderError, type NominatimOptions } from "./nominatim.server";

// A stand-in for nominatim.openstreetmap.org on 127.0.0.1, recording what it receives and when.
interface Received {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  at: number;
}

const USER_AGENT = "Zampa/1.0 (+https://zampa.example.it)";
const received: Received[] = [];
const held: ServerResponse[] = [];
let answer: (path: string, res: ServerResponse) => void;
let inFlight = 0;
let maxInFlight = 0;
let server: Server;
let baseUrl: string;

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const ROMA = [{ lat: "41.8933203", lon: "12.4829321", address: { city: "Roma", state: "Lazio", country_code: "it" } }];
const MILANO = { address: { road: "Via Dante", house_number: "12", city: "Milano", state: "Lombardia", country_code: "it" } };

function standardAnswer(path: string, res: ServerResponse): void {
  json(res, path === "/search" ? ROMA : MILANO);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    received.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers["user-agent"], at: performance.now() });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    answer(url.pathname, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  maxInFlight = 0;
  answer = standardAnswer;
});

/** No pacing unless a test asks for it, so that the suite stays fast. */
function client(options: Partial<NominatimOptions> = {}) {
  return createNominatim({ baseUrl, userAgent: USER_AGENT, minIntervalMs: 0, ...options });
}

/** A clock that only moves when the client sleeps, and the sleeps it was asked for. */
function fakeClock() {
  const clock = { t: 1_000_000, sleeps: [] as number[] };
  return {
    clock,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
    },
  };
}

describe("Nominatim adapter", () => {
  it("searches 'city, region, Italy' with the app's User-Agent and maps the first result", async () => {
    const place = await client().forward("Roma", "Lazio");
    expect(place).toEqual({ lat: 41.8933203, lng: 12.4829321, city: "Roma", region: "Lazio" });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe("/search");
    expect(request!.userAgent).toBe(USER_AGENT);
    expect(Object.fromEntries(request!.query)).toEqual({
      q: "Roma, Lazio, Italy",
      format: "json",
      limit: "1",
      countrycodes: "it",
      addressdetails: "1",
    });
  });

  it("reads town or village when there is no city, keeps the Italian part of the region, and null for no result", async () => {
    answer = (_path, res) => json(res, [{ lat: "46.08", lon: "11.52", address: { village: "Samone", state: "Trentino-Alto Adige/Südtirol" } }]);
    expect(await client().forward("Samone", "Trentino")).toEqual({ lat: 46.08, lng: 11.52, city: "Samone", region: "Trentino-Alto Adige" });
    answer = (_path, res) => json(res, []);
    expect(await client().forward("Atlantide", "Lazio")).toBeNull();
  });

  it("reverse-geocodes with the documented query and fills the street", async () => {
    expect(await client().reverse(45.4642, 9.19)).toEqual({ city: "Milano", region: "Lombardia", address: "Via Dante 12" });
    const [request] = received;
    expect(request!.path).toBe("/reverse");
    expect(request!.userAgent).toBe(USER_AGENT);
    expect(Object.fromEntries(request!.query)).toEqual({
      lat: "45.46420",
      lon: "9.19000",
      format: "json",
      addressdetails: "1",
      "accept-language": "it",
    });
  });

  it("finds nothing where Nominatim has nothing or the point is abroad", async () => {
    answer = (_path, res) => json(res, { error: "Unable to geocode" });
    expect(await client().reverse(38.5, 5)).toBeNull();
    answer = (_path, res) => json(res, { address: { city: "Nice", state: "Provence-Alpes-Côte d'Azur", country_code: "fr" } });
    expect(await client().reverse(43.7, 7.26)).toBeNull();
  });

  it("leaves at least one second between two requests (real clock)", async () => {
    const nominatim = client({ minIntervalMs: undefined });
    await Promise.all([nominatim.forward("Roma", "Lazio"), nominatim.forward("Milano", "Lombardia")]);
    expect(received).toHaveLength(2);
    // The pace holds between the sends; arrivals are stamped here, and the first one also carries the
    // connection's opening, so their gap may be a few milliseconds shorter (without the pace: ~0).
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(1000 - 50);
  });

  it("keeps one pace for the whole site when several processes share the turns", async () => {
    // Two clients stand for two server processes: each has its own queue, the turns are the database's
    // (how the database hands them out is pacing.server.test.ts's subject).
    const turns: number[] = [];
    const shared = async (ms: number) => {
      const wait = await takeTurn("nominatim-test", ms);
      turns.push(performance.now() + wait);
      return wait;
    };
    const first = client({ minIntervalMs: 500, takeTurn: shared });
    const second = client({ minIntervalMs: 500, takeTurn: shared });
    await Promise.all([first.forward("Roma", "Lazio"), second.forward("Milano", "Lombardia"), second.reverse(45.4642, 9.19)]);
    expect(turns).toHaveLength(3);
    const starts = received.map((r) => r.at).sort((a, b) => a - b);
    const due = [...turns].sort((a, b) => a - b);
    expect(starts).toHaveLength(3);
    // No request reaches the service before its turn (waits are whole milliseconds: allow one).
    for (let i = 0; i < starts.length; i++) expect(starts[i]!).toBeGreaterThanOrEqual(due[i]! - 1);
    expect(due[2]! - due[0]!).toBeGreaterThan(500);
  });

  it("fails at once when the site-wide turn is further away than a request may take", async () => {
    const nominatim = client({ minIntervalMs: 1000, timeoutMs: 2000, takeTurn: async () => 5000 });
    await expect(nominatim.forward("Roma", "Lazio")).rejects.toThrow(GeocoderError);
    expect(received).toHaveLength(0);
  });

  it("sends one request at a time, each after the pause", async () => {
    answer = (path, res) => setTimeout(() => standardAnswer(path, res), 20);
    const { clock, now, sleep } = fakeClock();
    const nominatim = client({ minIntervalMs: 1000, now, sleep });
    await Promise.all([nominatim.forward("Roma", "Lazio"), nominatim.reverse(45.4642, 9.19), nominatim.forward("Castro", "Puglia")]);
    expect(received).toHaveLength(3);
    expect(maxInFlight).toBe(1);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it("answers a repeated query from the cache, however it is spelt", async () => {
    const nominatim = client();
    const first = await nominatim.forward("Forlì", "Emilia-Romagna");
    expect(await nominatim.forward("FORLI", "emilia romagna")).toEqual(first);
    await Promise.all([nominatim.reverse(45.4642, 9.19), nominatim.reverse(45.4642, 9.19)]);
    expect(received.map((r) => r.path)).toEqual(["/search", "/reverse"]);
  });

  it("forgets cached answers after their time to live and beyond its size", async () => {
    const { clock, now, sleep } = fakeClock();
    const nominatim = client({ now, sleep, cacheTtlMs: 60_000, cacheSize: 2 });
    await nominatim.forward("Roma", "Lazio");
    clock.t += 59_000;
    await nominatim.forward("Roma", "Lazio");
    expect(received).toHaveLength(1);
    clock.t += 2_000;
    await nominatim.forward("Roma", "Lazio");
    expect(received).toHaveLength(2);
    await nominatim.forward("Milano", "Lombardia");
    await nominatim.forward("Torino", "Piemonte"); // evicts Roma, the least recently used
    await nominatim.forward("Milano", "Lombardia");
    expect(received).toHaveLength(4);
    await nominatim.forward("Roma", "Lazio");
    expect(received).toHaveLength(5);
  });

  it("turns a 500 into a GeocoderError, and does not cache it", async () => {
    answer = (_path, res) => json(res, { error: "Internal Server Error" }, 500);
    const nominatim = client();
    await expect(nominatim.forward("Roma", "Lazio")).rejects.toBeInstanceOf(GeocoderError);
    answer = standardAnswer;
    expect(await nominatim.forward("Roma", "Lazio")).toMatchObject({ city: "Roma" });
    expect(received).toHaveLength(2);
  });

  it("turns a timeout, an unexpected reply or an unreachable server into a GeocoderError", async () => {
    answer = (_path, res) => void held.push(res); // never answers
    await expect(client({ timeoutMs: 200 }).reverse(45, 9)).rejects.toBeInstanceOf(GeocoderError);
    answer = (_path, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
    await expect(client().forward("Roma", "Lazio")).rejects.toBeInstanceOf(GeocoderError);
    answer = (_path, res) => json(res, { unexpected: true });
    await expect(client().forward("Roma", "Lazio")).rejects.toBeInstanceOf(GeocoderError);
    await expect(createNominatim({ baseUrl: "http://127.0.0.1:1", userAgent: USER_AGENT }).forward("Roma", "Lazio")).rejects.toBeInstanceOf(
      GeocoderError,
    );
  });

  it("refuses requests beyond the queue's limit instead of letting them wait for minutes", async () => {
    const { now, sleep } = fakeClock();
    const nominatim = client({ maxQueued: 2, now, sleep });
    const waiting = [nominatim.forward("Roma", "Lazio"), nominatim.forward("Milano", "Lombardia")];
    await expect(nominatim.forward("Torino", "Piemonte")).rejects.toBeInstanceOf(GeocoderError);
    await Promise.all(waiting);
    expect(received).toHaveLength(2);
  });
});
