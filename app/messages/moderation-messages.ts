// The texts of the moderators' view of a reported conversation (client-safe: the page imports them).
export const CONVERSATION_MODERATION_MESSAGES = {
  notFound: "Conversazione non trovata",
  notFoundDetail: "Questa segnalazione non riguarda una conversazione, oppure la conversazione è stata eliminata.",
  erasedUser: "Utente eliminato",
  listingGone: "Annuncio eliminato",
} as const;

export interface ModeratedParticipant {
  id: string;
  name: string;
  email: string;
  /** "Inserzionista" or "Interessato" */
  role: string;
}
