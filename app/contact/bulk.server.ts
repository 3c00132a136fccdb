// Bulk actions of /admin/contacts (decision 0109): archive and delete, over picked rows or every
// message of the list's filter (contactFilter, the list's own condition). The single action's
// rules: a message already archived is left as it is; a delete is for good. No mail, no cache
// (the messages are read from the database each time).
import { inArray, sql } from "drizzle-orm";
import { recordAudits, type AuditActor } from "~/audit/record.server";
import { BULK_MESSAGES } from "~/bulk/actions";
import type { BulkAreaDefinition, BulkBatchResult, BulkOutcome } from "~/bulk/definition.server";
import { db } from "~/db/client.server";
import { contactMessages, type BulkParams } from "~/db/schema";
import { contactFilter } from "./admin.server";

export const CONTACT_BULK_MESSAGES = {
  alreadyArchived: "È già archiviato",
} as const;

async function lock(ids: string[]) {
  return db()
    .select({ id: contactMessages.id, status: contactMessages.status, subject: contactMessages.subject, name: contactMessages.name })
    .from(contactMessages)
    .where(inArray(contactMessages.id, ids))
    .orderBy(contactMessages.id)
    .for("update");
}

type Row = Awaited<ReturnType<typeof lock>>[number];
const label = (row: Row) => `${row.subject} (${row.name})`;

function gone(ids: string[], rows: Row[]): BulkOutcome[] {
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id)).map((id) => ({ id, label: id, result: "skipped", reason: BULK_MESSAGES.gone }));
}

async function archive(ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  const rows = await lock(ids);
  const outcomes = gone(ids, rows);
  const allowed = rows.filter((row) => {
    if (row.status !== "archived") return true;
    outcomes.push({ id: row.id, label: label(row), result: "skipped", reason: CONTACT_BULK_MESSAGES.alreadyArchived });
    return false;
  });
  if (allowed.length > 0) {
    await db()
      .update(contactMessages)
      .set({ status: "archived", updatedAt: sql`now()` })
      .where(inArray(contactMessages.id, allowed.map((row) => row.id)));
    await recordAudits(allowed.map((row) => ({ actor, area: "contacts", action: "archive", item: { id: row.id, label: label(row) }, before: { status: row.status }, after: { status: "archived" } })));
    for (const row of allowed) outcomes.push({ id: row.id, label: label(row), result: "done" });
  }
  return { outcomes };
}

async function remove(ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  const rows = await lock(ids);
  if (rows.length > 0) {
    await db()
      .delete(contactMessages)
      .where(inArray(contactMessages.id, rows.map((row) => row.id)));
    await recordAudits(rows.map((row) => ({ actor, area: "contacts", action: "delete", item: { id: row.id, label: label(row) }, before: { status: row.status, subject: row.subject } })));
  }
  return { outcomes: [...gone(ids, rows), ...rows.map((row): BulkOutcome => ({ id: row.id, label: label(row), result: "done" }))] };
}

export const CONTACT_BULK: BulkAreaDefinition = {
  permission: "contacts.manage",
  table: contactMessages,
  id: contactMessages.id,
  label: contactMessages.subject,
  filter: (query) => contactFilter(query).where,
  filterKeys: ["q", "status"],
  actions: {
    archive: { apply: archive },
    delete: { apply: remove },
  },
  tags: [],
};
