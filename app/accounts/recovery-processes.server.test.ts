// Throttling shared by real processes (PostgreSQL only: PGlite is one process's database). Two
// child processes, each an app opening the same database, send password-recovery requests for one
// address at once: together they get exactly the per-address limit, the rest a 429 in Italian.
import { like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { startWorker } from "../../tests/worker-process";
import { RECOVERY_MESSAGES as R } from "./recovery-messages";
import { RECOVERY_LIMITS } from "./recovery.server";

const databaseUrl = testDatabaseUrl();
type Outcome = { ok: boolean; status?: number; error?: string };

const worker = (input: object) => startWorker<Outcome[]>("tests/rate-limit-worker.ts", input).done;

describe.skipIf(!databaseUrl)("recovery throttling across processes (PostgreSQL)", () => {
  const tag = `proc-${Date.now()}`;
  afterAll(async () => {
    await db().delete(rateLimits).where(like(rateLimits.key, `recovery:%${tag}%`));
  });

  it("two processes together get the per-address limit, no more", async () => {
    const email = `${tag}@example.it`;
    const count = RECOVERY_LIMITS.recoveryPerAddress.max + 1;
    const [a, b] = await Promise.all([
      worker({ databaseUrl, email, ip: `a-${tag}`, count }),
      worker({ databaseUrl, email, ip: `b-${tag}`, count }),
    ]);
    const all = [...a, ...b];
    expect(all.filter((o) => o.ok)).toHaveLength(RECOVERY_LIMITS.recoveryPerAddress.max);
    const refused = all.filter((o) => !o.ok);
    expect(refused).toHaveLength(2 * count - RECOVERY_LIMITS.recoveryPerAddress.max);
    for (const o of refused) expect(o).toEqual({ ok: false, status: 429, error: R.tooManyRecoveries });
  }, 60_000);

  it("two processes together get a route class's limit per address, no more (decision 0068)", async () => {
    const ip = `class-${tag}`;
    const input = { databaseUrl, email: "", ip, count: 5, rateLimitClass: "votes", classLimit: "6/60" };
    const [a, b] = await Promise.all([worker(input), worker(input)]);
    const all = [...a, ...b];
    expect(all.filter((o) => o.ok)).toHaveLength(6);
    expect(all.filter((o) => !o.ok && o.status === 429)).toHaveLength(4);
    await db().delete(rateLimits).where(like(rateLimits.key, `class:votes:ip:${ip}`));
  }, 60_000);
});
