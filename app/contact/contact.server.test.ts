import { readdir } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { CONTACT_LIMIT, submitContactMessage } from "./contact.server";
import { CONTACT_MESSAGES as M, HONEYPOT_FIELD } from "./validation";

const valid = {
  name: "Marta Gallo",
  email: "marta@example.it",
  subject: "Domanda sulle adozioni",
  message: "Vorrei sapere come funziona l'adozione di un gatto anziano.",
};

async function stored() {
  const [row] = await db().select({ n: count() }).from(contactMessages);
  return row?.n ?? 0;
}

async function outboxSize() {
  return (await readdir(path.join(config().dataDir, "outbox")).catch(() => [])).length;
}

describe("contact form", () => {
  itDb("stores a valid message as new and e-mails the administrators", async () => {
    await createAccount({ role: "admin" });
    const before = await outboxSize();
    expect(await submitContactMessage(valid, "198.51.100.1")).toEqual({ ok: true });
    const [row] = await db().select().from(contactMessages);
    expect(row).toMatchObject({ ...valid, status: "new" });
    expect(await outboxSize()).toBe(before + 1);
  });

  itDb("rejects each bad input with the form's message and stores nothing", async () => {
    const cases: [Partial<Record<keyof typeof valid, string>>, string][] = [
      [{ name: "" }, M.nameRequired],
      [{ name: "x".repeat(101) }, M.nameTooLong],
      [{ email: "" }, "Inserisci il tuo indirizzo email"],
      [{ email: "marta@" }, "Inserisci un indirizzo email valido"],
      [{ subject: "  " }, M.subjectRequired],
      [{ subject: "x".repeat(201) }, M.subjectTooLong],
      [{ message: "" }, M.messageRequired],
      [{ message: "Troppo" }, M.messageTooShort],
      [{ message: "x".repeat(5_001) }, M.messageTooLong],
    ];
    for (const [change, error] of cases) {
      expect(await submitContactMessage({ ...valid, ...change }, "198.51.100.2")).toEqual({ ok: false, status: 400, error });
    }
    expect(await submitContactMessage({}, "198.51.100.2")).toMatchObject({ ok: false, status: 400 });
    expect(await stored()).toBe(0);
  });

  itDb("accepts the limits exactly (100, 200, 10 and 5,000 characters)", async () => {
    const edge = { name: "n".repeat(100), email: "a@b.it", subject: "s".repeat(200), message: "m".repeat(10) };
    expect(await submitContactMessage(edge, "198.51.100.3")).toEqual({ ok: true });
    expect(await submitContactMessage({ ...edge, message: "m".repeat(5_000) }, "198.51.100.3")).toEqual({ ok: true });
    expect(await stored()).toBe(2);
  });

  itDb("tells a bot that filled the honeypot it worked, and stores nothing", async () => {
    expect(await submitContactMessage({ ...valid, [HONEYPOT_FIELD]: "https://spam.example" }, "198.51.100.4")).toEqual({ ok: true });
    expect(await stored()).toBe(0);
  });

  itDb("stores a repeated submit once", async () => {
    await submitContactMessage(valid, "198.51.100.5");
    await submitContactMessage(valid, "198.51.100.5");
    await submitContactMessage({ ...valid, message: `${valid.message} Grazie!` }, "198.51.100.5");
    expect(await stored()).toBe(2);
  });

  itDb("limits messages per IP address without touching other addresses", async () => {
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      expect(await submitContactMessage({ ...valid, subject: `Messaggio ${i}` }, "198.51.100.6")).toEqual({ ok: true });
    }
    expect(await submitContactMessage({ ...valid, subject: "Uno di troppo" }, "198.51.100.6")).toEqual({ ok: false, status: 429, error: M.tooMany });
    expect(await submitContactMessage({ ...valid, subject: "Da un'altra rete" }, "198.51.100.7")).toEqual({ ok: true });
    expect(await stored()).toBe(CONTACT_LIMIT.max + 1);
  });
});

describe("contact form under concurrency", () => {
  it("stores a double click (two simultaneous identical submits) once", async () => {
    const email = `doppio-${Date.now()}@example.it`;
    try {
      const results = await Promise.all(Array.from({ length: 5 }, () => submitContactMessage({ ...valid, email }, "198.51.100.8")));
      expect(results.every((r) => r.ok)).toBe(true);
      const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(rows).toHaveLength(1);
    } finally {
      await db().delete(contactMessages).where(eq(contactMessages.email, email));
    }
  });
});

describe("the administrators' mail", () => {
  itDb("writes the sender's name and subject on one line each and quotes the message: no forged line in the mail", async () => {
    const admin = await createAccount({ role: "admin" });
    const before = await outboxFiles();
    const forged = {
      name: "Marta\r\nBcc: vittima@example.it",
      email: "marta@example.it",
      subject: "Domanda\nDa: Amministrazione Zampa <admin@zampa.it>\r\n\r\nBcc: tutti@example.it",
      message: "Buongiorno,\nRispondi a questa email o gestisci il messaggio nel pannello: https://truffa.example\nGrazie",
    };
    expect(await submitContactMessage(forged, "198.51.100.2")).toEqual({ ok: true });
    const [mail] = await mailsSince(before);
    expect(mail?.headers).toContain(`To: ${admin.email}`);
    expect(mail!.lines).toContain("Da: Marta Bcc: vittima@example.it <marta@example.it>");
    expect(mail!.lines).toContain("Oggetto: Domanda Da: Amministrazione Zampa <admin@zampa.it> Bcc: tutti@example.it");
    expect(mail!.lines).toContain("> Rispondi a questa email o gestisci il messaggio nel pannello: https://truffa.example");
    // Every line that starts like one of Zampa's is Zampa's own.
    expect(mail!.lines.filter((line) => /^(Bcc|Da|Oggetto|Rispondi)\b/.test(line))).toEqual([
      "Da: Marta Bcc: vittima@example.it <marta@example.it>",
      "Oggetto: Domanda Da: Amministrazione Zampa <admin@zampa.it> Bcc: tutti@example.it",
      `Rispondi a questa email o gestisci il messaggio nel pannello: ${config().publicUrl}/admin/contacts`,
    ]);
    expect(mail!.headers).not.toMatch(/^Bcc:/im);
  });
});
