// One app process for the multi-process queue test: opens the shared PostgreSQL database, points
// the AI configuration at the fake server and runs `count` article requests at once through the
// real generateArticle; prints their outcomes as one JSON line. Started by
// app/ai/queue-processes.server.test.ts as `node --import tsx tests/ai-queue-worker.ts '<json>'`.
import { readConfig, setConfig } from "~/config.server";
import { openDatabase, setDatabase } from "~/db/client.server";
import { generateArticle } from "~/ai/writing.server";
import type { QueueOptions } from "~/ai/quota.server";

interface WorkerInput {
  databaseUrl: string;
  baseUrl: string;
  queue: QueueOptions;
  userId: string;
  category: string;
  count: number;
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
const base = readConfig({ NODE_ENV: "test" });
setConfig({ ...base, ai: { ...base.ai, baseUrl: input.baseUrl, apiKey: "test-key", model: "fake-model" } });
const database = await openDatabase({ databaseUrl: input.databaseUrl });
setDatabase(database);
const actor = { id: input.userId, email: "worker@example.it", fullName: "Worker", role: "admin" as const };
process.stdout.write(`ready ${process.pid}\n`);
const outcomes = await Promise.all(
  Array.from({ length: input.count }, (_, i) =>
    generateArticle(actor, { topic: `Argomento ${process.pid}-${i}`, category: input.category, length: "short" }, { queue: input.queue }),
  ),
);
process.stdout.write(`${JSON.stringify(outcomes.map((o) => (o.ok ? { ok: true } : { ok: false, status: o.status, error: o.error })))}\n`);
await database.close();
