// What follows a private message once it is stored (issue 29, decision 0091): the live news to the
// two people's open pages, the e-mail notice to the recipient when due, and the automatic report of
// a sender whose messages trip the scam signals with many people. Called by the conversations'
// domain after the message's transaction commits; each step stands alone, and none of them fails
// the sending: the message is stored whatever happens here.
import { logger } from "~/lib/logger.server";
import { publish } from "./live.server";
import { notifyByMail } from "./notification-mail.server";
import { reportScamSenderIfDue } from "./scam-reports.server";
import type { MessageSent } from "./types";

export type { MessageSent };

export interface ConversationChanged {
  conversationId: string;
  /** the people whose pages show it differently now (who read it: their other tabs and the header's badge) */
  userIds: readonly (string | null)[];
}

async function step(name: string, event: { conversationId: string }, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.error({ err: error, conversationId: event.conversationId }, `messaggi: ${name} non riuscito dopo l'invio`);
  }
}

/** Tells the recipient's (and the sender's other) open pages, mails the recipient when due, reports a scam burst. */
export async function messageSent(event: MessageSent): Promise<void> {
  await step("avviso in diretta", event, () =>
    publish({ kind: "message", conversationId: event.conversationId, userIds: [event.recipientId, event.senderId] }),
  );
  await step("avviso via email", event, () => notifyByMail(event));
  await step("controllo dei segnali di truffa", event, () => reportScamSenderIfDue(event.senderId, event.messageId));
}

/**
 * A conversation changed for these people without a new message (read on another device, so the
 * unread counts differ): their open pages reload. Called by the conversations' domain after commit.
 */
export async function conversationChanged(event: ConversationChanged): Promise<void> {
  await step("avviso in diretta", event, () => publish({ kind: "changed", conversationId: event.conversationId, userIds: event.userIds }));
}
