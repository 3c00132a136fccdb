// The one mailer: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file in
// DATA_DIR/outbox (and logged), so e-mail flows work and can be read on a machine with no network:
// its text 8-bit, so that `cat` shows whole links, and `npm run outbox` lists them (decision 0099).
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { writePrivateFile } from "~/lib/private-files.server";
import { eightBitText } from "./eml";

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the alert mails). */
  headers?: Record<string, string>;
  /**
   * A name that is the same at every attempt to send this mail: the outbox file's name (a second
   * attempt rewrites the same file) and, over SMTP, the Message-ID (decision 0098).
   */
  name?: string;
}

/** The address Zampa writes from, which reads nothing (also the reporter of its automatic reports). */
export const NO_REPLY_ADDRESS = "noreply@zampa.it";
export const MAIL_FROM = `"Zampa" <${NO_REPLY_ADDRESS}>`;

let transport: Transporter | undefined;
let transportKey: string | undefined;

export function outboxDir(): string {
  return path.join(config().dataDir, "outbox");
}

function getTransport(): Transporter {
  const key = config().smtpUrl ?? "outbox";
  if (!transport || transportKey !== key) {
    transport = config().smtpUrl
      ? nodemailer.createTransport(config().smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transportKey = key;
  }
  return transport;
}

/** Sends (or writes to the outbox) one message; returns the .eml path when written to the outbox. */
export async function sendMail({ name, ...mail }: Mail): Promise<string | undefined> {
  const info = await getTransport().sendMail({ from: MAIL_FROM, ...mail, ...(name ? { messageId: `<${name}@zampa.it>` } : {}) });
  if (config().smtpUrl) {
    logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, "e-mail inviata via SMTP");
    return undefined;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outboxDir(), name ? `${name}.eml` : `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
  // Reset and confirmation links are in it: for the server's user only (decision 0079).
  await writePrivateFile(file, eightBitText((info as unknown as { message: Buffer }).message));
  logger.info({ to: mail.to, subject: mail.subject, file }, "e-mail scritta nella outbox");
  return file;
}
