// The cluster primary's side of /metrics (decision 0067): a worker that receives a scrape sends
// `{ type: "zampa:metrics", id }`; the primary gathers every worker's registry with prom-client's
// AggregatorRegistry (counters and histograms summed, the AI queue's depth the largest of the
// workers' equal readings) and sends the text back to that worker. Erasable TypeScript only.
import cluster, { type Worker } from "node:cluster";
import client from "prom-client";
import { METRICS_ANSWER, METRICS_REQUEST } from "./metrics.ts";

/** Call once in the primary, before or after forking; returns a function that stops answering. */
export function serveClusterMetrics(): () => void {
  const aggregator = new client.AggregatorRegistry();
  const onMessage = (worker: Worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== METRICS_REQUEST || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (body) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id, body, contentType: aggregator.contentType }),
      (error: unknown) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id, error: (error as Error).message }),
    );
  };
  cluster.on("message", onMessage);
  return () => {
    cluster.off("message", onMessage);
  };
}
