import { describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { decodeWords, eightBitText, headerValue, parseEml } from "./eml";

const compose = async (mail: { subject: string; text: string; html?: string }) => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({ from: "noreply@zampa.it", to: "giulia@example.it", ...mail });
  return (info as unknown as { message: Buffer }).message;
};

describe("the outbox's .eml files", () => {
  it("rewrites a quoted-printable text 8-bit: whole lines, UTF-8, the headers as nodemailer made them", async () => {
    const link = `http://127.0.0.1:3000/reimposta-password?token=${"a1B2".repeat(30)}`;
    const text = `Ciao Giulia,\n\nperché non reimposti la password?\n${link}\n\nIl team di Zampa`;
    const composed = await compose({ subject: "Reimposta la password — Zampa", text });
    expect(composed.toString()).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    // Quoted-printable breaks the link over lines (and writes its "=" as "=3D").
    expect(composed.toString()).not.toContain(link);

    const written = eightBitText(composed).toString("utf8");
    expect(written).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    expect(written).not.toMatch(/quoted-printable/);
    // nodemailer ends a message with a line end.
    expect(written.endsWith(`\n\n${text}\n`)).toBe(true);
    const composedHeaders = composed.toString().split("\n\n")[0]!;
    expect(written.split("\n\n")[0]).toBe(composedHeaders.replace("quoted-printable", "8bit"));
    expect(parseEml(written).body).toBe(`${text}\n`);
    expect(headerValue(written, "Subject")).toBe("Reimposta la password — Zampa");
  });

  it("leaves a message it cannot write 8-bit as it is", async () => {
    const long = await compose({ subject: "x", text: `${"è".repeat(600)}\n` });
    expect(eightBitText(long)).toEqual(long);
    const withCr = Buffer.from("To: a@example.it\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nuno=0Ddue =C3=A8");
    expect(eightBitText(withCr)).toEqual(withCr);
    const multipart = await compose({ subject: "x", text: "testo è", html: "<p>testo è</p>" });
    expect(eightBitText(multipart)).toEqual(multipart);
    // Read back all the same: the text part, decoded.
    expect(parseEml(multipart.toString()).body).toBe("testo è");
    const ascii = await compose({ subject: "x", text: "solo ascii" });
    expect(eightBitText(ascii)).toEqual(ascii);
  });

  it("decodes encoded words, a character split between two of them too", () => {
    expect(decodeWords("=?UTF-8?Q?Conferma_il_tuo_indirizzo_=E2=80=94_?= =?UTF-8?Q?=C3=A8_facile?=")).toBe("Conferma il tuo indirizzo — è facile");
    expect(decodeWords("=?UTF-8?Q?perch=C3?= =?UTF-8?Q?=A9?=")).toBe("perché");
    expect(decodeWords("=?UTF-8?B?wqtaYW1wYcK7?= ok")).toBe("«Zampa» ok");
    expect(decodeWords("Zampa")).toBe("Zampa");
  });
});
