// What follows a private message once it is stored (issue 29): the other person's live screens and
// the e-mail notice. Called by the conversations' domain after the message's transaction commits.

export interface MessageSent {
  conversationId: string;
  messageId: string;
  senderId: string;
  /** null when the other person has erased the account */
  recipientId: string | null;
}

/** Tells the recipient's open pages and, when due, mails them (filled by the live and mail part). */
export async function messageSent(event: MessageSent): Promise<void> {
  void event;
}
