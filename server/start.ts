// `npm start`'s entry (compiled to build/server.js): one server process, or with DATABASE_URL a
// cluster of WORKERS processes sharing the port (decision 0069). Erasable TypeScript only.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
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
  if (plan.warning) console.error(JSON.stringify({ level: 40, time: Date.now(), msg: plan.warning }));
  await import("./main.ts");
}
