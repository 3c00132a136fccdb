// The pages' side of the live updates (decision 0091): the inbox, a conversation and the header's
// unread badge call useLiveMessages(); on each piece of news from /dashboard/messaggi/eventi the
// page's loaders run again, so the new message or the new counts appear without a reload. Effects
// do not run on the server: nothing happens while rendering there.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export const LIVE_EVENTS_PATH = "/dashboard/messaggi/eventi";
/** The events the stream sends (live-stream.server.ts); any of them means "reload". */
export const LIVE_EVENT_NAMES = ["message", "changed", "resync"] as const;
/** A stream the browser gave up on (a refusal, a proxy's error page) is opened again after this. */
export const LIVE_RETRY_MS = 10_000;

export interface LiveMessagesOptions {
  /** false: no stream (a visitor's header) */
  enabled?: boolean;
  /** told of each event before the reload (a page that wants to scroll to the newest message) */
  onEvent?: (name: (typeof LIVE_EVENT_NAMES)[number], conversationId: string) => void;
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
    let events: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let hadError = false;

    const reload = () => {
      if (current.current.state === "idle") void current.current.revalidate();
      else pending.current = true;
    };
    const open = () => {
      if (closed) return;
      const source = new EventSource(LIVE_EVENTS_PATH);
      events = source;
      for (const name of LIVE_EVENT_NAMES) {
        source.addEventListener(name, (event) => {
          let conversationId = "";
          try {
            conversationId = String((JSON.parse((event as MessageEvent<string>).data) as { conversationId?: unknown }).conversationId ?? "");
          } catch {
            // not ours: reload all the same
          }
          callback.current?.(name, conversationId);
          reload();
        });
      }
      source.addEventListener("open", () => {
        // Back after a break: what was sent meanwhile was not heard.
        if (hadError) reload();
        hadError = false;
      });
      source.addEventListener("error", () => {
        hadError = true;
        // The browser retries by itself unless the answer was not a stream (401, 502 …): then later, here.
        if (source.readyState === EventSource.CLOSED && !closed) {
          source.close();
          retry = setTimeout(open, LIVE_RETRY_MS);
        }
      });
    };
    open();
    return () => {
      closed = true;
      clearTimeout(retry);
      events?.close();
    };
  }, [enabled]);
}
