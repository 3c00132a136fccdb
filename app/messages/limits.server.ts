// The limits of private messaging per account (decision 0090): messages in any 60 seconds, new
// conversations in any 24 hours. Counted over the rows themselves (indexed by sender and by asker),
// inside the sender's transaction, after the sender's lock (lockSender): two requests of one
// account cannot both pass the last free place, and a refused message is not counted.
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db, queryRows } from "~/db/client.server";
import { fail, type Failure } from "~/lib/result";
import { MESSAGE_TEXTS as M } from "./messages";

/** A refusal for a limit: with the seconds to wait, for the Retry-After header. */
export type LimitRefusal = Failure & { status: 429; retryAfter: number };

/** Serialises one account's sends (other accounts are not held up) until the transaction ends. */
export async function lockSender(userId: string): Promise<void> {
  await db().execute(sql`select pg_advisory_xact_lock(hashtext(${`messages:${userId}`}))`);
}

function refusal(error: string, retryAfter: number): LimitRefusal {
  return { ...fail(429, error), status: 429, retryAfter: Math.max(1, retryAfter) };
}

/**
 * The account's rows of `table` (by `column`) in the last `seconds`, counted up to `max`, and the
 * seconds until the oldest of those counted leaves the window (the wait when the count is full).
 */
async function inWindow(table: string, column: string, userId: string, seconds: number, max: number): Promise<{ count: number; wait: number }> {
  const window = sql`make_interval(secs => ${seconds})`;
  const [row] = await queryRows<{ count: number; wait: number | null }>(sql`
    select count(*)::int as count,
           ceil(extract(epoch from (min(created_at) + ${window} - now())))::int as wait
      from (select created_at from ${sql.identifier(table)}
             where ${sql.identifier(column)} = ${userId} and created_at > now() - ${window}
             order by created_at desc limit ${max}) recent`);
  return { count: Number(row?.count ?? 0), wait: Math.max(1, Number(row?.wait ?? seconds)) };
}

/** Refused when the account has sent MESSAGES_PER_MINUTE messages in the last 60 seconds. */
export async function messageLimit(userId: string): Promise<LimitRefusal | null> {
  const max = config().messaging.messagesPerMinute;
  const { count, wait } = await inWindow("conversation_messages", "sender_id", userId, 60, max);
  return count < max ? null : refusal(M.tooManyMessages(wait), wait);
}

/** Refused when the account has started CONVERSATIONS_PER_DAY conversations in the last 24 hours. */
export async function conversationLimit(userId: string): Promise<LimitRefusal | null> {
  const max = config().messaging.conversationsPerDay;
  const { count, wait } = await inWindow("conversations", "asker_id", userId, 86_400, max);
  return count < max ? null : refusal(M.tooManyConversations(max), wait);
}

/** The headers of an answer refused for a limit (Retry-After), none for any other. */
export function limitHeaders(result: { ok: boolean; retryAfter?: number }): Record<string, string> {
  return !result.ok && result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
}
