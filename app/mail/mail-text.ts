// Text typed by users, written into the plain-text body of a mail that Zampa sends. A mail body is
// read line by line: a line break in a "single-line" field (a subject, a name, a listing title)
// would let its author add lines that look like Zampa's own ("Bcc: …", "Rispondi a …"). Every piece
// of user text goes into a mail through one of these two functions.
import { BREAKS_AND_CONTROLS, singleLine } from "~/lib/text";

// Line breaks of every kind: CR, LF, vertical tab, form feed, NEL, the Unicode line and paragraph
// separators (each CRLF counts once).
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/gu;

/**
 * A user-supplied single-line field, on one line: every line break and control character becomes
 * a space, runs of spaces become one, and the ends are trimmed. With `maxLength`, a longer text
 * is cut there and ends with "…".
 */
export function oneLine(text: string, maxLength?: number): string {
  const line = singleLine(text);
  if (maxLength === undefined || line.length <= maxLength) return line;
  return `${line.slice(0, Math.max(0, maxLength - 1)).trimEnd()}…`;
}

/**
 * A user-supplied text of several lines (a message, a description), as a quoted block: each of its
 * lines starts with "> ", so that none of them can pass for a line of the mail around it.
 */
export function quotedBlock(text: string): string {
  return text
    .replace(LINE_BREAK, "\n")
    .split("\n")
    .map((line) => `> ${line.replace(BREAKS_AND_CONTROLS, " ").trimEnd()}`.trimEnd())
    .join("\n");
}
