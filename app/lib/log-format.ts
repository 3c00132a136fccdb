// How the server's log lines look (decision 0099): pino's JSON lines for whatever reads them (CI,
// production's log collector, the tests), one short readable line per record on a terminal. No
// imports of the app: the cluster's primary (server/primary.ts) and scripts use it too.
import { createRequire } from "node:module";

export type LogFormat = "json" | "pretty";

/**
 * LOG_FORMAT=json|pretty; unset (or any other value), readable lines when standard output is a
 * terminal and JSON otherwise.
 */
export function logFormat(env: NodeJS.ProcessEnv = process.env, stdoutIsTty = Boolean(process.stdout.isTTY)): LogFormat {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked === "json" || asked === "pretty") return asked;
  return stdoutIsTty ? "pretty" : "json";
}

/** The access log's message (its fields make the readable line). */
const ACCESS_MESSAGE = "richiesta";

interface PinoPretty {
  prettyFactory: (options: Record<string, unknown>) => (record: string | object) => string;
}

/**
 * A function from one pino record (its JSON line, or the object) to the terminal's line:
 * `HH:MM:SS LEVEL: message {other fields}`, the local time without the date, the request's id left
 * out; the access log's line reads `HH:MM:SS INFO: GET /path 200 12.3 ms`. An error's stack follows
 * on its own lines. pino-pretty is loaded here, on demand: a server writing JSON never loads it.
 */
export function terminalFormatter(options: { colorize?: boolean } = {}): (record: string | Record<string, unknown>) => string {
  const { prettyFactory } = createRequire(import.meta.url)("pino-pretty") as PinoPretty;
  const pretty = prettyFactory({
    ...(options.colorize === undefined ? {} : { colorize: options.colorize }),
    translateTime: "SYS:HH:MM:ss",
    // Without pino-pretty's brackets around the time.
    customPrettifiers: { time: (time: string) => time },
    ignore: "pid,hostname,reqId",
    singleLine: true,
  });
  return (record) => {
    let parsed: Record<string, unknown> | undefined;
    if (typeof record === "string") {
      try {
        parsed = JSON.parse(record) as Record<string, unknown>;
      } catch {
        // Not a pino line (a banner, a library's own output): as it is.
        return record.endsWith("\n") ? record : `${record}\n`;
      }
    } else {
      parsed = record;
    }
    if (parsed.msg === ACCESS_MESSAGE && typeof parsed.method === "string") {
      const { level, time, method, path, status, ms } = parsed;
      return pretty({ level, time, msg: `${method} ${String(path)} ${String(status)} ${String(ms)} ms` });
    }
    return pretty(parsed);
  };
}

/** A line the way pino writes it, for the few lines written before or without a logger. */
export function logLine(level: "info" | "warn" | "error" | "fatal", msg: string, fields: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ level: LEVELS[level], time: Date.now(), ...fields, msg })}\n`;
}

const LEVELS = { info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * Writes one line to `stream` the way the server's logger would in this process's format: for the
 * primary of the cluster and the lines before the build is loaded.
 */
export function writeLogLine(stream: NodeJS.WritableStream, level: "info" | "warn" | "error" | "fatal", msg: string, fields: Record<string, unknown> = {}): void {
  const line = logLine(level, msg, fields);
  if (logFormat() === "pretty") {
    formatter ??= terminalFormatter();
    stream.write(formatter(line));
  } else {
    stream.write(line);
  }
}
let formatter: ReturnType<typeof terminalFormatter> | undefined;
