import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { config, setConfig, type Config } from "~/config.server";
import { db } from "~/db/client.server";
import { contestSubmissions, contests, contestVotes } from "~/db/schema";
import { putFile } from "~/storage/storage.server";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createContest, createSubmission, createUserRow, MISSING_ID as MISSING } from "../../tests/factories";
import { createContest as adminCreate, deleteContest, listContestsForAdmin, updateContest } from "./admin.server";
import { getContest, listContests } from "./contests.server";
import { CONTEST_FORM_MESSAGES as F, CONTEST_MESSAGES as M, contestEndInstant, contestStartInstant, toContestDateInput } from "./validation";

const form = (values: Record<string, string> = {}) => ({
  title: "Il gatto più pigro",
  description: "Mandaci la foto del tuo gatto addormentato.",
  startDate: "2026-12-01",
  endDate: "2026-12-31",
  status: "active",
  prizeDescription: "Una cuccia imbottita",
  rules: "Una foto per gatto.",
  maxSubmissionsPerUser: "5",
  ...values,
});
const allContests = () => db().select().from(contests).orderBy(contests.id);

let previous: Config;
let dataDir: string;
beforeEach(() => {
  previous = config();
  dataDir = mkdtempSync(path.join(tmpdir(), "zampa-contests-admin-"));
  setConfig({ ...previous, dataDir, s3: undefined });
});
afterEach(() => {
  setConfig(previous);
  rmSync(dataDir, { recursive: true, force: true });
  setCacheEnabled(false);
});

describe("contests in the back office", () => {
  itDb("refuses visitors (401) and users (403), changing nothing", async () => {
    const existing = await createContest();
    const before = await allContests();
    for (const [who, status, error] of refusedActors("contests.manage")) {
      expect(await listContestsForAdmin(who)).toEqual({ ok: false, status, error });
      expect(await adminCreate(who, form())).toEqual({ ok: false, status, error });
      expect(await updateContest(who, existing.id, form())).toEqual({ ok: false, status, error });
      expect(await deleteContest(who, existing.id)).toEqual({ ok: false, status, error });
    }
    expect(await allContests()).toEqual(before);
  });

  itDb("lists newest first with the entries, the pending ones and the votes counted in one query", async () => {
    const older = await createContest({ title: "Vecchio", createdAt: new Date(Date.now() - 86_400_000) });
    const newer = await createContest({ title: "Nuovo" });
    const [a, b, c] = await Promise.all([createUserRow(), createUserRow(), createUserRow()]);
    const first = await createSubmission(newer.id, a!.id, { votesCount: 2 });
    await createSubmission(newer.id, b!.id, { status: "pending" });
    await createSubmission(newer.id, c!.id, { status: "rejected" });
    await db().insert(contestVotes).values([{ submissionId: first.id, userId: b!.id }, { submissionId: first.id, userId: c!.id }]);
    const result = await listContestsForAdmin(admin);
    if (!result.ok) throw new Error(result.error);
    const ids = result.items.map((i) => i.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(result.items.find((i) => i.id === newer.id)).toMatchObject({ title: "Nuovo", entries: 3, pending: 1, votes: 2, statusLabel: "Attivo" });
    expect(result.items.find((i) => i.id === older.id)).toMatchObject({ entries: 0, pending: 0, votes: 0 });
    expect(result.total).toBeGreaterThanOrEqual(2);
    expect(result.page).toBe(1);
  });

  itDb("pages 20 at a time", async () => {
    const [{ n: existing } = { n: 0 }] = await db().select({ n: sql<number>`count(*)::int` }).from(contests);
    for (let i = 0; i < 21; i++) await createContest({ title: `Pagina ${i}` });
    const first = await listContestsForAdmin(admin, { page: 1 });
    const last = await listContestsForAdmin(admin, { page: Math.ceil((existing + 21) / 20) });
    if (!first.ok || !last.ok) throw new Error("lista");
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(existing + 21);
    expect(first.pageCount).toBe(Math.ceil((existing + 21) / 20));
    expect(last.items.length).toBeGreaterThan(0);
  });

  itDb("creates a contest from the form: dates as whole days in Rome, the default of 3 photos", async () => {
    const created = await adminCreate(admin, form({ title: "  Il gatto\n più pigro ", maxSubmissionsPerUser: "" }));
    if (!created.ok) throw new Error(created.error);
    expect(created).toMatchObject({ message: F.created, contest: { title: "Il gatto più pigro", status: "active", maxSubmissionsPerUser: 3, entries: 0, votes: 0 } });
    const [row] = await db().select().from(contests).where(eq(contests.id, created.contest.id));
    // 1 December 00:00 in Rome is 23:00 UTC the day before; 31 December ends at 23:59:59.999 Rome.
    expect(row!.startDate.toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(row!.endDate.toISOString()).toBe("2026-12-31T22:59:59.999Z");
    expect(row).toMatchObject({ prizeDescription: "Una cuccia imbottita", rules: "Una foto per gatto." });
    expect(toContestDateInput(row!.startDate)).toBe("2026-12-01");
    expect(toContestDateInput(row!.endDate)).toBe("2026-12-31");
    // Summer time too, and the status defaults to draft; empty prize and rules are stored as null.
    const summer = await adminCreate(admin, { title: "Estate", description: "Al mare", startDate: "2026-07-01", endDate: "2026-07-02", prizeDescription: " ", rules: "" });
    if (!summer.ok) throw new Error(summer.error);
    expect(summer.contest).toMatchObject({ status: "draft", maxSubmissionsPerUser: 3, prizeDescription: null, rules: null });
    expect(summer.contest.startDate.toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });

  itDb("requires title, description and both dates; the end after the start; 1 to 10 photos (400, nothing written)", async () => {
    const before = await allContests();
    expect(await adminCreate(admin, {})).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { title: F.titleRequired, description: F.descriptionRequired, startDate: F.startRequired, endDate: F.endRequired },
    });
    expect(await adminCreate(admin, form({ title: "  ", description: " " }))).toMatchObject({ status: 400, fieldErrors: { title: F.titleRequired, description: F.descriptionRequired } });
    expect(await adminCreate(admin, form({ endDate: "2026-11-30" }))).toEqual({ ok: false, status: 400, error: F.endBeforeStart, fieldErrors: { endDate: F.endBeforeStart } });
    expect(await adminCreate(admin, form({ endDate: "2026-12-01" }))).toMatchObject({ status: 400, fieldErrors: { endDate: F.endBeforeStart } });
    for (const date of ["2026-02-30", "01/12/2026", "domani", "2026-13-01"]) {
      expect(await adminCreate(admin, form({ startDate: date })), date).toMatchObject({ status: 400, fieldErrors: { startDate: F.dateInvalid } });
    }
    for (const max of ["0", "11", "-1", "2.5", "tre", "1e1"]) {
      const result = await adminCreate(admin, form({ maxSubmissionsPerUser: max }));
      expect(result, max).toMatchObject({ status: 400 });
      expect((result as { fieldErrors?: Record<string, string> }).fieldErrors?.maxSubmissionsPerUser, max).toBe(F.maxPhotosInvalid);
    }
    expect(await adminCreate(admin, form({ status: "archived" }))).toMatchObject({ status: 400, fieldErrors: { status: F.statusInvalid } });
    expect(await adminCreate(admin, form({ title: "x".repeat(201) }))).toMatchObject({ status: 400, fieldErrors: { title: F.titleTooLong } });
    expect(await allContests()).toEqual(before);
    // The bounds themselves are accepted.
    expect(await adminCreate(admin, form({ maxSubmissionsPerUser: "1" }))).toMatchObject({ ok: true, contest: { maxSubmissionsPerUser: 1 } });
    expect(await adminCreate(admin, form({ maxSubmissionsPerUser: "10" }))).toMatchObject({ ok: true, contest: { maxSubmissionsPerUser: 10 } });
  });

  itDb("edits every field and keeps the counts", async () => {
    const contest = await createContest({ status: "draft" });
    const entrant = await createUserRow();
    await createSubmission(contest.id, entrant!.id);
    const updated = await updateContest(admin, contest.id, form({ title: "Rinominato", status: "ended", maxSubmissionsPerUser: "7" }));
    expect(updated).toMatchObject({ ok: true, message: F.updated, contest: { title: "Rinominato", status: "ended", statusLabel: "Terminato", maxSubmissionsPerUser: 7, entries: 1 } });
    const [row] = await db().select().from(contests).where(eq(contests.id, contest.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(contest.updatedAt.getTime());
    const before = await allContests();
    expect(await updateContest(admin, contest.id, form({ endDate: "2026-01-01" }))).toMatchObject({ status: 400, fieldErrors: { endDate: F.endBeforeStart } });
    expect(await allContests()).toEqual(before);
  });

  itDb("answers 404 to an unknown or malformed id, changing nothing", async () => {
    await createContest();
    const before = await allContests();
    for (const id of [MISSING, "non-un-id", "", "1; drop table contests"]) {
      expect(await updateContest(admin, id, form()), id).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await deleteContest(admin, id), id).toEqual({ ok: false, status: 404, error: M.notFound });
    }
    expect(await allContests()).toEqual(before);
  });

  itDb("deletes a contest with its entries, their votes and their photo files; other contests keep theirs", async () => {
    const doomed = await createContest();
    const kept = await createContest();
    const [a, b] = await Promise.all([createUserRow(), createUserRow()]);
    const photo = (name: string) => `contest-photos/${a!.id}/${name}.webp`;
    const stored: string[] = [];
    for (const name of ["uno", "due", "resta"]) {
      stored.push(await putFile(photo(name), Buffer.from("webp")));
      await putFile(photo(name).replace(".webp", ".thumb.webp"), Buffer.from("thumb"));
    }
    const file = (name: string) => path.join(dataDir, "uploads", ...photo(name).split("/"));
    const entry1 = await createSubmission(doomed.id, a!.id, { imageUrl: stored[0] });
    await createSubmission(doomed.id, b!.id, { imageUrl: stored[1] });
    // A demo illustration shared by many rows is not a file of this entry: it stays.
    await createSubmission(doomed.id, b!.id, { imageUrl: "/demo/gatto.webp" });
    const survivor = await createSubmission(kept.id, a!.id, { imageUrl: stored[2] });
    await db().insert(contestVotes).values({ submissionId: entry1.id, userId: b!.id });
    await db().insert(contestVotes).values({ submissionId: survivor.id, userId: b!.id });

    expect(await deleteContest(admin, doomed.id)).toEqual({ ok: true, message: F.deleted, entries: 3 });
    expect(await db().select().from(contests).where(eq(contests.id, doomed.id))).toHaveLength(0);
    expect(await db().select().from(contestSubmissions).where(eq(contestSubmissions.contestId, doomed.id))).toHaveLength(0);
    expect(await db().select().from(contestVotes).where(eq(contestVotes.submissionId, entry1.id))).toHaveLength(0);
    expect(existsSync(file("uno"))).toBe(false);
    expect(existsSync(file("uno").replace(".webp", ".thumb.webp"))).toBe(false);
    expect(existsSync(file("due"))).toBe(false);
    expect(existsSync(file("resta"))).toBe(true);
    expect(await db().select().from(contestVotes).where(eq(contestVotes.submissionId, survivor.id))).toHaveLength(1);
    expect(await deleteContest(admin, doomed.id)).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("the confirmation states what goes with the contest", async () => {
    expect(F.deleteQuestion("Estate", 0)).toBe("Vuoi eliminare il concorso «Estate»? Non ha partecipazioni. L'operazione non si può annullare.");
    expect(F.deleteQuestion("Estate", 1)).toContain("Verranno eliminate anche la sua partecipazione, con i voti ricevuti e le foto caricate.");
    expect(F.deleteQuestion("Estate", 4)).toContain("le sue 4 partecipazioni");
  });

  itDb("each write shows at once on the public pages' cached contests", async () => {
    setCacheEnabled(true);
    try {
      await listContests();
      const created = await adminCreate(admin, form({ title: "Concorso in cache", startDate: "2026-01-01", endDate: "2099-12-31" }));
      if (!created.ok) throw new Error(created.error);
      expect((await listContests()).map((c) => c.title)).toContain("Concorso in cache");
      expect((await getContest(created.contest.id, null))?.contest.title).toBe("Concorso in cache");

      await updateContest(admin, created.contest.id, form({ title: "Rinominato in cache", startDate: "2026-01-01", endDate: "2099-12-31" }));
      expect((await listContests()).map((c) => c.title)).toContain("Rinominato in cache");
      expect((await getContest(created.contest.id, null))?.contest.title).toBe("Rinominato in cache");

      // Back to draft: no longer public.
      await updateContest(admin, created.contest.id, form({ status: "draft", startDate: "2026-01-01", endDate: "2099-12-31" }));
      expect((await listContests()).map((c) => c.id)).not.toContain(created.contest.id);

      await deleteContest(admin, created.contest.id);
      expect(await getContest(created.contest.id, null)).toBeNull();
    } finally {
      await invalidate(CACHE_TAGS.contests);
    }
  });
});

describe("contest dates", () => {
  itDb("are whole days in Rome, the end included", async () => {
    expect(contestStartInstant("2026-03-29")?.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(contestEndInstant("2026-03-29")?.toISOString()).toBe("2026-03-29T21:59:59.999Z");
    expect(contestStartInstant("2026-3-29")).toBeNull();
    expect(contestEndInstant("")).toBeNull();
  });
});
