// One logger for the server: JSON lines (pino). A line written while a request is handled carries
// that request's id (`reqId`), which the HTTP server also answers as `x-request-id` (decision 0067).
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

const requestIds = new AsyncLocalStorage<string>();

/** Runs fn (a whole request) with `id` on every log line written meanwhile. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestIds.run(id, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** A logger writing to `destination` (default standard output); tests read its lines. */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): pino.Logger {
  return pino(
    {
      level: options.level ?? (process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info")),
      base: undefined,
      // A new object each time: pino merges the line's own fields into it.
      mixin: () => {
        const reqId = requestIds.getStore();
        return reqId === undefined ? {} : { reqId };
      },
    },
    options.destination,
  );
}

export const logger = createLogger();
