// For tests: the .eml files the mailer writes to DATA_DIR/outbox, read back as headers and the
// decoded plain-text body, so that a test can look at the lines a recipient would read.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "~/config.server";
import { decodeQuotedPrintable } from "./quoted-printable";

export interface OutboxMail {
  file: string;
  /** the raw header block */
  headers: string;
  /** the text body, decoded (quoted-printable or base64), with "\n" line ends */
  body: string;
  /** the body's lines */
  lines: string[];
}

const outboxDir = () => path.join(config().dataDir, "outbox");

export async function outboxFiles(): Promise<string[]> {
  return (await readdir(outboxDir()).catch(() => [] as string[])).sort();
}

/** One .eml of the outbox (of this process's DATA_DIR, or of another process's `dir`). */
export async function readMail(file: string, dir = outboxDir()): Promise<OutboxMail> {
  const eml = (await readFile(path.join(dir, file), "utf8")).replace(/\r\n/g, "\n");
  const split = eml.indexOf("\n\n");
  const headers = split < 0 ? eml : eml.slice(0, split);
  const raw = split < 0 ? "" : eml.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const body =
    encoding === "quoted-printable" ? decodeQuotedPrintable(raw) : encoding === "base64" ? Buffer.from(raw, "base64").toString("utf8") : raw;
  return { file, headers, body, lines: body.split("\n") };
}

/** The mails written since `before` (a list from outboxFiles), oldest first. */
export async function mailsSince(before: string[]): Promise<OutboxMail[]> {
  const names = (await outboxFiles()).filter((name) => !before.includes(name));
  return Promise.all(names.map((name) => readMail(name)));
}
