// Text typed by people, brought onto one line: the rule that a name stored by Zampa and a field
// written into one of its mails share. Client-safe (the forms use it through the name schema).

/**
 * Characters that break a line or change how the text around them reads: control characters (tab,
 * CR, LF, …), the Unicode line and paragraph separators, and the bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069).
 */
export const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/gu;

/** The text on one line: every break and control character a space, runs of spaces one, ends trimmed. */
export function singleLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, " ").replace(/\s+/gu, " ").trim();
}
