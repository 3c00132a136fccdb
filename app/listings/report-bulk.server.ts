// Bulk actions of /admin/reports (decision 0109): mark reviewed, resolve, dismiss, over picked rows
// or every report of the list's status filter (reportFilter, the list's own condition). The single
// change's rules: any status may move to another; a report already in that status is left as it is
// (and its reporter is not told twice); a report that becomes resolved or dismissed e-mails its
// reporter (notifyReporter), after the batch has committed. The admin's notes are kept.
import { inArray, sql } from "drizzle-orm";
import { recordAudits, type AuditActor } from "~/audit/record.server";
import { BULK_MESSAGES } from "~/bulk/actions";
import type { BulkAreaDefinition, BulkBatchResult, BulkOutcome } from "~/bulk/definition.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { listingReports, type BulkParams } from "~/db/schema";
import { REPORT_STATUSES } from "~/lib/enums";
import type { ReportStatus } from "./moderation-validation";
import { findReport, notifyReporter, reportFilter } from "./report-moderation.server";

const TARGET = { review: "reviewed", resolve: "resolved", dismiss: "dismissed" } as const;
const AUDIT = { review: "review", resolve: "resolve", dismiss: "dismiss" } as const;

export const REPORT_BULK_MESSAGES = {
  already: (status: ReportStatus) => `È già «${REPORT_STATUSES.labels[status].toLowerCase()}»`,
} as const;

function setStatus(name: keyof typeof TARGET) {
  const status = TARGET[name];
  return async (ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> => {
    const rows = await db()
      .select({ id: listingReports.id, status: listingReports.status, reporter: listingReports.reporterName })
      .from(listingReports)
      .where(inArray(listingReports.id, ids))
      .orderBy(listingReports.id)
      .for("update");
    const found = new Set(rows.map((row) => row.id));
    const outcomes: BulkOutcome[] = ids.filter((id) => !found.has(id)).map((id) => ({ id, label: id, result: "skipped", reason: BULK_MESSAGES.gone }));
    const label = (row: (typeof rows)[number]) => `Segnalazione di ${row.reporter}`;
    const allowed = rows.filter((row) => {
      if (row.status !== status) return true;
      outcomes.push({ id: row.id, label: label(row), result: "skipped", reason: REPORT_BULK_MESSAGES.already(status) });
      return false;
    });
    if (allowed.length > 0) {
      await db()
        .update(listingReports)
        .set({ status, updatedAt: sql`now()` })
        .where(inArray(listingReports.id, allowed.map((row) => row.id)));
      await recordAudits(allowed.map((row) => ({ actor, area: "reports", action: AUDIT[name], item: { id: row.id, label: label(row) }, before: { status: row.status }, after: { status } })));
      for (const row of allowed) outcomes.push({ id: row.id, label: label(row), result: "done" });
    }
    return {
      outcomes,
      afterCommit:
        status === "reviewed"
          ? undefined
          : async () => {
              for (const row of allowed) {
                const report = await findReport(row.id);
                if (report) await notifyReporter(report, status);
              }
            },
    };
  };
}

export const REPORT_BULK: BulkAreaDefinition = {
  permission: "reports.moderate",
  table: listingReports,
  id: listingReports.id,
  label: listingReports.reporterName,
  filter: (query) => reportFilter(query.status, query.origin).where,
  filterKeys: ["status", "origin"],
  actions: {
    review: { apply: setStatus("review") },
    resolve: { apply: setStatus("resolve") },
    dismiss: { apply: setStatus("dismiss") },
  },
  tags: [CACHE_TAGS.reports],
};
