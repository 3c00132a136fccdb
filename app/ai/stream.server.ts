// The AI endpoints' HTTP side (decision 0056): a server function run with the request's abort
// signal, its progress sent as server-sent events while it waits in the queue and generates, and
// its answer as the last event. A refusal that comes before any progress (bad input, the daily
// limit; anyone who is not an administrator was answered by the back office's gate) is answered as
// plain JSON with its status, so the screens and any other client read it like every other error.
import type { RouterContextProvider } from "react-router";
import type { CurrentUser } from "~/accounts/session.server";
import { adminActor } from "~/admin/gate.server";
import { CACHE_TAGS, onInvalidate, type CacheTag } from "~/cache/cache.server";
import { INPUT_MESSAGES } from "~/lib/input";
import { EVENT_STREAM_HEADERS, EVENT_STREAM_HEARTBEAT_MS, eventStream } from "~/lib/event-stream.server";
import { logger } from "~/lib/logger.server";
import { AI_MESSAGES } from "./messages";
import { SSE_HEARTBEAT, sseEvent } from "./sse";
import type { AiCallHooks, AiOutcome, AiProgress } from "./types";

export type AiServerFunction<T> = (actor: CurrentUser | null, input: unknown, hooks: AiCallHooks) => Promise<AiOutcome<T>>;

function jsonError(status: number, error: string, dailyLimit?: boolean): Response {
  return Response.json(dailyLimit ? { error, dailyLimit: true } : { error }, { status, headers: { "cache-control": "no-store" } });
}

/** The endpoints only take POST: a GET (a link followed, a prefetch) is told so, and nothing runs. */
export function methodNotAllowed(): Response {
  return Response.json({ error: "Metodo non consentito: usa POST" }, { status: 405, headers: { allow: "POST", "cache-control": "no-store" } });
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || holdsNul(inner));
  return false;
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) return { ok: false };
  try {
    const body = JSON.parse(await request.text()) as unknown;
    // PostgreSQL refuses NUL in text: such input is unreadable here, as in every form (app/lib/input.ts).
    return holdsNul(body) ? { ok: false } : { ok: true, body };
  } catch {
    return { ok: false };
  }
}

/**
 * POST JSON → the server function's answer: JSON `{error}` for a refusal before it started, else a
 * `text/event-stream` of `progress` events ending with one `result` ({data}) or `failure` event.
 * The request's abort signal (the browser gone) is passed on as hooks.signal. The actor is the one
 * the back office's gate let through; the server function checks the role again.
 */
export async function aiEndpoint<T>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  run: AiServerFunction<T>,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = adminActor(context);
  const read = await readJson(request);
  if (!read.ok) return jsonError(400, INPUT_MESSAGES.badForm);
  return streamOutcome((hooks) => run(actor, read.body, hooks), request.signal);
}

/** Runs `start` and answers as aiEndpoint describes (exported for its tests). */
export async function streamOutcome<T>(start: (hooks: AiCallHooks) => Promise<AiOutcome<T>>, requestSignal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (requestSignal?.aborted) abort();
  requestSignal?.addEventListener("abort", abort, { once: true });

  const pending: AiProgress[] = [];
  let send: ((progress: AiProgress) => void) | null = null;
  let firstProgress!: () => void;
  const progressed = new Promise<"progress">((resolve) => (firstProgress = () => resolve("progress")));
  const onProgress = (progress: AiProgress) => {
    if (send) send(progress);
    else {
      pending.push(progress);
      firstProgress();
    }
  };

  const outcome = start({ signal: controller.signal, onProgress }).catch((error: unknown): AiOutcome<T> => {
    logger.error({ err: error }, "AI: richiesta non riuscita");
    return { ok: false, status: 500, error: AI_MESSAGES.providerUnreachable };
  });
  const first = await Promise.race([outcome.then(() => "outcome" as const), progressed]);
  if (first === "outcome") {
    const answer = await outcome;
    if (!answer.ok) {
      requestSignal?.removeEventListener("abort", abort);
      return jsonError(answer.status, answer.error, answer.dailyLimit);
    }
  }

  const encoder = new TextEncoder();
  let heartbeat: NodeJS.Timeout | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      const write = (text: string) => {
        try {
          stream.enqueue(encoder.encode(text));
        } catch {
          // the stream was cancelled meanwhile: nothing is listening
        }
      };
      for (const progress of pending.splice(0)) write(sseEvent("progress", progress));
      send = (progress) => write(sseEvent("progress", progress));
      heartbeat = setInterval(() => write(SSE_HEARTBEAT), EVENT_STREAM_HEARTBEAT_MS);
      void outcome.then((answer) => {
        clearInterval(heartbeat);
        requestSignal?.removeEventListener("abort", abort);
        send = null;
        if (answer.ok) write(sseEvent("result", { data: answer.data }));
        else write(sseEvent("failure", answer.dailyLimit ? { error: answer.error, dailyLimit: true } : { error: answer.error }));
        try {
          stream.close();
        } catch {
          // already cancelled
        }
      });
    },
    cancel() {
      // The browser went away: the request leaves the queue or its provider call stops.
      clearInterval(heartbeat);
      send = null;
      abort();
    },
  });
  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}

/**
 * GET: an event `invalidated` each time one of `tags` is dropped in any process (NOTIFY reaches
 * every process's listener), until the client goes. The caller checks who is asking.
 */
export function invalidationStream(request: Request, tags: readonly CacheTag[] = [CACHE_TAGS.aiUsage]): Response {
  return eventStream(request, {
    subscribe: (write) =>
      onInvalidate((dropped) => {
        if (dropped.some((tag) => tags.includes(tag))) write(sseEvent("invalidated", { tags: dropped }));
      }),
    // An EventSource that reconnects waits 5 s, the pages' poll, rather than its default 3 s.
    retryMs: 5000,
  });
}
