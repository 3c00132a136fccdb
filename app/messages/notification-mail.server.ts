// The e-mail that tells a person a private message is waiting (issue 29, decision 0091): at most one
// per conversation and recipient every 15 minutes while messages stay unread. The right to send is
// claimed in the database — one UPDATE that moves the recipient's side's mailed_at only when the
// conditions hold — so two processes handling two messages at once send one mail. The mail names
// the listing and the sender's first name and quotes only the start of the message: the rest is
// read on the site, where the reader sees the scam warnings.
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { queryRows } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { oneLine } from "~/mail/mail-text";
import { sendMail } from "~/mail/mailer.server";
import type { MessageSent } from "./types";

/** At most one mail per conversation and recipient in this time. */
export const MAIL_INTERVAL_MINUTES = 15;
/** How much of the message the mail quotes. */
export const EXCERPT_LENGTH = 80;

export const NOTIFICATION_MAIL = {
  subject: (firstName: string) => `Nuovo messaggio da ${firstName} su Zampa`,
  someone: "Un utente",
  turnOff: "Non vuoi più ricevere questi avvisi? Disattivali dal tuo profilo:",
} as const;

/** The first word of a full name ("Mario Rossi" → "Mario"): all the other person is shown of a name. */
export function firstName(fullName: string | null | undefined): string {
  return oneLine(fullName ?? "").split(" ")[0] ?? "";
}

export function conversationUrl(conversationId: string): string {
  return `${config().publicUrl}/dashboard/messaggi/${conversationId}`;
}

interface Claimed extends Record<string, unknown> {
  listing_title: string;
  email: string;
  recipient_name: string;
}

/**
 * Claims the recipient's side of the conversation for a mail: only if the recipient is still a
 * participant, has unread messages there, was not mailed about it in the last 15 minutes, wants
 * these mails, and has not blocked the sender. Returns what the mail needs, or null.
 */
async function claim(event: MessageSent & { recipientId: string }): Promise<Claimed | null> {
  const interval = sql.raw(`interval '${MAIL_INTERVAL_MINUTES} minutes'`);
  const { conversationId, recipientId, senderId } = event;
  const rows = await queryRows<Claimed>(sql`
    with claimed as (
      update conversations c set
        owner_mailed_at = case when c.owner_id = ${recipientId} then now() else c.owner_mailed_at end,
        asker_mailed_at = case when c.asker_id = ${recipientId} then now() else c.asker_mailed_at end
      where c.id = ${conversationId}
        and (
          (c.owner_id = ${recipientId} and c.owner_unread > 0 and (c.owner_mailed_at is null or c.owner_mailed_at < now() - ${interval}))
          or (c.asker_id = ${recipientId} and c.asker_unread > 0 and (c.asker_mailed_at is null or c.asker_mailed_at < now() - ${interval}))
        )
        and exists (select 1 from profiles p where p.id = ${recipientId} and p.message_mail)
        and not exists (select 1 from user_blocks b where b.blocker_id = ${recipientId} and b.blocked_id = ${senderId})
      returning c.listing_title
    )
    select claimed.listing_title, p.email, p.full_name as recipient_name
    from claimed join profiles p on p.id = ${recipientId}
  `);
  return rows[0] ?? null;
}

/**
 * Mails the recipient about the message when due (see claim); true when a mail was sent. A mail
 * that fails is logged: the message is stored and shown on the site all the same.
 */
export async function notifyByMail(event: MessageSent): Promise<boolean> {
  const { recipientId } = event;
  if (!recipientId || recipientId === event.senderId) return false;
  const claimed = await claim({ ...event, recipientId });
  if (!claimed) return false;
  try {
    const [message] = await queryRows<{ body: string; sender_name: string | null }>(sql`
      select m.body, p.full_name as sender_name
      from conversation_messages m left join profiles p on p.id = m.sender_id
      where m.id = ${event.messageId}
    `);
    const sender = firstName(message?.sender_name) || NOTIFICATION_MAIL.someone;
    const greeting = firstName(claimed.recipient_name);
    const title = oneLine(claimed.listing_title);
    const excerpt = message ? oneLine(message.body, EXCERPT_LENGTH) : "";
    const base = config().publicUrl;
    await sendMail({
      to: claimed.email,
      subject: NOTIFICATION_MAIL.subject(oneLine(sender, 40)),
      text:
        `${greeting ? `Ciao ${greeting},` : "Ciao,"}\n\n` +
        `${sender} ti ha scritto a proposito dell'annuncio «${title}».\n\n` +
        (excerpt ? `«${excerpt}»\n\n` : "") +
        `Leggi e rispondi su Zampa:\n${conversationUrl(event.conversationId)}\n\n` +
        "Per la tua sicurezza: non inviare denaro prima di aver visto l'animale, e continua a scrivere su Zampa.\n\n" +
        `${NOTIFICATION_MAIL.turnOff}\n${base}/dashboard/profile\n\nLa redazione di Zampa`,
    });
    return true;
  } catch (error) {
    logger.error({ err: error, conversationId: event.conversationId }, "messaggi: e-mail di avviso non inviata");
    return false;
  }
}
