// For tests: the .eml files the mailer writes to DATA_DIR/outbox, read back as headers and the
// decoded plain-text body, so that a test can look at the lines a recipient would read.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "~/config.server";
import { parseEml } from "./eml";

export interface OutboxMail {
  file: string;
  /** the raw header block */
  headers: string;
  /** the text body, decoded (8-bit, quoted-printable or base64), with "\n" line ends */
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
  const { headers, body } = parseEml(await readFile(path.join(dir, file), "utf8"));
  return { file, headers, body, lines: body.split("\n") };
}

/** The mails written since `before` (a list from outboxFiles), oldest first. */
export async function mailsSince(before: string[]): Promise<OutboxMail[]> {
  const names = (await outboxFiles()).filter((name) => !before.includes(name));
  return Promise.all(names.map((name) => readMail(name)));
}

/** The mails written since `before` whose To: header is `to` alone, oldest first. */
export async function mailsTo(before: string[], to: string): Promise<OutboxMail[]> {
  const addressedTo = new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m");
  return (await mailsSince(before)).filter((mail) => addressedTo.test(mail.headers));
}
