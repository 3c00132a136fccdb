// The pages' side of the live updates (decision 0091): the inbox, a conversation and the header's
// unread badge call useLiveMessages(); on each piece of news from /dashboard/messaggi/eventi the
// page's loaders run again, so the new message or the new counts appear without a reload. Effects
// do not run on the server: nothing happens while rendering there.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export const LIVE_EVENTS_PATH = "/dashboard/messaggi/eventi";
/** The events the stream sends (live-stream.server.ts); any of them means "reload". */
export const LIVE_EVENT_NAMES = ["message", "changed", "resync"] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
/** A stream the browser gave up on (a refusal, a proxy's error page) is opened again after this. */
export const LIVE_RETRY_MS = 10_000;

/** What connectLiveMessages needs of EventSource (the browser's; a fake in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface LiveConnection {
  /** told of each event, and after the stream came back from a break */
  onNews: (name: LiveEventName | "reconnected", conversationId: string) => void;
  open?: (url: string) => EventSourceLike;
  retryMs?: number;
}

const CLOSED = 2;

/**
 * Opens the stream and keeps it open until the returned function is called: the browser retries a
 * broken stream by itself, and one it gave up on is opened again here after LIVE_RETRY_MS.
 */
export function connectLiveMessages({ onNews, open = (url) => new EventSource(url), retryMs = LIVE_RETRY_MS }: LiveConnection): () => void {
  let source: EventSourceLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let hadError = false;

  const start = () => {
    if (closed) return;
    const current = open(LIVE_EVENTS_PATH);
    source = current;
    for (const name of LIVE_EVENT_NAMES) {
      current.addEventListener(name, (event) => {
        let conversationId = "";
        try {
          conversationId = String((JSON.parse(String(event.data)) as { conversationId?: unknown }).conversationId ?? "");
        } catch {
          // not ours: reload all the same
        }
        onNews(name, conversationId);
      });
    }
    current.addEventListener("open", () => {
      // Back after a break: what was sent meanwhile was not heard.
      if (hadError) onNews("reconnected", "");
      hadError = false;
    });
    current.addEventListener("error", () => {
      hadError = true;
      if (current.readyState === CLOSED && !closed) {
        current.close();
        retry = setTimeout(start, retryMs);
      }
    });
  };
  start();
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}

export interface LiveMessagesOptions {
  /** false: no stream (a visitor's header) */
  enabled?: boolean;
  /** told of each event before the reload (a page that wants to scroll to the newest message) */
  onEvent?: (name: LiveEventName | "reconnected", conversationId: string) => void;
}

export function useLiveMessages({ enabled = true, onEvent }: LiveMessagesOptions = {}): void {
  const revalidator = useRevalidator();
  // Read through refs: the stream stays open across reloads and renders instead of reconnecting.
  const current = useRef(revalidator);
  const callback = useRef(onEvent);
  const pending = useRef(false);
  useEffect(() => {
    current.current = revalidator;
    callback.current = onEvent;
    // News that came during a reload: one more reload once it is over, so nothing is missed.
    if (pending.current && revalidator.state === "idle") {
      pending.current = false;
      void revalidator.revalidate();
    }
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    return connectLiveMessages({
      onNews: (name, conversationId) => {
        callback.current?.(name, conversationId);
        if (current.current.state === "idle") void current.current.revalidate();
        else pending.current = true;
      },
    });
  }, [enabled]);
}
