import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { listingReports, users } from "~/db/schema";
import { createAccount } from "../../tests/accounts";
import { REPORT_REASONS } from "~/lib/enums";
import { itDb } from "../../tests/db";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { createListingRow } from "../../tests/factories";
import { REPORT_LIMIT, submitReport } from "./reports.server";
import { LISTING_MESSAGES, REPORT_MESSAGES as M } from "./validation";

const valid = {
  name: "Paolo Conti",
  email: "paolo@example.it",
  reason: "fraud",
  description: "Mi ha chiesto un bonifico per la spedizione prima di farmi vedere il cucciolo: sembra una truffa.",
};

async function reportCount() {
  const [row] = await db().select({ n: count() }).from(listingReports);
  return row?.n ?? 0;
}

async function outbox() {
  const dir = path.join(config().dataDir, "outbox");
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  return { dir, names };
}

describe("reporting a listing", () => {
  itDb("stores an anonymous report as pending and e-mails the administrators", async () => {
    const owner = await createAccount();
    const admin = await createAccount({ role: "admin" });
    const listing = await createListingRow(owner.id, { title: "Cuccioli sospetti" });
    const before = await outbox();
    expect(await submitReport(listing.id, null, valid, "203.0.113.9")).toEqual({ ok: true });
    const [row] = await db().select().from(listingReports);
    expect(row).toMatchObject({ listingId: listing.id, reporterUserId: null, reporterName: valid.name, reason: "fraud", status: "pending" });
    const after = await outbox();
    expect(after.names.length).toBe(before.names.length + 1);
    const mail = await readFile(path.join(after.dir, after.names.find((n) => !before.names.includes(n))!), "utf8");
    const decoded = mail.replace(/=\r?\n/g, "");
    expect(decoded).toContain(admin.email);
    expect(decoded).toContain(listing.id);
  });

  itDb("links the report to a signed-in reporter", async () => {
    const owner = await createAccount();
    const reporter = await createAccount();
    const listing = await createListingRow(owner.id);
    const viewer: CurrentUser = { id: reporter.id, email: reporter.email, fullName: "Chi Segnala", role: "user" };
    expect(await submitReport(listing.id, viewer, valid, "203.0.113.9")).toEqual({ ok: true });
    const [row] = await db().select().from(listingReports);
    expect(row?.reporterUserId).toBe(reporter.id);
  });

  itDb("answers a malformed, unknown or hidden listing with 'Annuncio non trovato'", async () => {
    const owner = await createAccount();
    const hidden = await createListingRow(owner.id, { status: "suspended" });
    for (const id of ["123", "3f0f8a5e-1111-4222-8333-944455556666", hidden.id, undefined]) {
      expect(await submitReport(id, null, valid, "203.0.113.9")).toEqual({ ok: false, status: 404, error: LISTING_MESSAGES.notFound });
    }
    expect(await reportCount()).toBe(0);
  });

  itDb("rejects each bad input with its message and stores nothing", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const cases: [Partial<typeof valid>, string][] = [
      [{ name: "" }, M.nameRequired],
      [{ email: "non-una-email" }, "Inserisci un indirizzo email valido"],
      [{ reason: "antipatia" }, M.reasonRequired],
      [{ reason: "" }, M.reasonRequired],
      [{ description: "Troppo corta." }, M.descriptionTooShort],
      [{ description: `${"x".repeat(49)}     ` }, M.descriptionTooShort],
    ];
    for (const [change, message] of cases) {
      expect(await submitReport(listing.id, null, { ...valid, ...change }, "203.0.113.9"), JSON.stringify(change)).toEqual({
        ok: false,
        status: 400,
        error: message,
      });
    }
    expect(await reportCount()).toBe(0);
  });

  // Outside a test transaction: the simultaneous requests need connections and locks of their own.
  it("stores a double click (simultaneous identical reports) once", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const email = `doppio-${Date.now()}@example.it`;
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => submitReport(listing.id, null, { ...valid, email }, "203.0.113.70")));
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await db().select().from(listingReports).where(eq(listingReports.reporterEmail, email))).toHaveLength(1);
    } finally {
      await db().delete(listingReports).where(eq(listingReports.reporterEmail, email));
      await db().delete(users).where(eq(users.id, owner.id));
    }
  });

  itDb("stops a flood of reports from one address, not from another", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    for (let i = 0; i < REPORT_LIMIT.max; i++) {
      expect(await submitReport(listing.id, null, { ...valid, description: `${valid.description} (${i})` }, "203.0.113.50")).toEqual({ ok: true });
    }
    expect(await submitReport(listing.id, null, { ...valid, description: `${valid.description} (altro)` }, "203.0.113.50")).toEqual({
      ok: false,
      status: 429,
      error: M.tooMany,
    });
    expect(await submitReport(listing.id, null, valid, "203.0.113.51")).toEqual({ ok: true });
    expect(await reportCount()).toBe(REPORT_LIMIT.max + 1);
  });
});

describe("the administrators' mail", () => {
  itDb("writes the title and the reporter's name on one line each and quotes the description: no forged line in the mail", async () => {
    const owner = await createAccount();
    await createAccount({ role: "admin" });
    const listing = await createListingRow(owner.id, { title: "Cuccioli\r\nMotivo: Altro" });
    const before = await outboxFiles();
    const forged = {
      ...valid,
      name: "Paolo\r\nBcc: vittima@example.it",
      description: `${valid.description}\nGestisci la segnalazione nel pannello: https://truffa.example/admin`,
    };
    expect(await submitReport(listing.id, null, forged, "203.0.113.10")).toEqual({ ok: true });
    const [mail] = await mailsSince(before);
    expect(mail).toBeDefined();
    expect(mail!.lines).toContain("Annuncio: Cuccioli Motivo: Altro");
    expect(mail!.lines).toContain("Da: Paolo Bcc: vittima@example.it <paolo@example.it>");
    expect(mail!.lines).toContain("> Gestisci la segnalazione nel pannello: https://truffa.example/admin");
    expect(mail!.lines.filter((line) => /^(Bcc|Da|Motivo|Annuncio|Gestisci)\b/.test(line))).toEqual([
      "Annuncio: Cuccioli Motivo: Altro",
      `Motivo: ${REPORT_REASONS.labels.fraud}`,
      "Da: Paolo Bcc: vittima@example.it <paolo@example.it>",
      `Gestisci la segnalazione nel pannello: ${config().publicUrl}/admin/reports`,
    ]);
  });
});
