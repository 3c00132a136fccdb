// A reported private conversation and an unreported one (decision 0091), written before the browser
// suite's server starts, for tests/browser/admin-conversation-reports.test.ts.
// Data alone (the tests read it): tests/browser/insert-fixtures.ts writes it.

export const CONVERSATION_FIXTURES = {
  reported: {
    id: "5e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
    reportId: "6f2a1b3c-4d5e-4f60-9b7c-8d9e0f1a2b3c",
    listingTitle: "Cuccioli di bassotto (conversazione segnalata)",
    scamMessage: "Per bloccarlo mandami 200 euro di caparra con una ricarica PostePay, poi ti spedisco il cucciolo.",
    reply: "Preferisco venire a vederlo di persona, grazie.",
    signal: "prepaid_card" as const,
  },
  unreported: { id: "7a3b2c4d-5e6f-4a71-8c8d-9e0f1a2b3c4d", message: "Messaggio privato che nessun moderatore deve leggere." },
} as const;
