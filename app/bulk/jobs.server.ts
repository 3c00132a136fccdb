// Bulk jobs of the back office (decision 0109): a job is a row of bulk_jobs, worked through in
// batches of ids in ascending order. Each batch runs in ONE transaction that locks the job row,
// decides and writes its items (the area's own rules), writes their activity records and moves the
// job's cursor and counters: a crash loses the batch whole and the next worker does it again, so
// every item is done or untouched. When the batch's statement fails (a constraint, a trigger
// refusing one row), the batch is done again item by item in savepoints, so that only the item
// that cannot change is left as it was, with the database's reason in the summary.
// Workers: the request that starts a job runs it at once, in the background; every process's clock
// (app/jobs/scheduler.server.ts) takes up a job whose worker stopped (its claim has lapsed). The
// job row's lock makes two workers of one job take turns, never the same batch.
import { and, asc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout, type AdminActor } from "~/admin/access.server";
import type { AuditActor } from "~/audit/record.server";
import { invalidate } from "~/cache/cache.server";
import { db, onCommit, transaction } from "~/db/client.server";
import { bulkJobs, type BulkFailure, type BulkParams } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { BULK_ACTIONS, BULK_LIMITS, BULK_MESSAGES as M, type BulkArea, type BulkJobView } from "./actions";
import { BULK_AREA_DEFINITIONS } from "./areas.server";
import { errorText, type BulkAreaDefinition, type BulkOutcome } from "./definition.server";

function areaOf(area: BulkArea): BulkAreaDefinition {
  return BULK_AREA_DEFINITIONS[area];
}

// --- Starting a job ------------------------------------------------------------------------------

export interface BulkRequest {
  action?: string;
  /** "selected": the ids; "filter": every result of the list's filter */
  scope?: string;
  /** comma-separated ids */
  ids?: string;
  /** the list's address query ("q=gatto&status=draft") */
  filter?: string;
  /** the form's idempotency key */
  key?: string;
  categoryId?: string;
  rule?: string;
  reason?: string;
}

function scopeCondition(definition: BulkAreaDefinition, params: BulkParams): SQL | undefined {
  if (params.ids) return inArray(definition.id, params.ids);
  return definition.filter(params.filter ?? {});
}

/**
 * Creates the job of a bulk action (the same permission as the single action) and answers its id;
 * the caller starts it (kickBulkJob). The same form sent twice (same key) answers the job
 * already created and starts nothing more.
 */
export async function startBulkJob(actor: CurrentUser | AdminActor | null, area: BulkArea, request: BulkRequest): Promise<Result<{ jobId: string; repeated: boolean; total: number }>> {
  const definition = areaOf(area);
  const refused = refuseWithout(actor, definition.permission);
  if (refused) return refused;
  const action = request.action ?? "";
  if (!Object.hasOwn(BULK_ACTIONS[area], action) || !definition.actions[action]) return fail(400, M.unknownAction);
  const key = (request.key ?? "").trim();
  if (!key || key.length > BULK_LIMITS.keyLength) return fail(400, M.badRequest);

  let params: BulkParams;
  if (request.scope === "filter") {
    const query = new URLSearchParams(request.filter ?? "");
    const filter: Record<string, string> = {};
    for (const name of definition.filterKeys) {
      const value = query.get(name);
      if (value) filter[name] = value;
    }
    params = { filter };
  } else if (request.scope === "selected") {
    const ids = [...new Set((request.ids ?? "").split(",").map((id) => id.trim().toLowerCase()).filter(Boolean))];
    if (ids.length === 0) return fail(400, M.noSelection);
    if (ids.length > BULK_LIMITS.explicitIds) return fail(400, M.tooMany);
    if (!ids.every((id) => isUuid(id))) return fail(400, M.badSelection);
    params = { ids };
  } else {
    return fail(400, M.badRequest);
  }
  if (request.categoryId) params.categoryId = request.categoryId;
  if (request.rule) params.rule = request.rule;
  if (request.reason) params.reason = request.reason;

  const prepared = definition.actions[action]!.prepare ? await definition.actions[action]!.prepare!(params) : params;
  if ("ok" in prepared && prepared.ok === false) return prepared;
  params = prepared as BulkParams;

  const [already] = await db()
    .select({ id: bulkJobs.id, total: bulkJobs.total, area: bulkJobs.area, action: bulkJobs.action })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.actorId, actor!.id), eq(bulkJobs.idempotencyKey, key)))
    .limit(1);
  if (already) {
    // The same key for another action is no repeat of the same form.
    if (already.area !== area || already.action !== action) return fail(409, M.badRequest);
    return { ok: true, jobId: already.id, repeated: true, total: already.total };
  }

  const [counted] = await db().select({ n: sql<number>`count(*)::int` }).from(definition.table).where(scopeCondition(definition, params));
  const total = counted?.n ?? 0;
  if (total === 0) return fail(400, M.nothingMatches);

  const [created] = await db()
    .insert(bulkJobs)
    .values({
      actorId: actor!.id,
      actorName: actor!.fullName,
      actorRole: actor!.role,
      address: "address" in actor! ? actor.address : null,
      area,
      action,
      params,
      idempotencyKey: key,
      total,
    })
    .onConflictDoNothing()
    .returning({ id: bulkJobs.id });
  if (!created) {
    // The same form at the same moment from another request: that one created it.
    const [other] = await db()
      .select({ id: bulkJobs.id })
      .from(bulkJobs)
      .where(and(eq(bulkJobs.actorId, actor!.id), eq(bulkJobs.idempotencyKey, key)))
      .limit(1);
    if (!other) return fail(409, M.badRequest);
    return { ok: true, jobId: other.id, repeated: true, total };
  }
  return { ok: true, jobId: created.id, repeated: false, total };
}

// --- Working a job through -----------------------------------------------------------------------

const lease = () => sql`clock_timestamp() + ${`${BULK_LIMITS.leaseMs} milliseconds`}::interval`;

export interface RunOptions {
  batchSize?: number;
  /** stop after this many batches, leaving the job claimed (tests: a worker that dies) */
  maxBatches?: number;
}

/**
 * Works a job through to its end, unless another worker holds it. A job stopped by an unexpected
 * error is marked failed ("Interrotta"): what its batches did stays, the rest is untouched.
 */
export async function runBulkJob(jobId: string, options: RunOptions = {}): Promise<void> {
  const claimed = await db()
    .update(bulkJobs)
    .set({ state: "running", claimedUntil: lease(), updatedAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(bulkJobs.id, jobId),
        inArray(bulkJobs.state, ["queued", "running"]),
        or(isNull(bulkJobs.claimedUntil), lt(bulkJobs.claimedUntil, sql`clock_timestamp()`)),
      ),
    )
    .returning({ id: bulkJobs.id });
  if (claimed.length === 0) return;
  try {
    for (let batches = 0; options.maxBatches === undefined || batches < options.maxBatches; batches++) {
      if (!(await runBatch(jobId, options.batchSize ?? BULK_LIMITS.batchSize))) return;
    }
  } catch (error) {
    logger.error({ err: error, jobId }, "azione di gruppo interrotta da un errore");
    await db()
      .update(bulkJobs)
      .set({ state: "failed", error: M.interrupted, claimedUntil: null, finishedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
      .where(eq(bulkJobs.id, jobId));
  }
}

/** Runs a job in the background of the request that created it. */
export function kickBulkJob(jobId: string): void {
  void runBulkJob(jobId).catch((error: unknown) => logger.error({ err: error, jobId }, "azione di gruppo non avviata"));
}

/** The clock's part: takes up every job whose worker stopped (a restart, a crash). */
export async function resumeBulkJobs(): Promise<number> {
  const open = await db()
    .select({ id: bulkJobs.id })
    .from(bulkJobs)
    .where(and(inArray(bulkJobs.state, ["queued", "running"]), or(isNull(bulkJobs.claimedUntil), lt(bulkJobs.claimedUntil, sql`clock_timestamp()`))))
    .orderBy(asc(bulkJobs.createdAt))
    .limit(10);
  for (const job of open) await runBulkJob(job.id);
  return open.length;
}

/** Days a finished job is kept (its summary can be read again meanwhile; the activity log keeps each item for good). */
export const BULK_JOBS_KEPT_DAYS = 30;

/** The hourly housekeeping's part: jobs over for longer than BULK_JOBS_KEPT_DAYS go. */
export async function purgeOldBulkJobs(): Promise<number> {
  const gone = await db()
    .delete(bulkJobs)
    .where(and(inArray(bulkJobs.state, ["finished", "failed"]), lt(bulkJobs.finishedAt, sql`now() - ${`${BULK_JOBS_KEPT_DAYS} days`}::interval`)))
    .returning({ id: bulkJobs.id });
  return gone.length;
}

/** One batch: true when there may be more. */
async function runBatch(jobId: string, batchSize: number): Promise<boolean> {
  const after: (() => Promise<void>)[] = [];
  const more = await transaction(async () => {
    const [job] = await db().select().from(bulkJobs).where(eq(bulkJobs.id, jobId)).for("update").limit(1);
    if (!job || (job.state !== "queued" && job.state !== "running")) return false;
    const definition = areaOf(job.area);
    const action = definition.actions[job.action];
    if (!action) throw new Error(`azione di gruppo sconosciuta: ${job.area}.${job.action}`);
    const rows = await db()
      .select({ id: sql<string>`${definition.id}`, label: sql<string>`${definition.label}` })
      .from(definition.table)
      .where(and(scopeCondition(definition, job.params), job.cursor ? gt(definition.id, job.cursor) : undefined))
      .orderBy(asc(definition.id))
      .limit(batchSize);
    if (rows.length === 0) {
      await db()
        .update(bulkJobs)
        .set({ state: "finished", claimedUntil: null, finishedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
        .where(eq(bulkJobs.id, jobId));
      return false;
    }
    const actor: AuditActor = { id: job.actorId ?? "", fullName: job.actorName, role: job.actorRole as AuditActor["role"], address: job.address };
    const ids = rows.map((row) => row.id);
    let outcomes: BulkOutcome[];
    try {
      const batch = await transaction(() => action.apply(ids, job.params, actor));
      outcomes = batch.outcomes;
      if (batch.afterCommit) after.push(batch.afterCommit);
    } catch (batchError) {
      logger.warn({ err: batchError, jobId, items: ids.length }, "azione di gruppo: il lotto è fallito, riprovo elemento per elemento");
      outcomes = [];
      for (const row of rows) {
        try {
          const single = await transaction(() => action.apply([row.id], job.params, actor));
          outcomes.push(...single.outcomes);
          if (single.afterCommit) after.push(single.afterCommit);
        } catch (error) {
          outcomes.push({ id: row.id, label: row.label, result: "failed", reason: M.databaseError(errorText(error)) });
        }
      }
    }
    if (outcomes.some((o) => o.result === "done")) await invalidate(...definition.tags);

    const failures: BulkFailure[] = [...job.failures];
    const reasons = { ...job.reasons };
    let done = 0;
    let skipped = 0;
    let failed = 0;
    for (const outcome of outcomes) {
      if (outcome.result === "done") {
        done++;
        continue;
      }
      if (outcome.result === "skipped") skipped++;
      else failed++;
      const reason = outcome.reason ?? M.gone;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      if (failures.length < BULK_LIMITS.failuresKept) failures.push({ id: outcome.id, label: outcome.label, reason });
    }
    await db()
      .update(bulkJobs)
      .set({
        cursor: ids[ids.length - 1]!,
        done: sql`${bulkJobs.done} + ${done}`,
        skipped: sql`${bulkJobs.skipped} + ${skipped}`,
        failed: sql`${bulkJobs.failed} + ${failed}`,
        failures,
        reasons,
        claimedUntil: lease(),
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(bulkJobs.id, jobId));
    for (const work of after) onCommit(() => work().catch((error: unknown) => logger.error({ err: error, jobId }, "azione di gruppo: invio dopo il lotto non riuscito")));
    return true;
  });
  return more;
}

// --- Reading a job -------------------------------------------------------------------------------

/** How far a job is, for the page's progress bar and summary (the same permission as its action). */
export async function getBulkJob(actor: CurrentUser | null, area: BulkArea, jobId: string): Promise<Result<{ job: BulkJobView }>> {
  const refused = refuseWithout(actor, areaOf(area).permission);
  if (refused) return refused;
  if (!isUuid(jobId)) return fail(404, M.notFound);
  const [job] = await db()
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, jobId), eq(bulkJobs.area, area)))
    .limit(1);
  if (!job) return fail(404, M.notFound);
  return {
    ok: true,
    job: {
      id: job.id,
      area: job.area,
      action: job.action,
      state: job.state,
      total: job.total,
      done: job.done,
      skipped: job.skipped,
      failed: job.failed,
      failures: job.failures,
      reasons: Object.entries(job.reasons)
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count),
      error: job.error,
    },
  };
}
