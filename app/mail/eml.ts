// Reading the outbox's .eml files (the tests, `npm run outbox`) and writing their text 8-bit, so that
// `cat` shows whole lines and whole links (decision 0099). Relative imports only: scripts run by
// Node without the app's module aliases load it.
import { decodeQuotedPrintable } from "./quoted-printable.ts";

/** The header block and the raw body of a message, at the first blank line ("\n" line ends). */
export function splitEml(eml: string): { headers: string; raw: string } {
  const text = eml.replace(/\r\n/g, "\n");
  const split = text.indexOf("\n\n");
  return split < 0 ? { headers: text, raw: "" } : { headers: text.slice(0, split), raw: text.slice(split + 2) };
}

/** A body as text, from its Content-Transfer-Encoding (quoted-printable, base64; 7bit and 8bit as they are). */
export function decodeBody(raw: string, encoding: string | undefined): string {
  const kind = encoding?.toLowerCase();
  if (kind === "quoted-printable") return decodeQuotedPrintable(raw);
  if (kind === "base64") return Buffer.from(raw, "base64").toString("utf8");
  return raw;
}

/** A header's value, unfolded, with its encoded words (RFC 2047) decoded; undefined when absent. */
export function headerValue(headers: string, name: string): string | undefined {
  const unfolded = headers.replace(/\n[ \t]+/g, " ");
  const line = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(unfolded)?.[1];
  return line === undefined ? undefined : decodeWords(line.trim());
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BQ])\?([^?\s]*)\?=/gi;

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words to text; the space between two such words is not text. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(new RegExp(`(?:${ENCODED_WORD.source})+`, "gi"), (run) => {
      // The bytes of adjacent words together: a character may be split between two words.
      const bytes: Buffer[] = [];
      let charset = "utf-8";
      for (const [, cs, kind, text] of run.matchAll(ENCODED_WORD)) {
        charset = cs!.toLowerCase();
        bytes.push(kind!.toUpperCase() === "B" ? Buffer.from(text!, "base64") : qBytes(text!));
      }
      try {
        return new TextDecoder(charset).decode(Buffer.concat(bytes));
      } catch {
        return run;
      }
    });
}

/** The bytes of a Q-encoded word's text: `_` a space, `=XX` a byte. */
function qBytes(text: string): Buffer {
  return Buffer.from(
    text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
}

export interface ParsedMail {
  /** the raw header block */
  headers: string;
  /** the plain-text body, decoded; of a multipart message, its first text/plain part */
  body: string;
}

/** A message's header block and its plain-text body, decoded. */
export function parseEml(eml: string): ParsedMail {
  const { headers, raw } = splitEml(eml);
  return { headers, body: textOf(headers, raw) };
}

function textOf(headers: string, raw: string): string {
  const type = headerValue(headers, "Content-Type") ?? "text/plain";
  const boundary = /^multipart\/[^;]*;.*\bboundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodeBody(raw, headerValue(headers, "Content-Transfer-Encoding"));
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break;
    const inner = splitEml(part.replace(/^\n/, ""));
    const innerType = headerValue(inner.headers, "Content-Type") ?? "text/plain";
    if (/^(text\/plain|multipart\/)/i.test(innerType)) return textOf(inner.headers, inner.raw.replace(/\n$/, ""));
  }
  return "";
}

/** The longest line SMTP and RFC 5322 allow, in bytes, without its line end. */
const MAX_LINE_BYTES = 998;

/**
 * A message as nodemailer composed it, its text rewritten 8-bit: the body is a plain-text part in
 * quoted-printable or base64, decoded and written as UTF-8 with `Content-Transfer-Encoding: 8bit`.
 * Anything else (several parts, a NUL or CR in the text, a line longer than 998 bytes) is left as
 * it is. For the outbox's files only: over SMTP nodemailer's encoding stays (decision 0099).
 */
export function eightBitText(message: Buffer): Buffer {
  const { headers, raw } = splitEml(message.toString("utf8"));
  if (!/^text\/plain\b/i.test(headerValue(headers, "Content-Type") ?? "text/plain")) return message;
  const encoding = headerValue(headers, "Content-Transfer-Encoding")?.toLowerCase();
  if (encoding !== "quoted-printable" && encoding !== "base64") return message;
  const text = decodeBody(raw, encoding);
  if (/[\0\r]/.test(text) || text.split("\n").some((line) => Buffer.byteLength(line) > MAX_LINE_BYTES)) return message;
  const header = headers.replace(/^Content-Transfer-Encoding:.*$/im, "Content-Transfer-Encoding: 8bit");
  return Buffer.from(`${header}\n\n${text}`, "utf8");
}
