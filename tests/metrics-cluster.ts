// A small real cluster for server/metrics.test.ts: the primary serves the metrics' IPC
// (server/metrics-primary.ts) and forks two workers; each worker records requests of its own in its
// registry (server/metrics.ts), then worker 1 scrapes as /metrics would. The primary prints that
// scrape's text as one JSON line. Run with Node's type stripping: `node tests/metrics-cluster.ts`.
import cluster from "node:cluster";
import { serveClusterMetrics } from "../server/metrics-primary.ts";
import { createMetrics } from "../server/metrics.ts";

if (cluster.isPrimary) {
  serveClusterMetrics();
  const workers = [cluster.fork({ WORKER_NUMBER: "1" }), cluster.fork({ WORKER_NUMBER: "2" })];
  let ready = 0;
  cluster.on("message", (worker, message: { type?: string; text?: string; error?: string }) => {
    if (message.type === "ready" && ++ready === workers.length) workers[0]!.send({ type: "scrape" });
    if (message.type === "scraped") {
      process.stdout.write(`${JSON.stringify({ text: message.text, error: message.error })}\n`);
      for (const w of workers) w.kill();
    }
  });
} else {
  const n = Number(process.env.WORKER_NUMBER);
  const metrics = createMetrics(
    {
      pageCacheCounts: { hit: 10 * n, miss: n, bypass: 0 },
      memoCounts: { hit: 0, miss: 0 },
      poolStats: () => ({ total: 3, idle: 1, waiting: 0 }),
      aiQueueDepth: async () => 4,
    },
    { arrivalQueueDepth: () => n },
  );
  // Worker 1 answers 1 request, worker 2 answers 2.
  for (let i = 0; i < n; i++) metrics.observe("GET", "routes/articles", 200, 0.01 * n);
  process.on("message", (message: { type?: string }) => {
    if (message.type !== "scrape") return;
    metrics.scrape().then(
      ({ body }) => process.send!({ type: "scraped", text: body }),
      (error: Error) => process.send!({ type: "scraped", error: error.message }),
    );
  });
  process.send!({ type: "ready" });
}
