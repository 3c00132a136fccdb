// A stream of server-sent events fed by a subscription, for as long as the client stays: the back
// office's live statistics (app/ai/stream.server.ts) and the private messages' news
// (app/messages/live-stream.server.ts). A comment keeps a quiet stream open through proxies; the
// subscription ends when the client goes, whichever side notices first.
import { SSE_HEARTBEAT } from "~/ai/sse";

/** A comment this often keeps a quiet stream open through proxies (nginx closes it after 60 s). */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

export const EVENT_STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  // nginx and similar proxies would otherwise hold the events back
  "x-accel-buffering": "no",
} as const;

export interface EventStreamOptions {
  /** Starts listening, writing whole events with `write`; returns the stop. */
  subscribe: (write: (text: string) => void) => () => void;
  /** How long a browser that lost the stream waits before it comes back (EventSource's `retry`). */
  retryMs: number;
  heartbeatMs?: number;
}

export function eventStream(request: Request, { subscribe, retryMs, heartbeatMs = EVENT_STREAM_HEARTBEAT_MS }: EventStreamOptions): Response {
  const encoder = new TextEncoder();
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
      const close = () => {
        stop();
        try {
          stream.close();
        } catch {
          // already closed
        }
      };
      const unsubscribe = subscribe(write);
      const heartbeat = setInterval(() => write(SSE_HEARTBEAT), heartbeatMs);
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", close);
      };
      request.signal.addEventListener("abort", close, { once: true });
      write(`retry: ${retryMs}\n\n`);
      if (request.signal.aborted) close();
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}
