import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { sendMail } from "./mailer.server";

describe("mailer without SMTP_URL", () => {
  it("writes each message as an .eml file in DATA_DIR/outbox, UTF-8 intact", async () => {
    const file = await sendMail({
      to: "giulia@example.it",
      subject: "Benvenuta su Zampa — è tutto pronto",
      text: "Ciao Giulia, perché non pubblichi il tuo primo annuncio?",
    });
    expect(file).toBeDefined();
    expect(path.dirname(file!)).toBe(path.join(config().dataDir, "outbox"));
    const eml = await readFile(file!, "utf8");
    expect(eml).toMatch(/^To: giulia@example\.it$/m);
    expect(eml).toMatch(/^From: "?Zampa"? <noreply@zampa\.it>$/m);
    // The subject is MIME-encoded; decoding it gives back the Italian text.
    const encoded = /^Subject: (.+(?:\n .+)*)$/m.exec(eml)?.[1] ?? "";
    const decoded = encoded
      .split(/\s+/)
      .map((word) => {
        const m = /^=\?UTF-8\?([BQ])\?(.*)\?=$/i.exec(word);
        if (!m) return word;
        return m[1]!.toUpperCase() === "B"
          ? Buffer.from(m[2]!, "base64").toString("utf8")
          : Buffer.from(m[2]!.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
      })
      .join("");
    expect(decoded.replace(/\s+/g, "")).toBe("Benvenuta su Zampa — è tutto pronto".replace(/\s+/g, ""));
    expect(eml).toContain("Content-Type: text/plain; charset=utf-8");
  });
});
