// One app process for the multi-process throttling test: opens the shared PostgreSQL database,
// starts better-auth and sends `count` password-recovery requests at once for one address, as the
// /forgot-password page does (or, with `rateLimitClass`, takes `count` hits of that route class as the
// HTTP server does, app/lib/rate-limit-classes.server.ts); prints their outcomes as one JSON line. Started by
// app/accounts/recovery-processes.server.test.ts as `node --import tsx tests/rate-limit-worker.ts '<json>'`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { initAuth } from "~/accounts/auth.server";
import { requestPasswordRecovery } from "~/accounts/recovery.server";
import { readConfig, setConfig, type ServerRateLimitClass } from "~/config.server";
import { takeRateLimit } from "~/lib/rate-limit-classes.server";
import { openDatabase, setDatabase } from "~/db/client.server";

interface WorkerInput {
  databaseUrl: string;
  email: string;
  ip: string;
  count: number;
  rateLimitClass?: ServerRateLimitClass;
  /** the class's limit, as RATE_LIMIT_<CLASS> writes it */
  classLimit?: string;
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-worker-"));
const classEnv = input.rateLimitClass ? { [`RATE_LIMIT_${input.rateLimitClass.toUpperCase()}`]: input.classLimit ?? "" } : {};
setConfig({ ...readConfig({ NODE_ENV: "test", ...classEnv }), dataDir, publicUrl: "http://localhost:3000", authSecret: "test-secret-0123456789abcdefghijklmnop" });
const database = await openDatabase({ databaseUrl: input.databaseUrl });
setDatabase(database);
await initAuth();
process.stdout.write(`ready ${process.pid}\n`);
const outcomes = input.rateLimitClass
  ? await Promise.all(
      Array.from({ length: input.count }, async () => {
        const wait = await takeRateLimit(new Request("http://localhost:3000/contact", { method: "POST" }), input.rateLimitClass!, input.ip);
        return wait === null ? { ok: true as const } : { ok: false as const, status: 429, error: `retry-after ${wait}` };
      }),
    )
  : await Promise.all(
      Array.from({ length: input.count }, () => requestPasswordRecovery({ email: input.email }, new Headers({ "x-zampa-client-ip": input.ip }))),
    );
process.stdout.write(`${JSON.stringify(outcomes.map((o) => (o.ok ? { ok: true } : { ok: false, status: o.status, error: o.error })))}\n`);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
