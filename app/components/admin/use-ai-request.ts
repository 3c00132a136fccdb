// One AI request from a screen: POSTs JSON to an /admin/ai/… endpoint and reads its event stream
// (fetch + ReadableStream: EventSource cannot POST), exposing the queue position, the progress and
// the answer. Leaving the page or cancelling aborts the fetch, which takes the request out of the
// queue on the server (decision 0056).
import { useCallback, useEffect, useRef, useState } from "react";
import { SseParser } from "~/ai/sse";
import type { AiProgress } from "~/ai/types";

export type AiRequestState = "idle" | "waiting" | "done" | "failed";

export interface AiRequestError {
  /** the server's message */
  message: string;
  /** refused by the daily limit */
  dailyLimit: boolean;
}

export interface AiRequest<T> {
  state: AiRequestState;
  progress: AiProgress | null;
  result: T | null;
  error: AiRequestError | null;
  /** starts a request (a running one is cancelled first); resolves with the data, or null */
  run: (body: unknown) => Promise<T | null>;
  cancel: () => void;
  reset: () => void;
}

/** What went wrong when the server could not be reached or answered something unreadable. */
export const NETWORK_ERROR = "Impossibile contattare il server: controlla la connessione e riprova";

type Outcome<T> = { ok: true; data: T } | { ok: false; error: AiRequestError };

/** Reads an endpoint's answer: JSON `{error}` or the event stream (exported for tests). */
export async function readAiResponse<T>(response: Response, onProgress: (progress: AiProgress) => void): Promise<Outcome<T>> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/event-stream")) {
    const body = (await response.json().catch(() => null)) as { error?: unknown; dailyLimit?: unknown; data?: unknown } | null;
    if (response.ok && body && "data" in body) return { ok: true, data: body.data as T };
    const message = typeof body?.error === "string" ? body.error : NETWORK_ERROR;
    return { ok: false, error: { message, dailyLimit: body?.dailyLimit === true } };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const message of parser.push(value)) {
      const data = JSON.parse(message.data) as Record<string, unknown>;
      if (message.event === "progress") onProgress(data as unknown as AiProgress);
      else if (message.event === "result") return { ok: true, data: data.data as T };
      else if (message.event === "failure") return { ok: false, error: { message: String(data.error), dailyLimit: data.dailyLimit === true } };
    }
  }
  // The stream ended without an answer (the server restarted meanwhile).
  return { ok: false, error: { message: NETWORK_ERROR, dailyLimit: false } };
}

export function useAiRequest<T>(url: string): AiRequest<T> {
  const [state, setState] = useState<AiRequestState>("idle");
  const [progress, setProgress] = useState<AiProgress | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<AiRequestError | null>(null);
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((current) => (current === "waiting" ? "idle" : current));
    setProgress(null);
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (body: unknown): Promise<T | null> => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      setState("waiting");
      setProgress(null);
      setError(null);
      let outcome: Outcome<T>;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify(body),
          signal: mine.signal,
          credentials: "same-origin",
        });
        outcome = await readAiResponse<T>(response, (next) => {
          if (controller.current === mine) setProgress(next);
        });
      } catch (thrown) {
        if (mine.signal.aborted) return null;
        void thrown;
        outcome = { ok: false, error: { message: NETWORK_ERROR, dailyLimit: false } };
      }
      if (controller.current !== mine) return null;
      controller.current = null;
      setProgress(null);
      if (outcome.ok) {
        setResult(outcome.data);
        setState("done");
        return outcome.data;
      }
      setError(outcome.error);
      setState("failed");
      return null;
    },
    [url],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState("idle");
    setProgress(null);
    setResult(null);
    setError(null);
  }, []);

  return { state, progress, result, error, run, cancel, reset };
}
