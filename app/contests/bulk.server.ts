// Bulk actions of a contest's entries (/admin/contests/:id/submissions, decision 0109): approve and
// reject, over picked rows or every entry of the list's filter (submissionFilter: the contest and
// its status). The single decision's rules: an entry already in that status is left as it is (and
// its participant is not mailed twice); votes stay when an approved entry is rejected; the
// participant gets the same mail as for a single decision, after the batch has committed.
import { inArray, sql } from "drizzle-orm";
import { recordAudits, type AuditActor } from "~/audit/record.server";
import { BULK_MESSAGES } from "~/bulk/actions";
import type { BulkAreaDefinition, BulkBatchResult, BulkOutcome } from "~/bulk/definition.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { contestSubmissions, type BulkParams } from "~/db/schema";
import { SUBMISSION_STATUSES } from "~/lib/enums";
import { notifyParticipant, submissionFilter } from "./moderation.server";

export const CONTEST_BULK_MESSAGES = {
  alreadyApproved: "È già approvata",
  alreadyRejected: "È già non approvata",
} as const;

function decide(status: "approved" | "rejected") {
  return async (ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> => {
    const rows = await db()
      .select({ id: contestSubmissions.id, status: contestSubmissions.status, title: contestSubmissions.title, petName: contestSubmissions.petName, contestId: contestSubmissions.contestId, userId: contestSubmissions.userId })
      .from(contestSubmissions)
      .where(inArray(contestSubmissions.id, ids))
      .orderBy(contestSubmissions.id)
      .for("update");
    const found = new Set(rows.map((row) => row.id));
    const outcomes: BulkOutcome[] = ids.filter((id) => !found.has(id)).map((id) => ({ id, label: id, result: "skipped", reason: BULK_MESSAGES.gone }));
    const allowed = rows.filter((row) => {
      if (row.status !== status) return true;
      outcomes.push({ id: row.id, label: row.title, result: "skipped", reason: status === "approved" ? CONTEST_BULK_MESSAGES.alreadyApproved : CONTEST_BULK_MESSAGES.alreadyRejected });
      return false;
    });
    if (allowed.length > 0) {
      await db()
        .update(contestSubmissions)
        .set({ status, updatedAt: sql`now()` })
        .where(inArray(contestSubmissions.id, allowed.map((row) => row.id)));
      await recordAudits(
        allowed.map((row) => ({
          actor,
          area: "contests",
          action: status === "approved" ? "approve" : "reject",
          item: { id: row.id, label: row.title },
          before: { status: SUBMISSION_STATUSES.labels[row.status] },
          after: { status: SUBMISSION_STATUSES.labels[status] },
        })),
      );
      for (const row of allowed) outcomes.push({ id: row.id, label: row.title, result: "done" });
    }
    return {
      outcomes,
      afterCommit: async () => {
        for (const row of allowed) await notifyParticipant(row, status);
      },
    };
  };
}

export const CONTEST_BULK: BulkAreaDefinition = {
  permission: "contests.manage",
  table: contestSubmissions,
  id: contestSubmissions.id,
  label: contestSubmissions.title,
  filter: (query) => submissionFilter(query.contest, query.status).where,
  filterKeys: ["contest", "status"],
  actions: {
    approve: { apply: decide("approved") },
    reject: { apply: decide("rejected") },
  },
  tags: [CACHE_TAGS.contests],
};
