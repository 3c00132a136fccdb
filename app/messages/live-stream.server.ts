// The HTTP side of the live updates (decision 0091): GET /dashboard/messaggi/eventi answers a
// signed-in person with a stream of server-sent events, one per piece of news for them, until the
// page goes. The events carry ids only; the page reloads its data through its loaders.
import { SSE_HEARTBEAT, sseEvent } from "~/ai/sse";
import { subscribe as subscribeToHub, type LiveEvent, type LiveListener } from "./live.server";

/** A comment this often keeps a quiet stream open through proxies (nginx closes it after 60 s). */
export const LIVE_HEARTBEAT_MS = 15_000;

export const LIVE_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  // nginx and similar proxies would otherwise hold the events back
  "x-accel-buffering": "no",
} as const;

export const LIVE_MESSAGES = {
  signInRequired: "Accedi per ricevere i nuovi messaggi",
} as const;

export interface LiveStreamOptions {
  heartbeatMs?: number;
  /** the hub to subscribe to (tests) */
  subscribe?: (userId: string, listener: LiveListener) => () => void;
}

/** The stream for `userId`; the caller has checked who is asking. */
export function liveMessagesStream(request: Request, userId: string, options: LiveStreamOptions = {}): Response {
  const encoder = new TextEncoder();
  const subscribe = options.subscribe ?? subscribeToHub;
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      const write = (text: string) => {
        try {
          stream.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = subscribe(userId, (event: LiveEvent) => write(sseEvent(event.kind, { conversationId: event.conversationId })));
      const heartbeat = setInterval(() => write(SSE_HEARTBEAT), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
      const close = () => {
        stop();
        try {
          stream.close();
        } catch {
          // already closed
        }
      };
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", close);
      };
      request.signal.addEventListener("abort", close, { once: true });
      // A browser that lost the stream comes back after 3 s (EventSource's own default, said aloud).
      write("retry: 3000\n\n");
      if (request.signal.aborted) close();
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status: 200, headers: LIVE_STREAM_HEADERS });
}

/** A visitor: 401 as JSON (an EventSource then stops trying until the page is loaded again). */
export function signInRequired(): Response {
  return Response.json({ error: LIVE_MESSAGES.signInRequired }, { status: 401, headers: { "cache-control": "no-store" } });
}
