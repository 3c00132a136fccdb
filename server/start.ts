// `npm start`'s entry (compiled to build/server.js): one server process, or with DATABASE_URL a
// cluster of WORKERS processes sharing the port (decision 0069). Erasable TypeScript only.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { writeLogLine } from "../app/lib/log-format.ts";
import { runPrimary } from "./primary.ts";
import { workerPlan, type WorkerPlan } from "./workers.ts";

let plan: WorkerPlan;
try {
  plan = workerPlan(process.env, availableParallelism());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (cluster.isPrimary && plan.workers > 1) {
  runPrimary(plan.workers);
} else {
  if (plan.warning) writeLogLine(process.stderr, "warn", plan.warning);
  await import("./main.ts");
}
