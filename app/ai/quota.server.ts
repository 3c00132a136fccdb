// The site-wide AI quota (decision 0055): one queue shared by every process, kept in the database.
// A request inserts a row (its place: seq), then polls a claim. Each claim runs in a short
// transaction under an advisory lock on the queue, so claims are taken one at a time whatever the
// number of processes; one UPDATE … RETURNING starts the request only when it is at the head,
// nothing is running and the daily, per-window and interval limits all hold (measured with
// clock_timestamp(): PGlite's now() is the transaction's start). No transaction is open while the
// provider answers: the running row has a lease its process renews, and a row whose lease (or, while
// waiting, whose heartbeat) ran out is abandoned by the next claim, so a crashed process frees the
// queue. Starts stay in the table: the limits are counted from them.
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db, queryRows, transaction } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { AiCallHooks, AiProgress, AiRequestType } from "./types";

export interface QuotaLimits {
  /** requests started per day (the day ends at midnight Europe/Rome) */
  dailyLimit: number;
  /** requests started in any `windowSeconds` */
  perMinute: number;
  /** seconds between two starts at least */
  minIntervalSeconds: number;
  /** the per-minute window: 60 s; tests shorten it */
  windowSeconds: number;
}

export interface QueueOptions {
  /** which quota (the site has one, "ai"; tests use their own) */
  queue?: string;
  /** default: config().ai, window 60 s */
  limits?: Partial<QuotaLimits>;
  /** a running request's lease, renewed by its process every third of it */
  leaseSeconds?: number;
  /** a waiting request's heartbeat: renewed at every poll */
  heartbeatSeconds?: number;
  /** how often a waiting request tries its claim */
  pollMs?: number;
  /** how the day's use is read before joining (default startedToday; tests make it fail) */
  usageCheck?: (queue: string) => Promise<number>;
}

export const DEFAULT_QUEUE = "ai";
const DEFAULTS = { leaseSeconds: 120, heartbeatSeconds: 30, pollMs: 1_000 };
/** Any fixed number: with the queue's name, the advisory lock claims are taken under. */
const QUEUE_LOCK = 727_055;

export function quotaLimits(overrides: Partial<QuotaLimits> = {}): QuotaLimits {
  const { dailyLimit, perMinute, minIntervalSeconds } = config().ai;
  return { dailyLimit, perMinute, minIntervalSeconds, windowSeconds: 60, ...overrides };
}

/** Midnight Europe/Rome of the current day, as an instant (DST-safe: the database's tz rules). */
const ROME_DAY_START = sql`(date_trunc('day', clock_timestamp() at time zone 'Europe/Rome') at time zone 'Europe/Rome')`;

/** Requests started today (Europe/Rome) in a queue: what the daily limit counts. */
export async function startedToday(queue = DEFAULT_QUEUE): Promise<number> {
  const [row] = await queryRows<{ n: number }>(sql`
    select count(*)::int as n from ai_requests
    where queue = ${queue} and started_at is not null and started_at >= ${ROME_DAY_START}`);
  return row?.n ?? 0;
}

export interface Slot {
  id: string;
  /** the request is over (success, error or aborted): frees the queue */
  release(): Promise<void>;
}

export type SlotOutcome =
  | { ok: true; slot: Slot }
  | { ok: false; reason: "daily-limit"; used: number; limit: number }
  | { ok: false; reason: "aborted" };

class Aborted extends Error {}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Aborted());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

interface ClaimState {
  claimed: boolean;
  state: string;
  ahead: number;
  usedToday: number;
  /** seconds until the interval and the window allow the next start (≤ 0: now) */
  intervalWait: number;
  windowWait: number;
}

/** One claim attempt: under the queue's lock, expire dead rows, start this one if allowed, else report. */
async function tryClaim(id: string, queue: string, limits: QuotaLimits, leaseSeconds: number, heartbeatSeconds: number): Promise<ClaimState> {
  return transaction(async () => {
    await db().execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK}, hashtext(${queue}))`);
    await db().execute(sql`
      update ai_requests set state = 'abandoned', finished_at = clock_timestamp()
      where queue = ${queue} and state in ('waiting', 'running') and alive_until < clock_timestamp()`);
    const started = await queryRows<{ id: string }>(sql`
      update ai_requests r
      set state = 'running', started_at = clock_timestamp(), alive_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
      where r.id = ${id} and r.state = 'waiting'
        and not exists (
          select 1 from ai_requests o
          where o.queue = ${queue} and o.state in ('waiting', 'running') and o.seq < r.seq)
        and (select count(*) from ai_requests s
             where s.queue = ${queue} and s.started_at is not null
               and s.started_at > clock_timestamp() - make_interval(secs => ${limits.windowSeconds})) < ${limits.perMinute}
        and not exists (
          select 1 from ai_requests s
          where s.queue = ${queue} and s.started_at is not null
            and s.started_at > clock_timestamp() - make_interval(secs => ${limits.minIntervalSeconds}))
        and (select count(*) from ai_requests s
             where s.queue = ${queue} and s.started_at is not null and s.started_at >= ${ROME_DAY_START}) < ${limits.dailyLimit}
      returning r.id`);
    if (started.length > 0) return { claimed: true, state: "running", ahead: 0, usedToday: 0, intervalWait: 0, windowWait: 0 };

    const [row] = await queryRows<{ state: string; ahead: number; used_today: number; interval_wait: number | null; window_wait: number | null }>(sql`
      update ai_requests me set alive_until = case when me.state = 'waiting'
          then clock_timestamp() + make_interval(secs => ${heartbeatSeconds}) else me.alive_until end
      where me.id = ${id}
      returning me.state,
        (select count(*)::int from ai_requests o
          where o.queue = ${queue} and o.state in ('waiting', 'running') and o.seq < me.seq) as ahead,
        (select count(*)::int from ai_requests s
          where s.queue = ${queue} and s.started_at is not null and s.started_at >= ${ROME_DAY_START}) as used_today,
        extract(epoch from (
          select max(s.started_at) from ai_requests s where s.queue = ${queue} and s.started_at is not null)
          + make_interval(secs => ${limits.minIntervalSeconds}) - clock_timestamp())::float8 as interval_wait,
        extract(epoch from (
          select s.started_at from ai_requests s
          where s.queue = ${queue} and s.started_at is not null
            and s.started_at > clock_timestamp() - make_interval(secs => ${limits.windowSeconds})
          order by s.started_at desc offset ${limits.perMinute - 1} limit 1)
          + make_interval(secs => ${limits.windowSeconds}) - clock_timestamp())::float8 as window_wait`);
    if (!row) return { claimed: false, state: "gone", ahead: 0, usedToday: 0, intervalWait: 0, windowWait: 0 };
    return {
      claimed: false,
      state: row.state,
      ahead: row.ahead,
      usedToday: row.used_today,
      intervalWait: row.interval_wait ?? 0,
      windowWait: row.window_wait ?? 0,
    };
  });
}

async function setState(id: string, from: "waiting" | "running", to: "done" | "abandoned"): Promise<void> {
  await db().execute(sql`
    update ai_requests set state = ${to}, finished_at = clock_timestamp(), alive_until = clock_timestamp()
    where id = ${id} and state = ${from}`);
}

/**
 * Waits for this request's turn in the site-wide queue and starts it (the caller then calls the
 * provider and releases the slot); refused when the day's limit is reached; leaves the queue when
 * `hooks.signal` aborts. Never inside a transaction: other processes must see the queue's rows.
 */
export async function acquireSlot(
  requestType: AiRequestType,
  userId: string | null,
  hooks: AiCallHooks = {},
  options: QueueOptions = {},
): Promise<SlotOutcome> {
  const queue = options.queue ?? DEFAULT_QUEUE;
  const limits = quotaLimits(options.limits);
  const leaseSeconds = options.leaseSeconds ?? DEFAULTS.leaseSeconds;
  const heartbeatSeconds = options.heartbeatSeconds ?? DEFAULTS.heartbeatSeconds;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const { signal } = hooks;
  // A listener that fails (its stream already closed) must not take the queue's bookkeeping with it.
  const onProgress = (progress: AiProgress) => {
    try {
      hooks.onProgress?.(progress);
    } catch (err) {
      logger.warn({ err }, "AI: notifica di avanzamento non riuscita");
    }
  };
  if (signal?.aborted) return { ok: false, reason: "aborted" };

  // Refused at once when the day is already used up. The spec's rule: if this check itself fails,
  // the request is allowed (the claim still counts the day's starts).
  try {
    const used = await (options.usageCheck ?? startedToday)(queue);
    if (used >= limits.dailyLimit) return { ok: false, reason: "daily-limit", used, limit: limits.dailyLimit };
  } catch (error) {
    logger.error({ err: error }, "AI: controllo dell'uso giornaliero non riuscito, richiesta consentita");
  }

  // The limits look back one day at most: older rows of finished requests are only history.
  await db().execute(sql`
    delete from ai_requests
    where queue = ${queue} and state in ('done', 'abandoned') and enqueued_at < clock_timestamp() - interval '3 days'`);
  const [inserted] = await queryRows<{ id: string }>(sql`
    insert into ai_requests (queue, user_id, request_type, alive_until)
    values (${queue}, ${userId}, ${requestType}, clock_timestamp() + make_interval(secs => ${heartbeatSeconds}))
    returning id`);
  const id = inserted!.id;
  const slotSeconds = Math.max(limits.minIntervalSeconds, limits.windowSeconds / limits.perMinute);
  let last = "";
  try {
    for (;;) {
      if (signal?.aborted) throw new Aborted();
      const claim = await tryClaim(id, queue, limits, leaseSeconds, heartbeatSeconds);
      if (claim.claimed) break;
      if (claim.state !== "waiting") {
        // Our heartbeat ran out (this process stalled longer than it): the row no longer holds a place.
        throw new Error(`AI queue: request ${id} is ${claim.state}`);
      }
      if (claim.usedToday >= limits.dailyLimit) {
        await setState(id, "waiting", "abandoned");
        return { ok: false, reason: "daily-limit", used: claim.usedToday, limit: limits.dailyLimit };
      }
      const headWait = Math.max(0, claim.intervalWait, claim.windowWait);
      const waitSeconds = Math.ceil(headWait + claim.ahead * slotSeconds);
      const progress = `${claim.ahead}:${waitSeconds}`;
      if (progress !== last) {
        last = progress;
        onProgress({ stage: "queued", position: claim.ahead + 1, waitSeconds });
      }
      // At the head, sleep no longer than until the limits allow the start.
      const untilFree = claim.ahead === 0 && headWait > 0 ? Math.ceil(headWait * 1000) + 5 : pollMs;
      await sleep(Math.min(pollMs, untilFree), signal);
    }
  } catch (error) {
    await setState(id, "waiting", "abandoned").catch((err: unknown) => logger.error({ err }, "AI: uscita dalla coda non riuscita"));
    if (error instanceof Aborted) return { ok: false, reason: "aborted" };
    throw error;
  }

  onProgress({ stage: "started" });
  const renew = setInterval(
    () => {
      void db()
        .execute(sql`
          update ai_requests set alive_until = clock_timestamp() + make_interval(secs => ${leaseSeconds})
          where id = ${id} and state = 'running'`)
        .catch((err: unknown) => logger.error({ err }, "AI: rinnovo della concessione non riuscito"));
    },
    Math.max(100, (leaseSeconds * 1000) / 3),
  );
  renew.unref();
  let released = false;
  return {
    ok: true,
    slot: {
      id,
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        await setState(id, "running", "done");
      },
    },
  };
}
