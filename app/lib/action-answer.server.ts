// What an action answers the form that posted to it, from a domain function's result: a refusal as
// { ok: false, error } with its HTTP status (and Retry-After when the refusal is a rate limit that
// says when to try again), a success as { ok: true, message }. The pages read these two shapes.
import { data } from "react-router";
import type { Failure } from "./result";

/** A refusal, with a rate limit's seconds to wait when it has them. */
export type Refusal = Failure & { retryAfter?: number };

export function refusal(refused: Refusal) {
  const init = refused.retryAfter === undefined ? { status: refused.status } : { status: refused.status, headers: { "retry-after": String(refused.retryAfter) } };
  return data({ ok: false as const, error: refused.error }, init);
}

export function actionAnswer(result: { ok: true; message: string } | Refusal) {
  return result.ok ? { ok: true as const, message: result.message } : refusal(result);
}
