// Messages from the contact form: validated, spam-guarded, stored as "new", sent to the admins.
import { and, eq, gt, sql } from "drizzle-orm";
import { firstError } from "~/accounts/validation";
import { config } from "~/config.server";
import { transaction } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { hit } from "~/lib/rate-limit.server";
import { mailStaff } from "~/mail/admin-mail.server";
import { oneLine, quotedBlock } from "~/mail/mail-text";
import { contactSchema, CONTACT_MESSAGES as M, HONEYPOT_FIELD } from "./validation";
import { fail, type Result } from "~/lib/result";

/** Generous: a person writing a few messages is never stopped; a flood is. */
export const CONTACT_LIMIT = { max: 8, windowSeconds: 60 * 60 };

export type ContactResult = Result;

export async function submitContactMessage(input: Record<string, unknown>, clientIp: string): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  // A filled honeypot is a bot: it is told "sent" and nothing is stored or mailed.
  if (typeof input[HONEYPOT_FIELD] === "string" && input[HONEYPOT_FIELD].trim() !== "") {
    logger.info({ ip: clientIp }, "modulo contatti: honeypot compilato, messaggio scartato");
    return { ok: true };
  }
  if (!(await hit(`contact:ip:${clientIp}`, CONTACT_LIMIT)).allowed) {
    return fail(429, M.tooMany);
  }
  const { name, email, subject, message } = parsed.data;

  // A double submit (same sender, subject and text within ten minutes) is stored once, even when
  // both arrive together: the check and the insert run under a lock per sender.
  const stored = await transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${email}`}))`);
    const [duplicate] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.email, email),
          eq(contactMessages.subject, subject),
          eq(contactMessages.message, message),
          gt(contactMessages.createdAt, sql`now() - interval '10 minutes'`),
        ),
      )
      .limit(1);
    if (duplicate) return false;
    await tx.insert(contactMessages).values({ name, email, subject, message, status: "new" });
    return true;
  });
  if (!stored) return { ok: true };

  // The sender's words go in on one line each (name, subject) or as a quoted block (message): none
  // of them can add a line of its own to the mail.
  await mailStaff(
    "contacts.manage",
    {
      replyTo: email,
      subject: `Nuovo messaggio dal sito: ${oneLine(subject)}`,
      text:
        `Da: ${oneLine(name)} <${email}>\nOggetto: ${oneLine(subject)}\n\nMessaggio:\n${quotedBlock(message)}\n\n` +
        `Rispondi a questa email o gestisci il messaggio nel pannello: ${config().publicUrl}/admin/contacts`,
    },
    "modulo contatti: invio email agli amministratori non riuscito",
  );
  return { ok: true };
}
