// What a request may carry in its text: the one check for characters that no form or address of
// ours sends, and the Italian messages of a request refused for its form or its address.
// Client-safe: no server imports (the error page shows the message it is given).

export const INPUT_MESSAGES = {
  /** A form body that cannot be read: cut off, malformed, not UTF-8, or with a NUL character. */
  badForm: "Il modulo inviato non è leggibile: ricarica la pagina e riprova",
  /** An address whose query cannot be read: malformed percent-encoding, not UTF-8, or a NUL character. */
  badAddress: "L'indirizzo contiene caratteri non validi: controlla il testo cercato e riprova",
  /** Title of the error page that shows badAddress. */
  badRequestTitle: "Richiesta non valida",
} as const;

/**
 * True when the text holds a NUL character (U+0000). No form or link of ours sends one, and
 * PostgreSQL refuses it in any text value, so it is refused where input is read, before it reaches
 * a query.
 */
export function hasNul(text: string): boolean {
  return text.includes("\0");
}
