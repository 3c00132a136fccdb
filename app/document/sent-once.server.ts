// A rendered page's bytes live off the JavaScript heap, and V8 frees them only when a garbage
// collection finds their Buffer dead. Under load that is a full collection (the Buffer outlives the
// young generation's quick ones while its request is in flight): with fewer of those, sent pages
// waited ~0.5 s each to be freed and held tens of megabytes. A page rendered for one response is
// read by nobody once the response is written, so its memory is given back at once instead: the
// server (server/main.ts) hands the response and the socket's ServerResponse to releaseWhenSent.
// See docs/decisions/0033-sent-page-memory.md.
import { freeNow, ownsWholeBuffer } from "~/lib/free-buffer.server";

/** Bodies that belong to one response only, by that response. */
const owned = new WeakMap<Response, Uint8Array>();

/** What releaseWhenSent needs of Node's ServerResponse. */
export interface SentSignal {
  once(event: "finish", listener: () => void): unknown;
}

/**
 * A Response whose body nothing else holds: its memory may be released once it is sent. The body
 * must own its whole ArrayBuffer (Buffer.allocUnsafeSlow), never a slice of Node's shared pool.
 */
export function responseSentOnce(body: Uint8Array, init: ResponseInit): Response {
  const response = new Response(body as unknown as BodyInit, init);
  if (ownsWholeBuffer(body)) owned.set(response, body);
  return response;
}

/**
 * Releases the body of a responseSentOnce Response when `sent` reports it written. "finish" comes
 * after the socket's last write completed, so the bytes are in the kernel by then; a connection
 * that breaks first never reports it, and the body is left to the garbage collector.
 */
export function releaseWhenSent(response: Response, sent: SentSignal): void {
  const body = owned.get(response);
  if (!body) return;
  owned.delete(response);
  sent.once("finish", () => freeNow(body));
}
