// The to-do signals' counts (decision 0111): only the areas the role may open, each count bounded,
// and each one changes as soon as an item is handled (nothing kept to go stale).
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { contactMessages, listingAppeals, listingReports } from "~/db/schema";
import { markRead } from "~/contact/admin.server";
import { listContestsForAdmin } from "~/contests/admin.server";
import { approveSubmission } from "~/contests/moderation.server";
import { decideAppeal } from "~/listings/appeals.server";
import { listReports, updateReport } from "~/listings/report-moderation.server";
import { asUser, REFUSED_ACTORS } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createContest, createListingRow, createSubmission } from "../../tests/factories";
import { sectionBadge, TODO_COUNT_CAP, todoFigure, todoHref, todoPill, TODO_SPECS, badgeLabel } from "./todo";
import { todoCounts } from "./todo.server";

const DESCRIPTION = "Descrizione di prova della segnalazione, abbastanza lunga da superare il controllo.";

async function counts(actor: Parameters<typeof todoCounts>[0]) {
  const result = await todoCounts(actor);
  if (!result.ok) throw new Error(result.error);
  return result.todo;
}

/** One item waiting of each kind; returns their ids. */
async function oneOfEach() {
  const owner = await createAccount();
  const listing = await createListingRow(owner.id);
  const other = await createListingRow((await createAccount()).id);
  const suspended = await createListingRow(owner.id, { status: "suspended", suspendedAt: new Date(), suspensionRule: "other", suspensionReason: "Prova" });
  const [report] = await db()
    .insert(listingReports)
    .values({ listingId: listing.id, reporterName: "Ada", reporterEmail: "ada@example.it", reason: "fake", description: DESCRIPTION })
    .returning();
  const [flagged] = await db()
    .insert(listingReports)
    .values({
      listingId: listing.id,
      relatedListingId: other.id,
      automaticCheck: "duplicate_photo",
      reporterName: "Zampa (controllo automatico)",
      reporterEmail: "no-reply@zampa.test",
      reason: "fake",
      description: DESCRIPTION,
    })
    .returning();
  const [appeal] = await db()
    .insert(listingAppeals)
    .values({ listingId: suspended.id, userId: owner.id, suspendedAt: suspended.suspendedAt!, text: "Non ho fatto nulla di male." })
    .returning();
  const contest = await createContest();
  const entry = await createSubmission(contest.id, owner.id, { status: "pending" });
  const [contact] = await db()
    .insert(contactMessages)
    .values({ name: "Bea", email: "bea@example.it", subject: "Ciao", message: "Un messaggio di prova." })
    .returning();
  return { report: report!, flagged: flagged!, appeal: appeal!, contest, entry, contact: contact! };
}

describe("the to-do counts", () => {
  itDb("are refused to visitors and plain users", async () => {
    for (const [actor, status, error] of REFUSED_ACTORS) expect(await todoCounts(actor)).toEqual({ ok: false, status, error });
  });

  itDb("an editor holds none of the moderation areas: nothing is counted", async () => {
    const editor = asUser(await createAccount(), "editor");
    await oneOfEach();
    expect(await counts(editor)).toEqual({ counts: {}, entriesContestId: null });
  });

  itDb("count what waits for a moderator, and drop each item once it is handled", async () => {
    const moderator = asUser(await createAccount(), "moderator");
    const before = await counts(moderator);
    expect(Object.keys(before.counts).sort()).toEqual(["appeals", "contacts", "entries", "flaggedListings", "reports"]);
    const items = await oneOfEach();
    const after = await counts(moderator);
    expect(after.counts).toEqual({
      reports: before.counts.reports! + 2,
      flaggedListings: before.counts.flaggedListings! + 1,
      appeals: before.counts.appeals! + 1,
      entries: before.counts.entries! + 1,
      contacts: before.counts.contacts! + 1,
    });
    // The one contest with entries waiting: its own filtered list is the link.
    if (before.counts.entries === 0) {
      expect(after.entriesContestId).toBe(items.contest.id);
      const entries = TODO_SPECS.find((spec) => spec.kind === "entries")!;
      expect(todoHref(entries, after)).toBe(`/admin/contests/${items.contest.id}/submissions?status=pending`);
    }

    expect((await updateReport(moderator, items.flagged.id, { status: "dismissed", adminNotes: "" })).ok).toBe(true);
    expect((await decideAppeal(moderator, items.appeal.id, { decision: "uphold", note: "" })).ok).toBe(true);
    expect((await approveSubmission(moderator, items.entry.id)).ok).toBe(true);
    expect((await markRead(moderator, items.contact.id)).ok).toBe(true);
    const handled = await counts(moderator);
    expect(handled.counts).toEqual({
      ...after.counts,
      reports: after.counts.reports! - 1,
      flaggedListings: before.counts.flaggedListings,
      appeals: before.counts.appeals,
      entries: before.counts.entries,
      contacts: before.counts.contacts,
    });

    // The sidebar's badge says the same.
    expect(sectionBadge("/admin/reports", handled)).toEqual({ count: handled.counts.reports, href: "/admin/reports?status=pending" });
    expect(sectionBadge("/admin/articles", handled)).toBeNull();
  });

  itDb("a count stops at the cap, and says so", async () => {
    const moderator = asUser(await createAccount(), "moderator");
    await db()
      .insert(contactMessages)
      .values(Array.from({ length: TODO_COUNT_CAP }, (_, i) => ({ name: "Bea", email: "bea@example.it", subject: `Messaggio ${i}`, message: "Prova." })));
    const { counts: figures } = await counts(moderator);
    expect(figures.contacts).toBe(TODO_COUNT_CAP);
    expect(todoFigure(figures.contacts!)).toBe("più di 999");
    expect(todoPill(figures.contacts!)).toBe("99+");
    expect(badgeLabel("Messaggi", figures.contacts!)).toBe("Messaggi, più di 999 da gestire");
    expect(badgeLabel("Segnalazioni", 3)).toBe("Segnalazioni, 3 da gestire");
  });

  itDb("the filtered lists the cards lead to: automatic checks' reports, contests with entries waiting", async () => {
    const moderator = asUser(await createAccount(), "moderator");
    const items = await oneOfEach();
    const automatic = await listReports(moderator, { status: "pending", origin: "automatic" });
    if (!automatic.ok) throw new Error(automatic.error);
    expect(automatic.origin).toBe("automatic");
    expect(automatic.reports.map((r) => r.id)).toContain(items.flagged.id);
    expect(automatic.reports.map((r) => r.id)).not.toContain(items.report.id);

    const quiet = await createContest();
    const waiting = await listContestsForAdmin(moderator, { pending: true });
    if (!waiting.ok) throw new Error(waiting.error);
    expect(waiting.items.map((c) => c.id)).toContain(items.contest.id);
    expect(waiting.items.map((c) => c.id)).not.toContain(quiet.id);
  });
});
