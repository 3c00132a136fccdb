// The HTTP side of the live updates (decision 0091): GET /dashboard/messaggi/eventi answers a
// signed-in person with a stream of server-sent events, one per piece of news for them, until the
// page goes. The events carry ids only; the page reloads its data through its loaders.
import { sseEvent } from "~/ai/sse";
import { eventStream } from "~/lib/event-stream.server";
import { subscribe as subscribeToHub, type LiveEvent, type LiveListener } from "./live.server";

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
  const subscribe = options.subscribe ?? subscribeToHub;
  return eventStream(request, {
    subscribe: (write) => subscribe(userId, (event: LiveEvent) => write(sseEvent(event.kind, { conversationId: event.conversationId }))),
    // A browser that lost the stream comes back after 3 s (EventSource's own default, said aloud).
    retryMs: 3000,
    heartbeatMs: options.heartbeatMs,
  });
}

/** A visitor: 401 as JSON (an EventSource then stops trying until the page is loaded again). */
export function signInRequired(): Response {
  return Response.json({ error: LIVE_MESSAGES.signInRequired }, { status: 401, headers: { "cache-control": "no-store" } });
}
