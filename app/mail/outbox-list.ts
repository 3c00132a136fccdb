// `npm run outbox` (scripts/outbox.ts): the latest mails of DATA_DIR/outbox, newest last, each with
// its date, recipient, subject and links, so that a confirmation link can be copied (decision 0099).
// Relative imports only: Node runs the script without the app's module aliases.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { headerValue, parseEml } from "./eml.ts";

export interface OutboxEntry {
  file: string;
  date: Date;
  to: string;
  subject: string;
  links: string[];
}

/** The links of a text, whole; a full stop or a bracket that closes the sentence is not part of one. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[.,;:!?)\]]+$/, ""));
}

/** The `count` latest .eml files of `dir` (all of them with "all"), oldest first; none when `dir` does not exist. */
export async function latestMails(dir: string, count: number | "all"): Promise<OutboxEntry[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
  // By the time the file was written: an alert's file is named after its queue entry, not the time.
  const dated = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(path.join(dir, name))).mtimeMs })));
  dated.sort((a, b) => a.mtime - b.mtime || a.name.localeCompare(b.name));
  const chosen = count === "all" ? dated : dated.slice(Math.max(0, dated.length - count));
  return Promise.all(
    chosen.map(async ({ name, mtime }) => {
      const { headers, body } = parseEml(await readFile(path.join(dir, name), "utf8"));
      const sent = new Date(headerValue(headers, "Date") ?? "");
      return {
        file: path.join(dir, name),
        date: Number.isNaN(sent.getTime()) ? new Date(mtime) : sent,
        to: headerValue(headers, "To") ?? "",
        subject: headerValue(headers, "Subject") ?? "",
        links: linksIn(body),
      };
    }),
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Local time, `2026-11-27 18:02:11`. */
function localTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The listing as printed: one block per mail, its links on lines of their own (nothing else on them, to copy). */
export function formatMails(entries: OutboxEntry[], dir: string, total: number): string {
  if (entries.length === 0) return `Nessuna e-mail in ${dir}\n`;
  const blocks = entries.map((entry) =>
    [
      `${localTime(entry.date)}  a: ${entry.to}`,
      `  ${entry.subject}`,
      ...(entry.links.length ? entry.links.map((link) => `  ${link}`) : ["  (nessun link)"]),
      `  ${entry.file}`,
    ].join("\n"),
  );
  const shown = entries.length < total ? `Le ultime ${entries.length} di ${total} e-mail in ${dir} (tutte: npm run outbox -- --all)` : `${total} e-mail in ${dir}`;
  return `${shown}\n\n${blocks.join("\n\n")}\n`;
}

/** Reads `-n N` and `--all`; default the latest 5. */
export function parseOutboxArgs(args: string[]): { count: number | "all" } | { error: string } | { help: true } {
  let count: number | "all" = 5;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--all" || arg === "-a") count = "all";
    else if (arg === "-h" || arg === "--help") return { help: true };
    else if (arg === "-n" || arg.startsWith("-n=") || /^-n\d+$/.test(arg)) {
      const value = arg === "-n" ? args[++i] : arg.replace(/^-n=?/, "");
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) return { error: `-n vuole un numero intero da 1 in su (è "${value ?? ""}")` };
      count = n;
    } else return { error: `opzione sconosciuta: ${arg}` };
  }
  return { count };
}

export const OUTBOX_USAGE = "npm run outbox [-- -n N | --all]: le ultime e-mail della outbox (DATA_DIR/outbox), la più recente in fondo, con i loro link";

/** The whole command: what it prints, and its exit code. */
export async function outboxCommand(args: string[], dataDir: string): Promise<{ output: string; code: number }> {
  const parsed = parseOutboxArgs(args);
  if ("help" in parsed) return { output: `${OUTBOX_USAGE}\n`, code: 0 };
  if ("error" in parsed) return { output: `${parsed.error}\n${OUTBOX_USAGE}\n`, code: 2 };
  const dir = path.join(dataDir, "outbox");
  const total = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).length;
  const entries = (await latestMails(dir, parsed.count)).map((entry) => ({ ...entry, file: shortPath(entry.file) }));
  return { output: formatMails(entries, shortPath(dir), total), code: 0 };
}

/** A path under the current folder as a relative one (shorter to read and to copy). */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
