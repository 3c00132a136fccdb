// One logger for the server: JSON lines (pino), or on a terminal one readable line per record
// (LOG_FORMAT, decision 0099). A line written while a request is handled carries that request's id
// (`reqId`), which the HTTP server also answers as `x-request-id` (decision 0067).
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { logFormat, terminalFormatter, type LogFormat } from "./log-format.ts";
import { bannerBlock, bannerFields, bannerLines, type StartBanner } from "./start-banner.ts";

const requestIds = new AsyncLocalStorage<string>();

/** Runs fn (a whole request) with `id` on every log line written meanwhile. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestIds.run(id, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/**
 * Lines are written once this many bytes are waiting, or at the latest after FLUSH_MS. Below
 * sonic-boom's largest single write (16 KB), which it requires of its minLength.
 */
const BATCH_BYTES = 8 * 1024;
const FLUSH_MS = 250;

/**
 * Standard output written asynchronously in batches: a line (the access log writes one per request)
 * costs a string appended to a buffer, not a write to the pipe each. pino's asynchronous destination
 * writes out what it still holds, synchronously, when the process exits (process.exit included: the
 * fatal start-up line, a clean stop), so no line is lost on the way out.
 */
export function batchedStdout(fd = 1): pino.DestinationStream {
  // periodicFlush: a quiet server's lines are not held back longer than FLUSH_MS.
  return pino.destination({ dest: fd, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS });
}

/**
 * `destination` with each of pino's JSON lines turned into the terminal's line on the way: the same
 * batched asynchronous writes (and the same writing out at exit) as JSON, in this thread, no worker.
 */
function readableLines(destination: pino.DestinationStream): pino.DestinationStream {
  const format = terminalFormatter();
  const target = destination as pino.DestinationStream & { flush?: (cb?: (error?: Error) => void) => void; flushSync?: () => void };
  return {
    write: (line: string) => target.write(format(line)),
    flush: (cb?: (error?: Error) => void) => (target.flush ? target.flush(cb) : cb?.()),
    flushSync: () => target.flushSync?.(),
  } as pino.DestinationStream;
}

const readableLoggers = new WeakSet<pino.Logger>();

/**
 * A logger writing to `destination` (default: standard output, batched). Its format: `format`, or
 * LOG_FORMAT / whether standard output is a terminal; a given `destination` (the tests read its
 * lines) gets JSON unless `format` says otherwise.
 */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream; format?: LogFormat } = {}): pino.Logger {
  const format = options.format ?? (options.destination ? "json" : logFormat());
  const destination = options.destination ?? batchedStdout();
  const log = pino(
    {
      level: options.level ?? (process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info")),
      base: undefined,
      // A new object each time: pino merges the line's own fields into it.
      mixin: () => {
        const reqId = requestIds.getStore();
        return reqId === undefined ? {} : { reqId };
      },
    },
    format === "pretty" ? readableLines(destination) : destination,
  );
  if (format === "pretty") readableLoggers.add(log);
  return log;
}

export const logger = createLogger();

/**
 * The start banner (app/lib/start-banner.ts), the last thing a start prints: a framed block on a
 * terminal, one record in JSON. Written through the logger's stream, after every line before it.
 */
export function printStartBanner(log: pino.Logger, banner: StartBanner): void {
  if (readableLoggers.has(log)) {
    const stream = (log as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
    stream.write(bannerBlock(banner));
  } else {
    log.info(bannerFields(banner), bannerLines(banner)[0]!);
  }
}

/** One finished request, as the access log records it. */
export interface AccessLine {
  reqId: string;
  method: string;
  path: string;
  route: string;
  status: number;
  ms: number;
  bytes: number | undefined;
}

/**
 * The access log's writer for `log`: the line `log.info({ method, path, route, status, ms, bytes },
 * "richiesta")` would write with the request's id, field for field, made by one template instead of
 * pino's generic serialisation (a line per request).
 */
export function accessLogWriter(log: pino.Logger): (line: AccessLine) => void {
  const stream = (log as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
  return ({ reqId, method, path, route, status, ms, bytes }) => {
    if (!log.isLevelEnabled("info")) return;
    const size = bytes === undefined || Number.isNaN(bytes) ? "" : `,"bytes":${bytes}`;
    stream.write(
      `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"route":${JSON.stringify(route)},"status":${status},"ms":${ms}${size},"msg":"richiesta"}\n`,
    );
  };
}
