import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { contestSubmissions, contests, users } from "~/db/schema";
import { asUser } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { createContest, createSubmission, createUserRow } from "../../tests/factories";
import { getContest } from "./contests.server";
import { approveSubmission, contestsToModerate, listSubmissionsForModeration, rejectSubmission, SUBMISSIONS_PAGE_SIZE } from "./moderation.server";
import { CONTEST_MESSAGES as M } from "./validation";

async function outbox(): Promise<string[]> {
  return (await readdir(path.join(config().dataDir, "outbox")).catch(() => [] as string[])).sort();
}

/** The messages written since `before`, decoded enough to search (soft line breaks joined). */
async function newMails(before: string[]): Promise<string[]> {
  const names = (await outbox()).filter((n) => !before.includes(n));
  return Promise.all(names.map(async (n) => (await readFile(path.join(config().dataDir, "outbox", n), "utf8")).replace(/=\r?\n/g, "")));
}

async function statusOf(id: string) {
  const [row] = await db().select({ status: contestSubmissions.status }).from(contestSubmissions).where(eq(contestSubmissions.id, id));
  return row?.status;
}

describe("moderating contest entries", () => {
  itDb("refuses visitors and users who are not admins, changing nothing and mailing no one", async () => {
    const user = await createAccount();
    const participant = await createUserRow();
    const contest = await createContest();
    const entry = await createSubmission(contest.id, participant.id, { status: "pending" });
    const before = await outbox();
    expect(await listSubmissionsForModeration(null, contest.id)).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await listSubmissionsForModeration(asUser(user), contest.id)).toEqual({ ok: false, status: 403, error: M.adminOnly });
    expect(await approveSubmission(asUser(user), entry.id)).toEqual({ ok: false, status: 403, error: M.adminOnly });
    expect(await rejectSubmission(asUser(user), entry.id)).toEqual({ ok: false, status: 403, error: M.adminOnly });
    expect(await approveSubmission(null, entry.id)).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    // The participant themself is no moderator either.
    expect(await approveSubmission(asUser(participant), entry.id)).toEqual({ ok: false, status: 403, error: M.adminOnly });
    expect(await statusOf(entry.id)).toBe("pending");
    expect(await outbox()).toEqual(before);
  });

  itDb("lists a contest's entries in every status, newest first, with the submitter's name and e-mail", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    const anna = await createUserRow({ name: "Anna Verdi", email: "anna.verdi@example.it" });
    const contest = await createContest({ status: "draft" });
    const other = await createContest();
    const minute = 60_000;
    const approved = await createSubmission(contest.id, anna.id, { status: "approved", votesCount: 3, createdAt: new Date(Date.now() - 3 * minute) });
    const rejected = await createSubmission(contest.id, anna.id, { status: "rejected", createdAt: new Date(Date.now() - 2 * minute) });
    const pending = await createSubmission(contest.id, anna.id, { status: "pending", description: "Al mare", petType: "bird" });
    await createSubmission(other.id, anna.id);
    const result = await listSubmissionsForModeration(admin, contest.id);
    if (!result.ok) throw new Error(result.error);
    expect(result.contest).toMatchObject({ id: contest.id, status: "draft", statusLabel: "Bozza", inProgress: false });
    expect(result.submissions.map((s) => s.id)).toEqual([pending.id, rejected.id, approved.id]);
    expect(result.submissions[0]).toMatchObject({
      description: "Al mare",
      petTypeLabel: "Uccello",
      status: "pending",
      statusLabel: "In attesa di approvazione",
      author: { id: anna.id, fullName: "Anna Verdi", email: "anna.verdi@example.it" },
    });
    expect(result.submissions[2]).toMatchObject({ votes: 3, statusLabel: "Approvata" });
    expect(result.counts).toEqual({ all: 3, pending: 1, approved: 1, rejected: 1 });
    expect(await listSubmissionsForModeration(admin, "3f0f8a5e-1111-4222-8333-944455556666")).toMatchObject({ ok: false, status: 404 });
    expect(await listSubmissionsForModeration(admin, "non-un-uuid")).toMatchObject({ ok: false, status: 404 });
  });

  itDb("pages the entries 20 at a time and filters them by status, ignoring unknown filters", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    const anna = await createUserRow({ name: "Anna Verdi", email: "anna.pagine@example.it" });
    const contest = await createContest();
    const start = Date.now() - 60 * 60_000;
    const entries = [];
    for (let i = 0; i < SUBMISSIONS_PAGE_SIZE + 5; i++) {
      entries.push(await createSubmission(contest.id, anna.id, { status: i % 5 === 0 ? "approved" : "pending", createdAt: new Date(start + i * 60_000) }));
    }
    const newestFirst = entries.map((e) => e.id).reverse();
    const first = await listSubmissionsForModeration(admin, contest.id);
    const second = await listSubmissionsForModeration(admin, contest.id, { page: 2 });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(first.submissions.map((s) => s.id)).toEqual(newestFirst.slice(0, SUBMISSIONS_PAGE_SIZE));
    expect(second.submissions.map((s) => s.id)).toEqual(newestFirst.slice(SUBMISSIONS_PAGE_SIZE));
    expect([first.pageCount, first.counts]).toEqual([2, { all: 25, pending: 20, approved: 5, rejected: 0 }]);
    const approved = await listSubmissionsForModeration(admin, contest.id, { status: "approved" });
    if (!approved.ok) throw new Error(approved.error);
    expect([approved.status, approved.pageCount, approved.submissions.length]).toEqual(["approved", 1, 5]);
    expect(approved.submissions.every((s) => s.status === "approved")).toBe(true);
    const unknown = await listSubmissionsForModeration(admin, contest.id, { status: "<b>tutte</b>", page: -3 });
    expect(unknown).toMatchObject({ ok: true, status: null, page: 1 });
  });

  itDb("approves once: the entry goes public and the participant gets one e-mail with the contest's link", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    const participant = await createUserRow({ name: "Marco Blu", email: "marco.blu@example.it" });
    const contest = await createContest({ title: "Concorso Primavera" });
    const entry = await createSubmission(contest.id, participant.id, { status: "pending", title: "Fido al sole" });
    const before = await outbox();

    expect(await approveSubmission(admin, entry.id)).toEqual({ ok: true, changed: true, status: "approved", message: M.approved });
    expect(await statusOf(entry.id)).toBe("approved");
    expect((await getContest(contest.id, null))?.entries.map((e) => e.id)).toEqual([entry.id]);
    const mails = await newMails(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("To: marco.blu@example.it");
    expect(mails[0]).toContain("Concorso Primavera");
    expect(mails[0]).toContain(`${config().publicUrl}/contests/${contest.id}`);

    // The same decision again changes nothing and sends nothing.
    const after = await outbox();
    expect(await approveSubmission(admin, entry.id)).toEqual({ ok: true, changed: false, status: "approved", message: M.approved });
    expect(await outbox()).toEqual(after);
  });

  itDb("rejects once: the entry leaves the public page and the participant gets one e-mail", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    const participant = await createUserRow({ email: "sara.rosa@example.it" });
    const contest = await createContest({ title: "Concorso Estate" });
    const entry = await createSubmission(contest.id, participant.id, { status: "approved", votesCount: 2 });
    const before = await outbox();

    expect(await rejectSubmission(admin, entry.id)).toEqual({ ok: true, changed: true, status: "rejected", message: M.rejected });
    expect((await getContest(contest.id, null))?.entries).toEqual([]);
    const mails = await newMails(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("To: sara.rosa@example.it");
    expect(mails[0]).toContain("Concorso Estate");

    const after = await outbox();
    expect(await rejectSubmission(admin, entry.id)).toMatchObject({ ok: true, changed: false });
    expect(await outbox()).toEqual(after);
    // Votes are kept while rejected, and show again if approved after all.
    expect(await approveSubmission(admin, entry.id)).toMatchObject({ ok: true, changed: true });
    expect((await getContest(contest.id, null))?.entries[0]?.votes).toBe(2);
  });

  itDb("answers an unknown or malformed entry with not found", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    for (const id of ["3f0f8a5e-1111-4222-8333-944455556666", "non-un-uuid"]) {
      expect(await approveSubmission(admin, id)).toEqual({ ok: false, status: 404, error: M.entryNotFound });
      expect(await rejectSubmission(admin, id)).toEqual({ ok: false, status: 404, error: M.entryNotFound });
    }
  });
});

describe("moderation under concurrency", () => {
  it("mails the participant once when an approval is clicked twice at once", async () => {
    const admin = await createUserRow();
    const participant = await createUserRow();
    const contest = await createContest();
    try {
      const entry = await createSubmission(contest.id, participant.id, { status: "pending" });
      const before = await outbox();
      const results = await Promise.all(Array.from({ length: 4 }, () => approveSubmission(asUser(admin, "admin"), entry.id)));
      expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await newMails(before)).toHaveLength(1);
    } finally {
      await db().delete(contests).where(eq(contests.id, contest.id));
      await db().delete(users).where(eq(users.id, admin.id));
      await db().delete(users).where(eq(users.id, participant.id));
    }
  });
});

describe("contests to moderate", () => {
  itDb("lists every contest with its pending entries, for admins only", async () => {
    const admin = await createAccount({ role: "admin" });
    const user = await createAccount();
    const contest = await createContest({ title: "Concorso da moderare" });
    await createSubmission(contest.id, user.id, { status: "pending" });
    await createSubmission(contest.id, user.id, { status: "pending" });
    await createSubmission(contest.id, user.id, { status: "approved" });
    const adminUser = { id: admin.id, email: admin.email, fullName: "Admin", role: "admin" as const };
    const result = await contestsToModerate(adminUser);
    expect(result.ok && result.contests.find((c) => c.id === contest.id)).toMatchObject({ pending: 2, title: "Concorso da moderare" });
    expect(await contestsToModerate({ ...adminUser, id: user.id, role: "user" })).toMatchObject({ ok: false, status: 403 });
    expect(await contestsToModerate(null)).toMatchObject({ ok: false, status: 401 });
  });
});

describe("the participant's mail", () => {
  itDb("writes the participant's name and the entry's title on one line each: no forged line in the mail", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    const participant = await createUserRow({ name: "Marco\r\nBcc: vittima@example.it", email: "marco.nero@example.it" });
    const contest = await createContest({ title: "Concorso Autunno" });
    const entry = await createSubmission(contest.id, participant.id, {
      status: "pending",
      title: "Fido\n\nLa tua vincita ti aspetta su https://truffa.example",
      petName: "Fido\r\nBcc: altri@example.it",
    });
    const before = await outboxFiles();
    expect(await approveSubmission(admin, entry.id)).toMatchObject({ ok: true, changed: true });
    const [mail] = await mailsSince(before);
    expect(mail).toBeDefined();
    expect(mail!.lines[0]).toBe("Ciao Marco Bcc: vittima@example.it,");
    expect(mail!.body).toContain("«Fido La tua vincita ti aspetta su https://truffa.example» (Fido Bcc: altri@example.it)");
    expect(mail!.lines.filter((line) => /^(Bcc|La tua vincita)/.test(line))).toEqual([]);
  });
});
