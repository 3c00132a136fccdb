// `npm run outbox` on mails the real mailer wrote: the links print whole, one to a line.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config, setConfig, type Config } from "~/config.server";
import { sendMail } from "./mailer.server";
import { linksIn, outboxCommand, parseOutboxArgs } from "./outbox-list";

const root = fileURLToPath(new URL("../..", import.meta.url));
// Long enough for quoted-printable to break it (76 characters a line), with "=" in its query.
const LINK = "http://127.0.0.1:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImdpdWxpYUBleGFtcGxlLml0In0.c2lnbmF0dXJh&callbackURL=%2Faccount%3Fconfermato%3D1";

let saved: Config;
let dataDir: string;
beforeEach(() => {
  saved = config();
  dataDir = mkdtempSync(path.join(tmpdir(), "zampa-outbox-"));
  setConfig({ ...saved, dataDir, smtpUrl: undefined });
});
afterEach(() => {
  setConfig(saved);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run outbox", () => {
  it("lists the latest mails, newest last, with date, recipient, subject and whole links", async () => {
    const older = await sendMail({ to: "marco@example.it", subject: "Prima e-mail", text: "Nessun link qui." });
    utimesSync(older!, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const newer = await sendMail({
      to: "giulia@example.it",
      subject: "Conferma il tuo indirizzo — è facile",
      text: `Ciao Giulia, perché non confermi?\nApri questo link:\n${LINK}.\n\nIl team di Zampa`,
    });
    // The file itself holds the link on one line: `cat` shows it whole.
    const eml = await readFile(newer!, "utf8");
    expect(eml).toContain(`\n${LINK}.\n`);
    expect(eml).toMatch(/^Content-Transfer-Encoding: 8bit$/m);
    expect(eml).toContain("perché");

    const { output, code } = await outboxCommand([], dataDir);
    expect(code).toBe(0);
    const lines = output.split("\n");
    expect(lines).toContain(`  ${LINK}`);
    expect(lines).toContain("  Conferma il tuo indirizzo — è facile");
    expect(output.indexOf("a: marco@example.it")).toBeLessThan(output.indexOf("a: giulia@example.it"));
    expect(lines).toContain("  (nessun link)");
    expect(output).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}a: giulia@example\.it$/m);

    // -n 1: only the newest.
    const one = await outboxCommand(["-n", "1"], dataDir);
    expect(one.output).toContain("Le ultime 1 di 2 e-mail");
    expect(one.output).not.toContain("marco@example.it");

    // The script itself, run by Node as `npm run outbox` runs it, on that DATA_DIR.
    const run = spawnSync(process.execPath, [path.join(root, "scripts/outbox.ts"), "--all"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")).toContain(`  ${LINK}`);
  });

  it("reads mails written quoted-printable or base64 too, and says when there is none", async () => {
    expect((await outboxCommand([], dataDir)).output).toBe(`Nessuna e-mail in ${path.join(dataDir, "outbox")}\n`);
    // As nodemailer writes them for SMTP (and the outbox did before): quoted-printable, and base64 when asked.
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    mkdirSync(path.join(dataDir, "outbox"));
    for (const textEncoding of ["quoted-printable", "base64"] as const) {
      const info = await transport.sendMail({ from: "noreply@zampa.it", to: "luca@example.it", subject: textEncoding, text: `Perché? Ecco:\n${LINK}\n`, textEncoding });
      const message = (info as unknown as { message: Buffer }).message;
      expect(message.toString()).toMatch(new RegExp(`^Content-Transfer-Encoding: ${textEncoding}$`, "m"));
      writeFileSync(path.join(dataDir, "outbox", `${textEncoding}.eml`), message);
    }
    const both = await outboxCommand(["--all"], dataDir);
    expect(both.output.split("\n").filter((line) => line === `  ${LINK}`)).toHaveLength(2);
    expect(linksIn("vai su https://zampa.it/annunci/1. Oppure (http://x.it/a?b=1), grazie")).toEqual(["https://zampa.it/annunci/1", "http://x.it/a?b=1"]);
    expect(parseOutboxArgs(["--all"])).toEqual({ count: "all" });
    expect(parseOutboxArgs(["-n", "3"])).toEqual({ count: 3 });
    expect(parseOutboxArgs(["-n", "0"])).toHaveProperty("error");
    expect(parseOutboxArgs(["--boh"])).toHaveProperty("error");
  });
});
