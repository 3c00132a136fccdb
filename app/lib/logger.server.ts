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

/** Lines are written once this many bytes are waiting, or at the latest after FLUSH_MS. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 250;

/**
 * Standard output written asynchronously in batches: a line (the access log writes one per request)
 * costs a string appended to a buffer, not a write to the pipe each. What is still buffered is
 * written synchronously when the process exits (process.exit included: the fatal start-up line, a
 * clean stop), so no line is lost on the way out.
 */
export function batchedStdout(fd = 1): pino.DestinationStream & { flushSync(): void } {
  // periodicFlush: a quiet server's lines are not held back longer than FLUSH_MS.
  const destination = pino.destination({ dest: fd, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS });
  process.once("exit", () => {
    try {
      destination.flushSync();
    } catch {
      // standard output already closed: nothing left to write to
    }
  });
  return destination;
}

/** A logger writing to `destination` (default: standard output, batched); tests read its lines. */
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
    options.destination ?? batchedStdout(),
  );
}

export const logger = createLogger();
