import { describe, expect, it } from "vitest";
import { sendMail } from "./mailer.server";
import { oneLine, quotedBlock } from "./mail-text";
import { mailsSince, outboxFiles } from "./outbox.testing";

describe("user text in a mail body", () => {
  it("puts a single-line field on one line, whatever breaks it holds", () => {
    expect(oneLine("Ciao\r\nBcc: tutti@example.it")).toBe("Ciao Bcc: tutti@example.it");
    expect(oneLine("a\rb\nc\u2028d\u2029e\u0085f\vg\fh")).toBe("a b c d e f g h");
    expect(oneLine("  Giulia \t\0 Rossi\u202E  ")).toBe("Giulia Rossi");
    expect(oneLine("Normale")).toBe("Normale");
    expect(oneLine("\r\n")).toBe("");
  });

  it("cuts a field to a length, with an ellipsis", () => {
    expect(oneLine("x".repeat(10_000), 100)).toBe(`${"x".repeat(99)}…`);
    expect(oneLine("Giulia Rossi", 100)).toBe("Giulia Rossi");
  });

  it("quotes a text of several lines, line by line", () => {
    expect(quotedBlock("Buongiorno,\r\nBcc: tutti@example.it\r\rRispondi a: x")).toBe("> Buongiorno,\n> Bcc: tutti@example.it\n>\n> Rispondi a: x");
    expect(quotedBlock("uno\u2028due")).toBe("> uno\n> due");
  });

  it("leaves no forged line in the mail written to the outbox", async () => {
    const before = await outboxFiles();
    const subject = "Domanda\r\nBcc: vittima@example.it\r\n\r\nFalso testo";
    await sendMail({
      to: "admin@example.it",
      subject: `Nuovo messaggio: ${oneLine(subject)}`,
      text: `Oggetto: ${oneLine(subject)}\n\n${quotedBlock("Riga uno\nBcc: altra@example.it")}\n\nFine`,
    });
    const [mail] = await mailsSince(before);
    expect(mail).toBeDefined();
    expect(mail!.lines).toContain("Oggetto: Domanda Bcc: vittima@example.it Falso testo");
    expect(mail!.lines).toContain("> Bcc: altra@example.it");
    expect(mail!.lines.filter((line) => /^(Bcc|Falso)/i.test(line))).toEqual([]);
    expect(mail!.headers).not.toMatch(/^Bcc:/im);
  });
});
