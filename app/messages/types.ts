// Shapes the messages' modules pass to one another, apart from the modules that make them: the
// notification mail reads the event the sending emits, the access rules read the blocks, and neither
// imports its caller for it.
export interface MessageSent {
  conversationId: string;
  messageId: string;
  senderId: string;
  /** null when the other person has erased the account */
  recipientId: string | null;
}

export interface Blocks {
  /** I have blocked the other person. */
  byMe: boolean;
  /** The other person has blocked me. */
  byOther: boolean;
}
