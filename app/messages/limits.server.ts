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

/** Refused when the account has sent MESSAGES_PER_MINUTE messages in the last 60 seconds. */
export async function messageLimit(userId: string): Promise<LimitRefusal | null> {
  const max = config().messaging.messagesPerMinute;
  const [row] = await queryRows<{ sent: number; wait: number | null }>(sql`
    select count(*)::int as sent,
           ceil(extract(epoch from (min(created_at) + interval '60 seconds' - now())))::int as wait
      from (select created_at from conversation_messages
             where sender_id = ${userId} and created_at > now() - interval '60 seconds'
             order by created_at desc limit ${max}) recent`);
  if (!row || row.sent < max) return null;
  const wait = Number(row.wait ?? 60);
  return refusal(M.tooManyMessages(Math.max(1, wait)), wait);
}

/** Refused when the account has started CONVERSATIONS_PER_DAY conversations in the last 24 hours. */
export async function conversationLimit(userId: string): Promise<LimitRefusal | null> {
  const max = config().messaging.conversationsPerDay;
  const [row] = await queryRows<{ started: number; wait: number | null }>(sql`
    select count(*)::int as started,
           ceil(extract(epoch from (min(created_at) + interval '1 day' - now())))::int as wait
      from (select created_at from conversations
             where asker_id = ${userId} and created_at > now() - interval '1 day'
             order by created_at desc limit ${max}) recent`);
  if (!row || row.started < max) return null;
  return refusal(M.tooManyConversations(max), Number(row.wait ?? 86_400));
}

/** The headers of an answer refused for a limit (Retry-After), none for any other. */
export function limitHeaders(result: { ok: boolean; retryAfter?: number }): Record<string, string> {
  return !result.ok && result.retryAfter ? { "Retry-After": String(result.retryAfter) } : {};
}
