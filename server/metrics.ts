// Prometheus metrics (decision 0067): request rate and latency by route, the page and memo caches'
// hits, the queues' depth and the database pool, at /metrics behind METRICS_TOKEN. With several
// workers (Node cluster) a scrape lands on one of them: that worker asks the primary, which gathers
// every worker's registry (prom-client's AggregatorRegistry, server/metrics-primary.ts).
// Erasable TypeScript only (the server runs with Node's type stripping).
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";

/** What the app reports (exported by app/entry.server.tsx; plain counters, read at each scrape). */
export interface AppStats {
  pageCacheCounts: { hit: number; miss: number; bypass: number };
  memoCounts: { hit: number; miss: number };
  poolStats: () => { total: number; idle: number; waiting: number };
  aiQueueDepth: () => Promise<number>;
}

/** The server's own figures: requests waiting for their turn (server/arrival-order.ts). */
export interface ServerStats {
  arrivalQueueDepth: () => number;
}

/** Seconds; from a cached page (~1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Methods by name; anything else is one label, so that a client cannot invent label values. */
const METHOD_NAMES = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER"] as const;
const METHOD_INDEX = new Map<string, number>(METHOD_NAMES.map((name, i) => [name, i]));
const methodIndex = (method: string): number => (method === "OTHER" ? 7 : (METHOD_INDEX.get(method) ?? 7));

/** One route and method's requests: latencies by bucket (not cumulative), their sum and count, and counts by status. */
interface Series {
  method: string;
  route: string;
  buckets: Float64Array;
  sum: number;
  count: number;
  statuses: Map<number, number>;
}

const LATENCY_NAME = "zampa_http_request_duration_seconds";
const LATENCY_HELP = "Durata delle richieste HTTP (dall'arrivo alla risposta pronta) per metodo e route";

/**
 * The latency histogram as the registry reads a metric (its name, type and `get()`, the values in
 * prom-client's own shape), built from the series at each scrape; the cluster's primary sums the
 * workers' values as it sums a prom-client histogram's.
 */
function latencyHistogram(everySeries: () => Iterable<Series>) {
  return {
    name: LATENCY_NAME,
    help: LATENCY_HELP,
    type: "histogram",
    aggregator: "sum",
    reset() {
      // The figures only grow (as a prom-client histogram's do between restarts).
    },
    async get() {
      const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
      for (const { method, route, buckets, sum, count } of everySeries()) {
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += buckets[i]!;
          values.push({ labels: { le, method, route }, value: cumulative, metricName: `${LATENCY_NAME}_bucket` });
        });
        values.push({ labels: { le: "+Inf", method, route }, value: count, metricName: `${LATENCY_NAME}_bucket` });
        values.push({ labels: { method, route }, value: sum, metricName: `${LATENCY_NAME}_sum` });
        values.push({ labels: { method, route }, value: count, metricName: `${LATENCY_NAME}_count` });
      }
      return { name: LATENCY_NAME, help: LATENCY_HELP, type: "histogram", values, aggregator: "sum" };
    },
  };
}

export const METRICS_REQUEST = "zampa:metrics";
export const METRICS_ANSWER = "zampa:metrics:answer";
/** How long a worker waits for the primary's gathered answer (prom-client waits 5 s for each worker). */
const PRIMARY_TIMEOUT_MS = 8_000;

export interface Metrics {
  /** One finished request: its method, route label, status and duration. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The text a scrape gets: every worker's figures when in a cluster, this process's otherwise. */
  scrape(): Promise<{ body: string; contentType: string }>;
  registry: client.Registry;
}

export function createMetrics(app: AppStats, server: ServerStats, registry: client.Registry = client.register): Metrics {
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // Requests are counted in plain numbers per route and method (observe allocates nothing once a
  // route has been seen) and handed to the registry only when it is scraped.
  const byRoute = new Map<string, Array<Series | undefined>>();
  const everySeries = function* (): Generator<Series> {
    for (const perMethod of byRoute.values()) for (const series of perMethod) if (series) yield series;
  };
  new client.Counter({
    name: "zampa_http_requests_total",
    help: "Richieste HTTP per metodo, route e stato",
    labelNames: ["method", "route", "status"] as const,
    registers,
    collect() {
      this.reset();
      for (const series of everySeries()) {
        for (const [status, count] of series.statuses) this.inc({ method: series.method, route: series.route, status: String(status) }, count);
      }
    },
  });
  registry.registerMetric(latencyHistogram(everySeries) as unknown as client.Metric);
  new client.Counter({
    name: "zampa_page_cache_requests_total",
    help: "Richieste viste dalla cache delle pagine: hit, miss (pagina generata), bypass (non conservabile)",
    labelNames: ["result"] as const,
    registers,
    collect() {
      this.reset();
      for (const result of ["hit", "miss", "bypass"] as const) this.inc({ result }, app.pageCacheCounts[result]);
    },
  });
  new client.Counter({
    name: "zampa_memo_cache_requests_total",
    help: "Letture dei risultati memorizzati: hit o miss",
    labelNames: ["result"] as const,
    registers,
    collect() {
      this.reset();
      for (const result of ["hit", "miss"] as const) this.inc({ result }, app.memoCounts[result]);
    },
  });
  new client.Gauge({
    name: "zampa_arrival_queue_depth",
    help: "Richieste arrivate che aspettano il proprio turno in questo processo",
    registers,
    collect() {
      this.set(server.arrivalQueueDepth());
    },
  });
  new client.Gauge({
    name: "zampa_ai_queue_depth",
    help: "Richieste AI in attesa nella coda del sito (tutti i processi)",
    registers,
    // Every worker reads the same rows: the cluster's figure is one of them, not their sum.
    aggregator: "max",
    async collect() {
      this.set(await app.aiQueueDepth());
    },
  });
  new client.Gauge({
    name: "zampa_db_pool_connections",
    help: "Connessioni al database: aperte (total), libere (idle), richieste in attesa (waiting); il database integrato conta come una",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = app.poolStats();
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  if (cluster.isWorker) {
    // Answers the primary's AggregatorRegistry with this process's registry.
    client.AggregatorRegistry.setRegistries(registry);
    new client.AggregatorRegistry();
  }

  return {
    registry,
    observe(method, route, status, seconds) {
      let perMethod = byRoute.get(route);
      if (!perMethod) byRoute.set(route, (perMethod = []));
      const m = methodIndex(method);
      let series = perMethod[m];
      if (!series) perMethod[m] = series = { method: METHOD_NAMES[m]!, route, buckets: new Float64Array(LATENCY_BUCKETS.length), sum: 0, count: 0, statuses: new Map() };
      for (let b = 0; b < LATENCY_BUCKETS.length; b++) {
        if (seconds <= LATENCY_BUCKETS[b]!) {
          series.buckets[b]! += 1;
          break;
        }
      }
      series.sum += seconds;
      series.count += 1;
      series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    },
    async scrape() {
      if (cluster.isWorker && process.send) return askPrimary();
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

let asked = 0;
const waiting = new Map<number, { resolve: (v: { body: string; contentType: string }) => void; reject: (e: Error) => void }>();
let listening = false;

interface Answer {
  type: typeof METRICS_ANSWER;
  id: number;
  body?: string;
  contentType?: string;
  error?: string;
}

/** A worker's scrape: the primary gathers every worker's metrics and sends back the text. */
function askPrimary(): Promise<{ body: string; contentType: string }> {
  if (!listening) {
    listening = true;
    process.on("message", (message: Answer) => {
      if (message?.type !== METRICS_ANSWER) return;
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.error !== undefined || message.body === undefined) pending.reject(new Error(message.error ?? "risposta vuota"));
      else pending.resolve({ body: message.body, contentType: message.contentType ?? client.register.contentType });
    });
  }
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("il processo principale non ha risposto"));
    }, PRIMARY_TIMEOUT_MS);
    timer.unref();
    waiting.set(id, {
      resolve: (v) => (clearTimeout(timer), resolve(v)),
      reject: (e) => (clearTimeout(timer), reject(e)),
    });
    process.send!({ type: METRICS_REQUEST, id });
  });
}

/** The bearer token matches METRICS_TOKEN, compared in constant time (both sides hashed to one length). */
export function validToken(authorization: string | null | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

/**
 * GET /metrics: 401 without the right token (a scraper's configuration error, said plainly), the
 * metrics otherwise, never stored by any cache. Without METRICS_TOKEN the server does not route
 * here at all, so the path is the site's 404 page.
 */
export async function metricsResponse(request: Request, token: string, metrics: Metrics): Promise<Response> {
  if (!validToken(request.headers.get("authorization"), token)) {
    return new Response("Token mancante o non valido\n", {
      status: 401,
      headers: { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" },
    });
  }
  try {
    const { body, contentType } = await metrics.scrape();
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  } catch (error) {
    return new Response(`Metriche non disponibili: ${(error as Error).message}\n`, {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
}
