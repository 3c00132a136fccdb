import { spawn } from "node:child_process";
import client from "prom-client";
import { describe, expect, it } from "vitest";
import { createMetrics, metricsResponse, validToken, type AppStats } from "./metrics";

function appStats(): AppStats {
  return {
    pageCacheCounts: { hit: 0, miss: 0, bypass: 0 },
    memoCounts: { hit: 0, miss: 0 },
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    aiQueueDepth: async () => 0,
  };
}

/** A value of the text format, e.g. `zampa_http_requests_total{method="GET",route="x",status="200"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = (token?: string) =>
  new Request("http://localhost/metrics", { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe("metrics", () => {
  it("count and time requests by route, and report the caches, queues and pool as read at the scrape", async () => {
    const stats = appStats();
    let queued = 0;
    const metrics = createMetrics(stats, { arrivalQueueDepth: () => queued }, new client.Registry());
    const first = await (await metricsResponse(scrape("t"), "t", metrics)).text();
    expect(valueOf(first, 'zampa_http_request_duration_seconds_count{method="GET",route="routes/articles"}')).toBeUndefined();

    metrics.observe("GET", "routes/articles", 200, 0.012);
    metrics.observe("GET", "routes/articles", 200, 0.3);
    metrics.observe("POST", "routes/contact", 429, 0.004);
    metrics.observe("BREW", "other", 400, 0.001);
    stats.pageCacheCounts.hit = 7;
    stats.pageCacheCounts.miss = 2;
    stats.poolStats = () => ({ total: 10, idle: 4, waiting: 3 });
    stats.aiQueueDepth = async () => 5;
    queued = 6;

    const text = await (await metricsResponse(scrape("t"), "t", metrics)).text();
    expect(valueOf(text, 'zampa_http_request_duration_seconds_count{method="GET",route="routes/articles"}')).toBe(2);
    expect(valueOf(text, 'zampa_http_request_duration_seconds_bucket{le="0.025",method="GET",route="routes/articles"}')).toBe(1);
    expect(valueOf(text, 'zampa_http_requests_total{method="GET",route="routes/articles",status="200"}')).toBe(2);
    expect(valueOf(text, 'zampa_http_requests_total{method="POST",route="routes/contact",status="429"}')).toBe(1);
    // A method nobody knows is one label value: clients cannot invent label values.
    expect(valueOf(text, 'zampa_http_requests_total{method="OTHER",route="other",status="400"}')).toBe(1);
    expect(valueOf(text, 'zampa_page_cache_requests_total{result="hit"}')).toBe(7);
    expect(valueOf(text, 'zampa_page_cache_requests_total{result="miss"}')).toBe(2);
    expect(valueOf(text, 'zampa_db_pool_connections{state="waiting"}')).toBe(3);
    expect(valueOf(text, "zampa_ai_queue_depth")).toBe(5);
    expect(valueOf(text, "zampa_arrival_queue_depth")).toBe(6);
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("answer only the right bearer token, never to be stored", async () => {
    const metrics = createMetrics(appStats(), { arrivalQueueDepth: () => 0 }, new client.Registry());
    for (const request of [scrape(), scrape("sbagliato"), scrape(""), new Request("http://localhost/metrics", { headers: { authorization: "Basic c2VncmV0bw==" } })]) {
      const response = await metricsResponse(request, "segreto", metrics);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("zampa_");
    }
    const ok = await metricsResponse(scrape("segreto"), "segreto", metrics);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(validToken("bearer segreto", "segreto")).toBe(true);
    expect(validToken("Bearer segreto2", "segreto")).toBe(false);
    expect(validToken("Bearer segret", "segreto")).toBe(false);
  });

  it("cover every worker of a cluster, whichever worker is scraped", async () => {
    const child = spawn(process.execPath, ["tests/metrics-cluster.ts"], { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code, err).toBe(0);
    const { text, error } = JSON.parse(out.trim().split("\n").at(-1)!) as { text?: string; error?: string };
    expect(error).toBeUndefined();
    // Worker 1 answered 1 request, worker 2 answered 2: the scrape of worker 1 shows 3.
    expect(valueOf(text!, 'zampa_http_request_duration_seconds_count{method="GET",route="routes/articles"}')).toBe(3);
    expect(valueOf(text!, 'zampa_page_cache_requests_total{result="hit"}')).toBe(30);
    expect(valueOf(text!, "zampa_arrival_queue_depth")).toBe(3);
    expect(valueOf(text!, 'zampa_db_pool_connections{state="total"}')).toBe(6);
    // Both workers read the same queue: its depth is not doubled.
    expect(valueOf(text!, "zampa_ai_queue_depth")).toBe(4);
  }, 30_000);
});
