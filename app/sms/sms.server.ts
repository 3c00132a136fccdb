// SMS: one interface for whatever carrier a deployment uses. The embedded default writes each
// message to DATA_DIR/outbox as a .sms file (like the mailer's .eml), so the phone factor works,
// and can be read, on a machine with no carrier and no network (decision 0059).
import path from "node:path";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { writePrivateFile } from "~/lib/private-files.server";

export interface Sms {
  /** E.164 number, e.g. +393331234567 */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** Writes "To: …", a blank line and the text to DATA_DIR/outbox/<time>-<random>.sms. */
export const outboxSmsSender: SmsSender = {
  async send(sms) {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(config().dataDir, "outbox", `${stamp}-${Math.random().toString(36).slice(2, 8)}.sms`);
    await writePrivateFile(file, `To: ${sms.to}\n\n${sms.text}\n`);
    logger.info({ to: sms.to, file }, "SMS scritto nella outbox");
  },
};

let sender: SmsSender = outboxSmsSender;

/** A carrier's sender replaces the outbox one here (at start-up, or in a test). */
export function setSmsSender(next: SmsSender): void {
  sender = next;
}

export function sendSms(sms: Sms): Promise<void> {
  return sender.send(sms);
}
