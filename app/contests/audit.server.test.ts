// Contests and their entries: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { createContest as createContestAdmin, deleteContest, updateContest } from "~/contests/admin.server";
import { approveSubmission, rejectSubmission } from "~/contests/moderation.server";
import { itDb } from "../../tests/db";
import { createContest, createSubmission, createUserRow } from "../../tests/factories";
import { MODERATOR, lastId, onlyRecord, recordsSince } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("contests", () => {
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

  itDb("contests: create, update, delete", async () => {
    let mark = await lastId();
    const created = await createContestAdmin(MODERATOR, form());
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ area: "contests", action: "create", itemId: created.contest.id, itemLabel: "Il gatto più pigro" });
    mark = await lastId();
    await updateContest(MODERATOR, created.contest.id, form({ prizeDescription: "Due cucce" }));
    expect((await onlyRecord(mark, MODERATOR)).changes).toEqual([{ field: "prizeDescription", before: "Una cuccia imbottita", after: "Due cucce" }]);
    mark = await lastId();
    await deleteContest(MODERATOR, created.contest.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: created.contest.id });
  });

  itDb("entries: approve, reject", async () => {
    const contest = await createContest();
    const participant = await createUserRow();
    const entry = await createSubmission(contest.id, participant.id, { title: "Micio sul divano", petName: "Tigre", status: "pending" });
    let mark = await lastId();
    await approveSubmission(MODERATOR, entry.id);
    const approved = await onlyRecord(mark, MODERATOR);
    expect(approved).toMatchObject({ area: "contests", action: "approve", itemId: entry.id, itemLabel: "Foto «Micio sul divano» (Tigre)" });
    expect(approved.changes).toEqual([{ field: "status", before: "pending", after: "approved" }]);
    mark = await lastId();
    await rejectSubmission(MODERATOR, entry.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "reject" });
    // Rejecting it again changes nothing: no record.
    mark = await lastId();
    await rejectSubmission(MODERATOR, entry.id);
    expect(await recordsSince(mark)).toEqual([]);
  });
});
