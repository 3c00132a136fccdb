// The bulk actions of listings, reports, contest entries and contact messages (decision 0109): the
// single action's rules item by item, the filter of the list, the mails the single action sends,
// one activity record per item changed, and the refusals.
import { and, count, eq, gt, inArray, max } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import type { CurrentUser } from "~/accounts/session.server";
import { CONTACT_BULK_MESSAGES } from "~/contact/bulk.server";
import { CONTEST_BULK_MESSAGES } from "~/contests/bulk.server";
import { db } from "~/db/client.server";
import { auditEvents, bulkJobs, contactMessages, contestSubmissions, listingAppeals, listingReports, petListings } from "~/db/schema";
import { LISTING_MODERATION_MESSAGES, reactivateConflict, suspendConflict } from "~/listings/moderation-validation";
import { REPORT_BULK_MESSAGES } from "~/listings/report-bulk.server";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { createAccount } from "../../tests/accounts";
import { ADMIN_ACTOR, asUser } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createContest, createListingRow, createSubmission, createUserRow } from "../../tests/factories";
import type { BulkArea } from "./actions";
import { BULK_MESSAGES } from "./actions";
import { getBulkJob, runBulkJob, startBulkJob, type BulkRequest } from "./jobs.server";

const EDITOR: CurrentUser = {
  ...ADMIN_ACTOR,
  id: "00000000-0000-4000-8000-000000000002",
  fullName: "Redattrice",
  role: "editor",
};
const MODERATOR: CurrentUser = {
  ...ADMIN_ACTOR,
  id: "00000000-0000-4000-8000-000000000003",
  fullName: "Moderatore",
  role: "moderator",
};

const DESCRIPTION = "L'inserzionista chiede un anticipo con bonifico prima di far vedere l'animale.";

let keys = 0;

/** Starts and runs a job to its end; its view. */
async function run(area: BulkArea, request: BulkRequest, actor: CurrentUser = MODERATOR) {
  const started = await startBulkJob(actor, area, {
    key: `k-${++keys}`,
    ...request,
  });
  if (!started.ok) throw new Error(started.error);
  await runBulkJob(started.jobId);
  const read = await getBulkJob(actor, area, started.jobId);
  if (!read.ok) throw new Error(read.error);
  return read.job;
}

/**
 * Counts the activity records of an action written from now on: the log keeps what other files
 * committed (it cannot be emptied), so a test counts only its own.
 */
async function recordsFromNow(): Promise<(action: string) => Promise<number>> {
  const [mark] = await db().select({ id: max(auditEvents.id) }).from(auditEvents);
  const since = mark?.id ?? 0;
  return async (action) =>
    (
      await db()
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action as never), gt(auditEvents.id, since)))
    )[0]!.n;
}
const jobs = async () => (await db().select({ n: count() }).from(bulkJobs))[0]!.n;

describe("listings", () => {
  itDb("suspends the active ones with one statement of reasons, resolves their reports and mails owners and reporters", async () => {
    const records = await recordsFromNow();
    const owner = await createAccount({
      email: `proprietaria-${Date.now()}@example.it`,
    });
    const active = await createListingRow(owner.id, {
      title: "Gattino attivo",
    });
    const suspended = await createListingRow(owner.id, {
      title: "Già sospeso",
      status: "suspended",
      suspensionRule: "spam",
      suspendedAt: new Date(),
    });
    const closed = await createListingRow(owner.id, {
      title: "Chiuso",
      status: "closed",
    });
    await db().insert(listingReports).values({
      listingId: active.id,
      reporterName: "Lia",
      reporterEmail: "lia.bulk@example.it",
      reason: "fraud",
      description: DESCRIPTION,
    });
    const before = await outboxFiles();

    const job = await run("listings", {
      action: "suspend",
      scope: "selected",
      ids: [active.id, suspended.id, closed.id].join(","),
      rule: "fraud",
      reason: "Prezzo e foto copiate",
    });
    expect(job).toMatchObject({
      state: "finished",
      total: 3,
      done: 1,
      skipped: 1,
      failed: 1,
    });
    expect(job.failures).toEqual(
      expect.arrayContaining([
        {
          id: suspended.id,
          label: "Già sospeso",
          reason: suspendConflict("suspended"),
        },
        { id: closed.id, label: "Chiuso", reason: suspendConflict("closed") },
      ]),
    );
    const [row] = await db().select().from(petListings).where(eq(petListings.id, active.id));
    expect(row).toMatchObject({
      status: "suspended",
      suspensionRule: "fraud",
      suspensionReason: "Prezzo e foto copiate",
    });
    expect(row!.suspendedAt).not.toBeNull();
    const [report] = await db().select({ status: listingReports.status }).from(listingReports).where(eq(listingReports.listingId, active.id));
    expect(report!.status).toBe("resolved");
    const mails = await mailsSince(before);
    expect(mails.map((m) => /^To: (.*)$/m.exec(m.headers)?.[1]).sort()).toEqual([owner.email, "lia.bulk@example.it"].sort());
    expect(await records("suspend")).toBe(1);
  });

  itDb("a suspension asks the single action's statement of reasons: no rule, or 'Altro' without words, is refused", async () => {
    const owner = await createAccount();
    const active = await createListingRow(owner.id);
    const base = {
      action: "suspend",
      scope: "selected",
      ids: active.id,
      key: "s-1",
    };
    expect(await startBulkJob(MODERATOR, "listings", base)).toEqual({
      ok: false,
      status: 400,
      error: LISTING_MODERATION_MESSAGES.ruleRequired,
    });
    expect(await startBulkJob(MODERATOR, "listings", { ...base, rule: "other" })).toEqual({
      ok: false,
      status: 400,
      error: LISTING_MODERATION_MESSAGES.reasonRequired,
    });
    expect(
      await startBulkJob(MODERATOR, "listings", {
        ...base,
        rule: "invented",
      }),
    ).toEqual({
      ok: false,
      status: 400,
      error: LISTING_MODERATION_MESSAGES.ruleRequired,
    });
    expect(await jobs()).toBe(0);
  });

  itDb("reactivates every suspended listing of the filter, granting the appeals waiting", async () => {
    const records = await recordsFromNow();
    const owner = await createAccount();
    const suspendedAt = new Date(Date.now() - 60_000);
    suspendedAt.setMilliseconds(0);
    const one = await createListingRow(owner.id, {
      title: "Riattivami uno",
      status: "suspended",
      suspensionRule: "spam",
      suspendedAt,
    });
    const two = await createListingRow(owner.id, {
      title: "Riattivami due",
      status: "suspended",
      suspensionRule: "spam",
      suspendedAt,
    });
    const other = await createListingRow(owner.id, {
      title: "Altro sospeso",
      status: "suspended",
      suspensionRule: "spam",
      suspendedAt,
    });
    await db().insert(listingAppeals).values({
      listingId: one.id,
      userId: owner.id,
      suspendedAt,
      text: "Non era spam, davvero.",
    });

    // The appeal records who decided it: an account that exists.
    const moderator = asUser(await createAccount(), "moderator");
    const job = await run(
      "listings",
      {
        action: "reactivate",
        scope: "filter",
        filter: "q=riattivami&status=suspended",
      },
      moderator,
    );
    expect(job).toMatchObject({
      state: "finished",
      total: 2,
      done: 2,
      failed: 0,
    });
    const rows = await db()
      .select({
        id: petListings.id,
        status: petListings.status,
        rule: petListings.suspensionRule,
      })
      .from(petListings)
      .where(inArray(petListings.id, [one.id, two.id, other.id]));
    expect(rows.find((r) => r.id === other.id)).toMatchObject({
      status: "suspended",
    });
    expect(rows.filter((r) => r.id !== other.id).every((r) => r.status === "active" && r.rule === null)).toBe(true);
    const [appeal] = await db().select({ status: listingAppeals.status }).from(listingAppeals).where(eq(listingAppeals.listingId, one.id));
    expect(appeal!.status).toBe("reversed");
    expect(await records("reinstate")).toBe(2);

    // Active now: a second reactivation leaves them as they are.
    const again = await run("listings", { action: "reactivate", scope: "selected", ids: one.id }, moderator);
    expect(again.failures).toEqual([
      {
        id: one.id,
        label: "Riattivami uno",
        reason: reactivateConflict("active"),
      },
    ]);
  });
});

describe("reports", () => {
  itDb("review, resolve and dismiss follow the single change: one mail per report that ends, none twice", async () => {
    const records = await recordsFromNow();
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const inserted = await db()
      .insert(listingReports)
      .values(
        ["uno", "due", "tre"].map((n) => ({
          listingId: listing.id,
          reporterName: `Rep ${n}`,
          reporterEmail: `rep.${n}.bulk@example.it`,
          reason: "fraud" as const,
          description: DESCRIPTION,
        })),
      )
      .returning({ id: listingReports.id });
    const ids = inserted.map((r) => r.id);
    await db().update(listingReports).set({ status: "reviewed" }).where(eq(listingReports.id, ids[0]!));

    const reviewed = await run("reports", {
      action: "review",
      scope: "selected",
      ids: ids.join(","),
    });
    expect(reviewed).toMatchObject({ done: 2, skipped: 1 });
    expect(reviewed.reasons).toEqual([{ reason: REPORT_BULK_MESSAGES.already("reviewed"), count: 1 }]);

    const before = await outboxFiles();
    const resolved = await run("reports", {
      action: "resolve",
      scope: "filter",
      filter: "status=reviewed",
    });
    expect(resolved).toMatchObject({ total: 3, done: 3 });
    expect(await mailsSince(before)).toHaveLength(3);

    const after = await outboxFiles();
    const again = await run("reports", {
      action: "resolve",
      scope: "selected",
      ids: ids.join(","),
    });
    expect(again).toMatchObject({ done: 0, skipped: 3 });
    expect(await mailsSince(after)).toHaveLength(0);

    const dismissed = await run("reports", {
      action: "dismiss",
      scope: "selected",
      ids: ids[0]!,
    });
    expect(dismissed).toMatchObject({ done: 1 });
    expect(await records("review")).toBe(2);
    expect(await records("resolve")).toBe(3);
    expect(await records("dismiss")).toBe(1);
  });
});

describe("contest entries", () => {
  itDb("approve and reject the contest's entries of the filter, mailing each participant once", async () => {
    const records = await recordsFromNow();
    const participant = await createUserRow({
      name: "Marco Blu",
      email: `marco.bulk.${Date.now()}@example.it`,
    });
    const contest = await createContest({ title: "Concorso di gruppo" });
    const otherContest = await createContest({ title: "Altro concorso" });
    const pending = await Promise.all(
      [1, 2, 3].map((i) =>
        createSubmission(contest.id, participant.id, {
          status: "pending",
          title: `Foto ${i}`,
        }),
      ),
    );
    const elsewhere = await createSubmission(otherContest.id, participant.id, { status: "pending" });
    const before = await outboxFiles();

    const approved = await run("contests", {
      action: "approve",
      scope: "filter",
      filter: `contest=${contest.id}&status=pending`,
    });
    expect(approved).toMatchObject({ total: 3, done: 3 });
    expect(await mailsSince(before)).toHaveLength(3);
    const [still] = await db().select({ status: contestSubmissions.status }).from(contestSubmissions).where(eq(contestSubmissions.id, elsewhere.id));
    expect(still!.status).toBe("pending");

    const rejected = await run("contests", {
      action: "reject",
      scope: "selected",
      ids: [pending[0]!.id, elsewhere.id].join(","),
    });
    expect(rejected).toMatchObject({ done: 2 });
    const again = await run("contests", {
      action: "approve",
      scope: "selected",
      ids: pending[1]!.id,
    });
    expect(again.failures).toEqual([
      {
        id: pending[1]!.id,
        label: "Foto 2",
        reason: CONTEST_BULK_MESSAGES.alreadyApproved,
      },
    ]);
    expect(await records("approve")).toBe(3);
    expect(await records("reject")).toBe(2);
  });

  itDb("all results of a filter need the contest", async () => {
    expect(
      await startBulkJob(MODERATOR, "contests", {
        action: "approve",
        scope: "filter",
        filter: "status=pending",
        key: "c-1",
      }),
    ).toEqual({
      ok: false,
      status: 400,
      error: BULK_MESSAGES.nothingMatches,
    });
  });
});

describe("contact messages", () => {
  itDb("archive and delete the messages of the filter", async () => {
    const records = await recordsFromNow();
    const rows = await db()
      .insert(contactMessages)
      .values([
        {
          name: "Anna",
          email: "anna@example.it",
          subject: "Richiesta adozione",
          message: "Ciao",
        },
        {
          name: "Bruno",
          email: "bruno@example.it",
          subject: "Richiesta info",
          message: "Ciao",
          status: "archived",
        },
        {
          name: "Carla",
          email: "carla@example.it",
          subject: "Complimenti",
          message: "Ciao",
        },
      ])
      .returning({ id: contactMessages.id });
    const archived = await run("contacts", {
      action: "archive",
      scope: "filter",
      filter: "q=richiesta",
    });
    expect(archived).toMatchObject({ total: 2, done: 1, skipped: 1 });
    expect(archived.failures).toEqual([
      {
        id: rows[1]!.id,
        label: "Richiesta info (Bruno)",
        reason: CONTACT_BULK_MESSAGES.alreadyArchived,
      },
    ]);

    const deleted = await run("contacts", {
      action: "delete",
      scope: "filter",
      filter: "status=archived&q=richiesta",
    });
    expect(deleted).toMatchObject({ total: 2, done: 2 });
    const left = await db()
      .select({ subject: contactMessages.subject })
      .from(contactMessages)
      .where(
        inArray(
          contactMessages.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left).toEqual([{ subject: "Complimenti" }]);
    expect(await records("delete")).toBe(2);
    const [record] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "archive"), eq(auditEvents.itemId, rows[0]!.id)));
    expect(record).toMatchObject({
      area: "contacts",
      actorName: "Moderatore",
      actorRole: "moderator",
      itemLabel: "Richiesta adozione (Anna)",
    });
  });
});

describe("each area asks its single action's permission", () => {
  itDb("an editor cannot moderate, a moderator cannot publish: 403, no job", async () => {
    const cases: [CurrentUser, BulkArea, string][] = [
      [EDITOR, "listings", "reactivate"],
      [EDITOR, "reports", "resolve"],
      [EDITOR, "contests", "approve"],
      [EDITOR, "contacts", "archive"],
      [MODERATOR, "articles", "publish"],
    ];
    for (const [actor, area, action] of cases) {
      expect(
        await startBulkJob(actor, area, {
          action,
          scope: "filter",
          filter: "",
          key: `p-${area}`,
        }),
      ).toEqual({
        ok: false,
        status: 403,
        error: ADMIN_ACCESS_MESSAGES.notPermitted,
      });
    }
    expect(await jobs()).toBe(0);
  });
});
