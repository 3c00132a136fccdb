// Reading a quoted-printable body back to text (RFC 2045), as mails sent before decision 0099 hold
// it: for the outbox's reader (app/mail/eml.ts) and the alerts benchmark (scripts/bench-alerts.ts). No
// imports, so that the benchmark, run by Node without the app's module aliases, can load it.

export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}
