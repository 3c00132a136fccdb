// Helpers for the AI tests. The queue must be seen by other connections (and processes), so these
// tests commit their rows instead of rolling back: each scenario uses its own queue name and its
// own accounts, and removeAiRows takes away exactly what they added (the day's roll-up included)
// from the database other tests share.
import { inArray, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { config, setConfig } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { aiRequests, categories, users } from "~/db/schema";
import { createCategory, createUserRow } from "./factories";
import { startFakeAiServer, type FakeAiServer } from "./fake-ai-server";
import type { QueueOptions } from "~/ai/quota.server";

let n = 0;
/** A queue of its own, with limits that never make a test wait unless it says so. */
export function testQueue(limits: QueueOptions["limits"] = {}, extra: Omit<QueueOptions, "queue" | "limits"> = {}): QueueOptions & { queue: string } {
  n += 1;
  return {
    queue: `test-${process.pid}-${Date.now().toString(36)}-${n}`,
    limits: { dailyLimit: 1_000, perMinute: 1_000, minIntervalSeconds: 0, windowSeconds: 60, ...limits },
    pollMs: 20,
    ...extra,
  };
}

export async function createActor(role: "admin" | "user" = "admin"): Promise<CurrentUser> {
  const row = await createUserRow();
  return { id: row.id, email: row.email, fullName: row.name, role };
}

/** Points the configuration at a fake server (or at none: not configured); returns the restore. */
export function pointAiAt(baseUrl: string | undefined): () => void {
  const before = config();
  setConfig({ ...before, ai: { ...before.ai, baseUrl, apiKey: baseUrl ? "test-key" : undefined, model: "fake-model" } });
  return () => setConfig(before);
}

/** Deletes the log rows of these accounts, subtracting them from the day's figures, their queue rows and the accounts. */
export async function removeAiRows(userIds: string[], queues: string[] = []): Promise<void> {
  if (userIds.length > 0) {
    const ids = sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `);
    await transaction(async () => {
      await db().execute(sql`
        with gone as (
          delete from api_usage_log where user_id in (${ids})
          returning request_type, status, prompt_tokens, completion_tokens, total_tokens,
            (created_at at time zone 'Europe/Rome')::date as d),
        agg as (
          select d, request_type, count(*)::int as n,
            count(*) filter (where status = 'success')::int as s,
            count(*) filter (where status = 'error')::int as e,
            count(*) filter (where status = 'rate_limited')::int as r,
            sum(prompt_tokens)::int as p, sum(completion_tokens)::int as c, sum(total_tokens)::int as t
          from gone group by d, request_type)
        update api_usage_daily u set
          request_count = u.request_count - agg.n, success_count = u.success_count - agg.s,
          error_count = u.error_count - agg.e, rate_limited_count = u.rate_limited_count - agg.r,
          prompt_tokens_used = u.prompt_tokens_used - agg.p, completion_tokens_used = u.completion_tokens_used - agg.c,
          total_tokens_used = u.total_tokens_used - agg.t
        from agg where u.request_date = agg.d and u.request_type = agg.request_type`);
      await db().execute(sql`delete from api_usage_daily where request_count <= 0`);
    });
    await db().delete(aiRequests).where(inArray(aiRequests.userId, userIds));
  }
  if (queues.length > 0) await db().delete(aiRequests).where(inArray(aiRequests.queue, queues));
  if (userIds.length > 0) await db().delete(users).where(inArray(users.id, userIds));
}

export interface AiFixture {
  fake: FakeAiServer;
  admin: CurrentUser;
  user: CurrentUser;
  category: { id: string; slug: string; name: string };
  restore: () => void;
  cleanup: () => Promise<void>;
}

/** A fake provider configured as the endpoint, an admin, a user and a category (committed). */
export async function aiFixture(): Promise<AiFixture> {
  const fake = await startFakeAiServer();
  const restore = pointAiAt(fake.baseUrl);
  const admin = await createActor("admin");
  const user = await createActor("user");
  const category = await createCategory();
  return {
    fake,
    admin,
    user,
    category,
    restore,
    cleanup: async () => {
      restore();
      await fake.close();
      await removeAiRows([admin.id, user.id]);
      await db().delete(categories).where(inArray(categories.id, [category.id]));
    },
  };
}
