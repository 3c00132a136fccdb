import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { contestSubmissions, contestVotes, contests, users } from "~/db/schema";
import { IMAGE_MESSAGES } from "~/images/limits";
import { RECOVERY_MESSAGES } from "~/accounts/recovery-messages";
import { asUser } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createContest, createListingRow, createSubmission, createUserRow } from "../../tests/factories";
import {
  dashboardCounters,
  getContest,
  listContests,
  ownSubmissions,
  settleFigures,
  submitEntry,
  toggleVote,
} from "./contests.server";
import { withEntryForm } from "./form-data.server";
import { approveSubmission } from "./moderation.server";
import { CONTEST_LIMITS, CONTEST_MESSAGES as M, isInProgress } from "./validation";

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

const validFields = { title: "Luna sul divano", petName: "Luna", petType: "dog", description: "Il suo posto preferito." };

let photoBuffer: Buffer | undefined;
async function photo(name = "luna.jpg") {
  photoBuffer ??= await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 160, b: 220 } } })
    .jpeg()
    .toBuffer();
  return { name, data: photoBuffer };
}

async function filesOf(userId: string) {
  return readdir(path.join(config().dataDir, "uploads", "contest-photos", userId)).catch(() => [] as string[]);
}

async function entriesIn(contestId: string) {
  const [row] = await db().select({ n: count() }).from(contestSubmissions).where(eq(contestSubmissions.contestId, contestId));
  return row?.n ?? 0;
}

async function votesOf(submissionId: string) {
  const [row] = await db().select({ votes: contestSubmissions.votesCount }).from(contestSubmissions).where(eq(contestSubmissions.id, submissionId));
  const [rows] = await db().select({ n: count() }).from(contestVotes).where(eq(contestVotes.submissionId, submissionId));
  return { counter: row?.votes, rows: rows?.n };
}

describe("isInProgress", () => {
  const start = new Date("2026-03-01T00:00:00+01:00");
  const end = new Date("2026-03-31T23:59:59+02:00");
  const contest = { status: "active", startDate: start, endDate: end };

  it("is true from the start instant to the end instant, both included", () => {
    expect(isInProgress(contest, new Date(start.getTime() - 1))).toBe(false);
    expect(isInProgress(contest, start)).toBe(true);
    expect(isInProgress(contest, new Date("2026-03-15T12:00:00Z"))).toBe(true);
    expect(isInProgress(contest, end)).toBe(true);
    expect(isInProgress(contest, new Date(end.getTime() + 1))).toBe(false);
  });

  it("compares instants, whatever the time zone they were written in", () => {
    // 23:30 in Rome on 29 February is 22:30 UTC: before the start written in Rome time.
    expect(isInProgress(contest, new Date("2026-02-28T22:59:59.999Z"))).toBe(false);
    expect(isInProgress(contest, new Date("2026-02-28T23:00:00Z"))).toBe(true);
    expect(isInProgress({ ...contest, startDate: start.toISOString(), endDate: end.toISOString() }, start)).toBe(true);
  });

  it("is false for a draft or ended contest, whatever the dates", () => {
    const now = new Date("2026-03-15T12:00:00Z");
    expect(isInProgress({ ...contest, status: "draft" }, now)).toBe(false);
    expect(isInProgress({ ...contest, status: "ended" }, now)).toBe(false);
  });
});

describe("listing contests", () => {
  itDb("shows active and ended contests, newest start first, never drafts", async () => {
    const older = await createContest({ title: "Vecchio", status: "ended", startDate: ago(90 * DAY), endDate: ago(60 * DAY) });
    const current = await createContest({ title: "In corso", startDate: ago(DAY), endDate: ahead(DAY) });
    const upcoming = await createContest({ title: "Futuro", startDate: ahead(10 * DAY), endDate: ahead(40 * DAY) });
    const draft = await createContest({ title: "Bozza", status: "draft" });
    const mine = new Set([older.id, current.id, upcoming.id, draft.id]);
    const list = (await listContests()).filter((c) => mine.has(c.id));
    expect(list.map((c) => c.title)).toEqual(["Futuro", "In corso", "Vecchio"]);
    expect(list.map((c) => [c.inProgress, c.closed])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(list[2]).toMatchObject({ status: "ended", statusLabel: "Terminato" });
  });

  itDb("counts approved entries and the votes on them only", async () => {
    const owner = await createUserRow({ emailVerified: true });
    const contest = await createContest();
    await createSubmission(contest.id, owner.id, { votesCount: 4 });
    await createSubmission(contest.id, owner.id, { votesCount: 3 });
    await createSubmission(contest.id, owner.id, { status: "pending", votesCount: 0 });
    await createSubmission(contest.id, owner.id, { status: "rejected", votesCount: 7 });
    const empty = await createContest();
    const list = await listContests();
    expect(list.find((c) => c.id === contest.id)).toMatchObject({ submissionsCount: 2, votesCount: 7 });
    expect(list.find((c) => c.id === empty.id)).toMatchObject({ submissionsCount: 0, votesCount: 0 });
  });

  itDb("a contest whose end has passed is no longer in progress, even if still active", async () => {
    const late = await createContest({ startDate: ago(10 * DAY), endDate: ago(1_000) });
    const [card] = (await listContests()).filter((c) => c.id === late.id);
    expect(card).toMatchObject({ status: "active", inProgress: false, closed: true });
    expect((await listContests(new Date(late.endDate.getTime()))).find((c) => c.id === late.id)?.inProgress).toBe(true);
  });
});

describe("contest detail", () => {
  itDb("answers malformed, unknown and draft ids with nothing, except drafts for an admin", async () => {
    const user = await createAccount({ verified: true });
    const admin = await createAccount({ role: "admin" });
    const draft = await createContest({ status: "draft" });
    expect(await getContest("non-un-uuid", null)).toBeNull();
    expect(await getContest("3f0f8a5e-1111-4222-8333-944455556666", null)).toBeNull();
    expect(await getContest(draft.id, null)).toBeNull();
    expect(await getContest(draft.id, asUser(user))).toBeNull();
    expect((await getContest(draft.id, asUser(admin, "admin")))?.contest).toMatchObject({ id: draft.id, inProgress: false });
  });

  itDb("shows approved entries only, most voted first, earlier first on a tie, with the submitter's name", async () => {
    const anna = await createUserRow({ name: "Anna Verdi" });
    const bruno = await createUserRow({ name: "Bruno Neri" });
    const contest = await createContest();
    const third = await createSubmission(contest.id, anna.id, { title: "Terza", votesCount: 2, createdAt: ago(3 * 60_000) });
    const first = await createSubmission(contest.id, bruno.id, { title: "Prima", votesCount: 5, petType: "rabbit", petName: "Fiocco" });
    const second = await createSubmission(contest.id, bruno.id, { title: "Seconda", votesCount: 2, createdAt: ago(5 * 60_000) });
    await createSubmission(contest.id, anna.id, { title: "In attesa", status: "pending", votesCount: 9 });
    await createSubmission(contest.id, anna.id, { title: "Rifiutata", status: "rejected", votesCount: 9 });
    const detail = await getContest(contest.id, null);
    expect(detail?.entries.map((e) => [e.id, e.rank])).toEqual([
      [first.id, 1],
      [second.id, 2],
      [third.id, 3],
    ]);
    expect(detail?.entries[0]).toMatchObject({ title: "Prima", petName: "Fiocco", petType: "rabbit", petTypeLabel: "Coniglio", authorName: "Bruno Neri", votes: 5 });
    expect(detail?.entries[0]).not.toHaveProperty("userId");
    expect(detail?.viewer).toBeNull();
    expect(detail?.winners).toEqual([]);
    expect(detail?.contest.inProgress).toBe(true);
  });

  itDb("tells a signed-in viewer which entries they voted and which are theirs", async () => {
    const viewer = await createAccount({ verified: true });
    const other = await createUserRow({ emailVerified: true });
    const contest = await createContest({ maxSubmissionsPerUser: 3 });
    const own = await createSubmission(contest.id, viewer.id);
    await createSubmission(contest.id, viewer.id, { status: "pending" });
    const voted = await createSubmission(contest.id, other.id);
    await createSubmission(contest.id, other.id);
    expect(await toggleVote(asUser(viewer), voted.id)).toEqual({ ok: true, voted: true, votes: 1 });
    const detail = await getContest(contest.id, asUser(viewer));
    expect(detail?.viewer).toEqual({ votedIds: [voted.id], ownIds: [own.id], submitted: 2, remaining: 1 });
    expect(detail?.entries.find((e) => e.id === voted.id)?.votes).toBe(1);
  });

  itDb("names the first three of a closed contest (with votes) as winners", async () => {
    const owner = await createUserRow({ emailVerified: true });
    const ended = await createContest({ status: "ended", startDate: ago(60 * DAY), endDate: ago(30 * DAY) });
    const top = [];
    for (const votesCount of [9, 7, 5, 3]) top.push(await createSubmission(ended.id, owner.id, { votesCount }));
    const detail = await getContest(ended.id, null);
    expect(detail?.contest).toMatchObject({ closed: true, inProgress: false });
    expect(detail?.winners.map((w) => [w.id, w.rank])).toEqual([
      [top[0]!.id, 1],
      [top[1]!.id, 2],
      [top[2]!.id, 3],
    ]);
    expect(detail?.entries[3]).toMatchObject({ rank: 4, isWinner: false });

    const quiet = await createContest({ status: "ended", startDate: ago(60 * DAY), endDate: ago(30 * DAY) });
    await createSubmission(quiet.id, owner.id, { votesCount: 1 });
    await createSubmission(quiet.id, owner.id, { votesCount: 0 });
    expect((await getContest(quiet.id, null))?.winners).toHaveLength(1);
  });
});

describe("entering a contest", () => {
  itDb("stores a valid entry as pending, with its photo, out of the public page until approved", async () => {
    const user = await createAccount({ verified: true });
    const admin = await createAccount({ role: "admin" });
    const contest = await createContest();
    const result = await submitEntry(asUser(user), contest.id, validFields, [await photo()]);
    expect(result).toEqual({ ok: true, id: expect.any(String), message: "Partecipazione inviata! Verrà revisionata prima di essere pubblicata." });
    if (!result.ok) return;
    const [row] = await db().select().from(contestSubmissions).where(eq(contestSubmissions.id, result.id));
    expect(row).toMatchObject({ contestId: contest.id, userId: user.id, title: "Luna sul divano", petName: "Luna", petType: "dog", status: "pending", votesCount: 0 });
    expect(row?.imageUrl).toMatch(new RegExp(`^/uploads/contest-photos/${user.id}/[0-9a-f-]{36}\\.webp$`));
    const name = row!.imageUrl.split("/").pop()!;
    expect((await filesOf(user.id)).sort()).toEqual([name, name.replace(".webp", ".thumb.webp")].sort());

    expect((await getContest(contest.id, null))?.entries).toEqual([]);
    expect((await listContests()).find((c) => c.id === contest.id)?.submissionsCount).toBe(0);
    expect(await approveSubmission(asUser(admin, "admin"), result.id)).toMatchObject({ ok: true, changed: true });
    expect((await getContest(contest.id, null))?.entries.map((e) => e.id)).toEqual([result.id]);
  });

  itDb("stores an empty description as none and trims the fields", async () => {
    const user = await createAccount({ verified: true });
    const contest = await createContest();
    const result = await submitEntry(asUser(user), contest.id, { title: "  Micio  ", petName: " Tom ", petType: "cat", description: "   " }, [await photo()]);
    expect(result.ok).toBe(true);
    const [row] = await db().select().from(contestSubmissions).where(eq(contestSubmissions.contestId, contest.id));
    expect(row).toMatchObject({ title: "Micio", petName: "Tom", description: null });
  });

  itDb("refuses a visitor", async () => {
    const contest = await createContest();
    expect(await submitEntry(null, contest.id, validFields, [await photo()])).toEqual({ ok: false, status: 401, error: M.submitMustSignIn });
    expect(await entriesIn(contest.id)).toBe(0);
  });

  itDb("refuses a contest that is not open, before its start and after its end, storing nothing and no file", async () => {
    const user = await createAccount({ verified: true });
    const admin = await createAccount({ role: "admin" });
    const draft = await createContest({ status: "draft" });
    const ended = await createContest({ status: "ended", startDate: ago(20 * DAY), endDate: ago(DAY) });
    const early = await createContest({ startDate: ahead(60_000), endDate: ahead(30 * DAY) });
    const late = await createContest({ startDate: ago(30 * DAY), endDate: ago(1_000) });
    const cases: [CurrentUser, string, number, string][] = [
      [asUser(user), draft.id, 404, M.notFound],
      [asUser(admin, "admin"), draft.id, 409, M.notOpen],
      [asUser(user), ended.id, 409, M.ended],
      [asUser(user), early.id, 409, M.notStarted],
      [asUser(user), late.id, 409, M.ended],
      [asUser(user), "non-un-uuid", 404, M.notFound],
      [asUser(user), "3f0f8a5e-1111-4222-8333-944455556666", 404, M.notFound],
    ];
    for (const [who, id, status, error] of cases) {
      expect(await submitEntry(who, id, validFields, [await photo()]), id).toEqual({ ok: false, status, error });
    }
    const [row] = await db().select({ n: count() }).from(contestSubmissions).where(inArray(contestSubmissions.contestId, [draft.id, ended.id, early.id, late.id]));
    expect(row?.n).toBe(0);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await filesOf(admin.id)).toEqual([]);
  });

  itDb("rejects each bad input with its message, storing nothing and no file", async () => {
    const user = await createAccount({ verified: true });
    const contest = await createContest();
    const one = [await photo()];
    const cases: [Record<string, unknown>, { name: string; data: Buffer }[], number, string][] = [
      [{ title: "" }, one, 400, M.titleRequired],
      [{ title: "   " }, one, 400, M.titleRequired],
      [{ title: undefined }, one, 400, M.titleRequired],
      [{ title: "x".repeat(CONTEST_LIMITS.title + 1) }, one, 400, M.titleTooLong],
      [{ petName: "" }, one, 400, M.petNameRequired],
      [{ petName: "x".repeat(CONTEST_LIMITS.petName + 1) }, one, 400, M.petNameTooLong],
      [{ petType: "" }, one, 400, M.petTypeRequired],
      [{ petType: "reptile" }, one, 400, M.petTypeRequired],
      [{ description: "x".repeat(CONTEST_LIMITS.description + 1) }, one, 400, M.descriptionTooLong],
      [{}, [], 400, M.photoRequired],
      [{}, [{ name: "", data: Buffer.alloc(0) }], 400, M.photoRequired],
      [{}, [await photo("a.jpg"), await photo("b.jpg")], 400, M.onePhoto],
      [{}, [{ name: "gatto.jpg", data: Buffer.from("<html>non sono una foto</html>") }], 415, IMAGE_MESSAGES.notAnImage("gatto.jpg")],
      [{}, [{ name: "enorme.jpg", data: Buffer.alloc(10 * 1024 * 1024 + 1) }], 413, IMAGE_MESSAGES.tooLarge("enorme.jpg")],
    ];
    for (const [change, files, status, error] of cases) {
      expect(await submitEntry(asUser(user), contest.id, { ...validFields, ...change }, files), JSON.stringify(change)).toEqual({ ok: false, status, error });
    }
    expect(await entriesIn(contest.id)).toBe(0);
    expect(await filesOf(user.id)).toEqual([]);
  });

  itDb("accepts the limits exactly", async () => {
    const user = await createAccount({ verified: true });
    const contest = await createContest();
    const edge = {
      title: "t".repeat(CONTEST_LIMITS.title),
      petName: "p".repeat(CONTEST_LIMITS.petName),
      petType: "other",
      description: "d".repeat(CONTEST_LIMITS.description),
    };
    expect((await submitEntry(asUser(user), contest.id, edge, [await photo()])).ok).toBe(true);
  });

  itDb("counts every entry of the user (pending, approved, rejected) toward the contest's limit", async () => {
    const user = await createAccount({ verified: true });
    const other = await createAccount({ verified: true });
    const contest = await createContest({ maxSubmissionsPerUser: 3 });
    const elsewhere = await createContest();
    await createSubmission(contest.id, user.id, { status: "rejected" });
    await createSubmission(contest.id, user.id, { status: "approved" });
    await createSubmission(elsewhere.id, user.id, { status: "pending" });
    expect((await submitEntry(asUser(user), contest.id, validFields, [await photo()])).ok).toBe(true);
    const refused = await submitEntry(asUser(user), contest.id, validFields, [await photo()]);
    expect(refused).toEqual({ ok: false, status: 409, error: M.limitReached(3) });
    expect(M.limitReached(3)).toBe("Hai già inviato 3 foto a questo concorso: è il massimo consentito");
    expect(await entriesIn(contest.id)).toBe(3);
    expect(await filesOf(user.id)).toHaveLength(2); // the one accepted photo and its thumbnail
    // Another user, and another contest, have their own count.
    expect((await submitEntry(asUser(other), contest.id, validFields, [await photo()])).ok).toBe(true);
    expect((await submitEntry(asUser(user), elsewhere.id, validFields, [await photo()])).ok).toBe(true);
  });
});

describe("voting", () => {
  itDb("adds a vote, then removes it, keeping the counter equal to the votes", async () => {
    const voter = await createAccount({ verified: true });
    const owner = await createUserRow({ emailVerified: true });
    const contest = await createContest();
    const entry = await createSubmission(contest.id, owner.id);
    expect(await toggleVote(asUser(voter), entry.id)).toEqual({ ok: true, voted: true, votes: 1 });
    expect(await votesOf(entry.id)).toEqual({ counter: 1, rows: 1 });
    expect((await getContest(contest.id, asUser(voter)))?.viewer?.votedIds).toEqual([entry.id]);
    expect(await toggleVote(asUser(voter), entry.id)).toEqual({ ok: true, voted: false, votes: 0 });
    expect(await votesOf(entry.id)).toEqual({ counter: 0, rows: 0 });
    expect((await getContest(contest.id, asUser(voter)))?.viewer?.votedIds).toEqual([]);
  });

  itDb("refuses a visitor with the spec's message", async () => {
    const owner = await createUserRow({ emailVerified: true });
    const entry = await createSubmission((await createContest()).id, owner.id);
    expect(await toggleVote(null, entry.id)).toEqual({ ok: false, status: 401, error: "Devi effettuare il login per votare!" });
    expect(await votesOf(entry.id)).toEqual({ counter: 0, rows: 0 });
  });

  itDb("refuses a vote on one's own entry", async () => {
    const owner = await createAccount({ verified: true });
    const entry = await createSubmission((await createContest()).id, owner.id);
    expect(await toggleVote(asUser(owner), entry.id)).toEqual({ ok: false, status: 403, error: M.voteOwn });
    expect(await votesOf(entry.id)).toEqual({ counter: 0, rows: 0 });
  });

  itDb("refuses votes on entries not approved and on contests not in progress", async () => {
    const voter = asUser(await createAccount({ verified: true }));
    const owner = await createUserRow({ emailVerified: true });
    const open = await createContest();
    const ended = await createContest({ status: "ended", startDate: ago(20 * DAY), endDate: ago(DAY) });
    const late = await createContest({ startDate: ago(20 * DAY), endDate: ago(1_000) });
    const early = await createContest({ startDate: ahead(DAY), endDate: ahead(20 * DAY) });
    const draft = await createContest({ status: "draft" });
    const cases: [string, number, string][] = [
      [(await createSubmission(open.id, owner.id, { status: "pending" })).id, 409, M.voteNotApproved],
      [(await createSubmission(open.id, owner.id, { status: "rejected" })).id, 409, M.voteNotApproved],
      [(await createSubmission(ended.id, owner.id, { votesCount: 0 })).id, 409, M.votingClosed],
      [(await createSubmission(late.id, owner.id)).id, 409, M.votingClosed],
      [(await createSubmission(early.id, owner.id)).id, 409, M.votingClosed],
      [(await createSubmission(draft.id, owner.id)).id, 404, M.entryNotFound],
      ["3f0f8a5e-1111-4222-8333-944455556666", 404, M.entryNotFound],
      ["non-un-uuid", 404, M.entryNotFound],
    ];
    for (const [id, status, error] of cases) expect(await toggleVote(voter, id), id).toEqual({ ok: false, status, error });
    const [row] = await db().select({ n: count() }).from(contestVotes).where(eq(contestVotes.userId, voter.id));
    expect(row?.n).toBe(0);
  });
});

describe("own entries and dashboard", () => {
  itDb("lists only the user's own entries, newest first, with their contest and labels", async () => {
    const user = await createAccount({ verified: true });
    const other = await createUserRow({ emailVerified: true });
    const open = await createContest({ title: "Primavera" });
    const ended = await createContest({ title: "Inverno", status: "ended", startDate: ago(90 * DAY), endDate: ago(60 * DAY) });
    const old = await createSubmission(ended.id, user.id, { status: "approved", votesCount: 4, createdAt: ago(70 * DAY) });
    const recent = await createSubmission(open.id, user.id, { status: "pending", petType: "fish" });
    await createSubmission(open.id, other.id);
    const own = await ownSubmissions(user.id);
    expect(own.map((s) => s.id)).toEqual([recent.id, old.id]);
    expect(own[0]).toMatchObject({
      status: "pending",
      statusLabel: "In attesa di approvazione",
      petTypeLabel: "Pesce",
      votes: 0,
      contest: { id: open.id, title: "Primavera", status: "active", statusLabel: "Attivo", inProgress: true },
    });
    expect(own[1]).toMatchObject({ statusLabel: "Approvata", votes: 4, contest: { title: "Inverno", statusLabel: "Terminato", inProgress: false } });
    expect(await ownSubmissions("non-un-uuid")).toEqual([]);
  });

  itDb("counts the user's listings, entries, votes received and pending entries, not anyone else's", async () => {
    const user = await createAccount({ verified: true });
    const other = await createAccount({ verified: true });
    const contest = await createContest();
    await createListingRow(user.id);
    await createListingRow(user.id, { status: "suspended" });
    await createListingRow(other.id);
    await createSubmission(contest.id, user.id, { votesCount: 4 });
    await createSubmission(contest.id, user.id, { status: "rejected", votesCount: 2 });
    await createSubmission(contest.id, user.id, { status: "pending" });
    await createSubmission(contest.id, other.id, { status: "pending", votesCount: 9 });
    expect(await dashboardCounters(user.id)).toEqual({ listings: 2, submissions: 3, votes: 6, pending: 1 });
    const fresh = await createAccount({ verified: true });
    expect(await dashboardCounters(fresh.id)).toEqual({ listings: 0, submissions: 0, votes: 0, pending: 0 });
  });

  it("shows the figures that loaded when another one fails", async () => {
    const figures = await settleFigures({
      listings: async () => 2,
      submissions: () => Promise.reject(new Error("connessione persa")),
      votes: async () => 6,
    });
    expect(figures).toEqual({ listings: 2, submissions: null, votes: 6 });
  });
});

// Outside a test transaction: simultaneous requests need connections and locks of their own (on
// PostgreSQL they really run at once). Each test removes what it committed.
describe("under concurrency", () => {
  async function cleanup(contestIds: string[], userIds: string[]) {
    if (contestIds.length) await db().delete(contests).where(inArray(contests.id, contestIds));
    if (userIds.length) await db().delete(users).where(inArray(users.id, userIds));
  }

  it("keeps simultaneous submissions at the limit within it, leaving no stray file", async () => {
    const user = await createAccount({ verified: true });
    const contest = await createContest({ maxSubmissionsPerUser: 2 });
    try {
      await createSubmission(contest.id, user.id, { status: "pending" });
      const file = await photo();
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => submitEntry(asUser(user), contest.id, { ...validFields, title: `Foto ${i}` }, [{ ...file, name: `${i}.jpg` }])),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, status: 409, error: M.limitReached(2) });
      expect(await entriesIn(contest.id)).toBe(2);
      expect(await filesOf(user.id)).toHaveLength(2);
    } finally {
      await cleanup([contest.id], [user.id]);
    }
  }, 60_000);

  it("stores a double submit of the same entry once, keeping one photo", async () => {
    const user = await createAccount({ verified: true });
    const contest = await createContest({ maxSubmissionsPerUser: 3 });
    try {
      const file = await photo();
      const results = await Promise.all([1, 2].map(() => submitEntry(asUser(user), contest.id, validFields, [file])));
      expect(results.map((r) => r.ok)).toEqual([true, true]);
      expect(results[0]!.ok && results[1]!.ok && results[0]!.id).toBe(results[1]!.ok && results[1]!.id);
      expect(await entriesIn(contest.id)).toBe(1);
      expect(await filesOf(user.id)).toHaveLength(2); // the photo and its thumbnail
    } finally {
      await cleanup([contest.id], [user.id]);
    }
  }, 60_000);

  it("counts 50 users voting at once exactly", async () => {
    const owner = await createUserRow({ emailVerified: true });
    const voters = await Promise.all(Array.from({ length: 50 }, () => createUserRow({ emailVerified: true })));
    const contest = await createContest();
    try {
      const entry = await createSubmission(contest.id, owner.id);
      const results = await Promise.all(voters.map((v) => toggleVote(asUser(v), entry.id)));
      expect(results.every((r) => r.ok && r.voted)).toBe(true);
      // Each vote saw the counter its own transaction left: 1 … 50, once each.
      expect(results.map((r) => (r.ok ? r.votes : 0)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await votesOf(entry.id)).toEqual({ counter: 50, rows: 50 });
    } finally {
      await cleanup([contest.id], [owner.id, ...voters.map((v) => v.id)]);
    }
  }, 60_000);

  it("keeps the counter exact under one user's burst of 20 toggles mixed with other voters", async () => {
    const owner = await createUserRow({ emailVerified: true });
    const clicker = await createUserRow({ emailVerified: true });
    const others = await Promise.all(Array.from({ length: 10 }, () => createUserRow({ emailVerified: true })));
    const contest = await createContest();
    try {
      const entry = await createSubmission(contest.id, owner.id);
      const burst = Array.from({ length: 20 }, () => toggleVote(asUser(clicker), entry.id));
      const rest = others.map((v) => toggleVote(asUser(v), entry.id));
      const results = await Promise.all([...burst, ...rest]);
      expect(results.every((r) => r.ok)).toBe(true);
      const clicks = results.slice(0, 20);
      expect(clicks.filter((r) => r.ok && r.voted)).toHaveLength(10);
      expect(clicks.filter((r) => r.ok && !r.voted)).toHaveLength(10);
      // An even number of toggles: the clicker's vote is off again; the ten others stay.
      const [mine] = await db()
        .select({ n: count() })
        .from(contestVotes)
        .where(and(eq(contestVotes.submissionId, entry.id), eq(contestVotes.userId, clicker.id)));
      expect(mine?.n).toBe(0);
      expect(await votesOf(entry.id)).toEqual({ counter: 10, rows: 10 });

      // An odd burst leaves one vote, counted once.
      const odd = await Promise.all(Array.from({ length: 21 }, () => toggleVote(asUser(clicker), entry.id)));
      expect(odd.every((r) => r.ok)).toBe(true);
      expect(await votesOf(entry.id)).toEqual({ counter: 11, rows: 11 });
    } finally {
      await cleanup([contest.id], [owner.id, clicker.id, ...others.map((v) => v.id)]);
    }
  }, 60_000);
});

describe("reading the entry form", () => {
  it("keeps the text fields and every file of the photo field, ignoring an empty file input", async () => {
    const form = new FormData();
    form.set("title", "Luna");
    form.set("petType", "dog");
    form.append("photo", new File([Buffer.from("uno")], "uno.jpg", { type: "image/jpeg" }));
    form.append("photo", new File([Buffer.from("due")], "due.jpg", { type: "image/jpeg" }));
    form.append("altro", new File([Buffer.from("x")], "x.jpg"));
    const read = await withEntryForm(new Request("http://localhost/contests/x", { method: "POST", body: form }), async (fields, files) => ({
      fields,
      files: files.map((f) => [f.name, f.data.toString()]),
    }));
    expect(read).toEqual({
      fields: { title: "Luna", petType: "dog" },
      files: [
        ["uno.jpg", "uno"],
        ["due.jpg", "due"],
      ],
    });
    const empty = new FormData();
    empty.set("title", "Luna");
    empty.append("photo", new File([], ""));
    const emptyRead = await withEntryForm(new Request("http://localhost/contests/x", { method: "POST", body: empty }), async (fields, files) => ({ fields, files }));
    expect(emptyRead).toEqual({ fields: { title: "Luna" }, files: [] });
  });

  it("answers an entry cut off mid-photo with HTTP 400 and its message, without handling it", async () => {
    const boundary = "voto-interrotto";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="luna.jpg"\r\nContent-Type: image/jpeg\r\n\r\nmezza foto`;
    const request = new Request("http://localhost/contests/x", { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
    let handled = false;
    const read = await withEntryForm(request, async () => {
      handled = true;
      return { ok: true as const };
    });
    expect(read).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.badForm });
    expect(handled).toBe(false);
  });
});

describe("fair votes and entries (decision 0058)", () => {
  itDb("refuses the vote of an account whose e-mail is not confirmed, and counts it once confirmed", async () => {
    const voter = await createAccount();
    const owner = await createUserRow({ emailVerified: true });
    const contest = await createContest();
    const entry = await createSubmission(contest.id, owner.id);
    expect(await toggleVote(asUser(voter), entry.id)).toEqual({ ok: false, status: 403, error: RECOVERY_MESSAGES.mustVerifyToVote });
    expect(await votesOf(entry.id)).toEqual({ counter: 0, rows: 0 });
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, voter.id));
    expect(await toggleVote(asUser(voter), entry.id)).toEqual({ ok: true, voted: true, votes: 1 });
  });

  itDb("refuses the entry of an unconfirmed account: no row, no photo", async () => {
    const user = await createAccount();
    const contest = await createContest();
    expect(await submitEntry(asUser(user), contest.id, validFields, [await photo()])).toEqual({
      ok: false,
      status: 403,
      error: RECOVERY_MESSAGES.mustVerifyToEnter,
    });
    expect(await entriesIn(contest.id)).toBe(0);
    expect(await filesOf(user.id)).toEqual([]);
  });
});
