// /admin/contacts: the messages of the contact form as administrators read and handle them. Admins
// only: every function starts with refuseWithout. Each change is one conditional UPDATE, so two
// admins (or two clicks) acting on one message at once change it once.
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { refuseWithout } from "~/admin/access.server";
import type { CurrentUser } from "~/accounts/session.server";
import { newestFirst } from "~/db/order";
import { recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { CONTACT_STATUSES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { containsPattern } from "~/lib/like-pattern";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
import { CONTACT_ADMIN_MESSAGES as M, CONTACTS_PAGE_SIZE, CONTACT_SEARCH_MAX_LENGTH, type ContactStatus } from "./admin-validation";

export interface AdminContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactStatus;
  statusLabel: string;
  createdAt: Date;
  readAt: Date | null;
  repliedAt: Date | null;
}

export type AdminContactSummary = Omit<AdminContactMessage, "message"> & { preview: string };

export interface ContactList {
  messages: AdminContactSummary[];
  matching: number;
  page: number;
  pageCount: number;
  /** messages in each status, over all messages (the filter's counts) */
  byStatus: Record<ContactStatus, number>;
}

const PREVIEW_LENGTH = 140;

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  status: contactMessages.status,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  repliedAt: contactMessages.repliedAt,
};

function labelled<T extends { status: ContactStatus }>(row: T): T & { statusLabel: string } {
  return { ...row, statusLabel: CONTACT_STATUSES.labels[row.status] };
}

/**
 * The list's filter (a search, a status) and its condition: the one source of "these messages" for
 * the page and a bulk action over its results (decision 0109).
 */
export function contactFilter({ q, status }: { q?: string | null; status?: string | null }): { where: SQL | undefined } {
  const search = (q ?? "").trim().slice(0, CONTACT_SEARCH_MAX_LENGTH);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.subject, pattern))!);
  }
  if (status && (CONTACT_STATUSES.values as readonly string[]).includes(status)) conditions.push(eq(contactMessages.status, status as ContactStatus));
  return { where: conditions.length ? and(...conditions) : undefined };
}

/**
 * One page of messages, newest first, matching `q` (any part of the sender's name, e-mail or the
 * subject, any case) and, when given, one status; with the count of messages in each status.
 */
export async function listMessages(
  actor: CurrentUser | null,
  { q = "", status, page = 1 }: { q?: string; status?: ContactStatus; page?: number } = {},
): Promise<Result<ContactList>> {
  const refused = refuseWithout(actor, "contacts.manage");
  if (refused) return refused;
  const { where } = contactFilter({ q, status });

  const [[matchingRow], statusRows] = await Promise.all([
    db().select({ n: count() }).from(contactMessages).where(where),
    db().select({ status: contactMessages.status, n: count() }).from(contactMessages).groupBy(contactMessages.status),
  ]);
  const matching = matchingRow?.n ?? 0;
  const byStatus = Object.fromEntries(CONTACT_STATUSES.values.map((s) => [s, 0])) as Record<ContactStatus, number>;
  for (const row of statusRows) byStatus[row.status] = row.n;
  const pageCount = Math.max(1, Math.ceil(matching / CONTACTS_PAGE_SIZE));
  const current = pageNumber(page);
  const rows =
    current > pageCount
      ? []
      : await db()
          .select({ ...columns, message: sql<string>`left(${contactMessages.message}, ${PREVIEW_LENGTH})` })
          .from(contactMessages)
          .where(where)
          .orderBy(newestFirst(contactMessages.createdAt), desc(contactMessages.id))
          .limit(CONTACTS_PAGE_SIZE)
          .offset((current - 1) * CONTACTS_PAGE_SIZE);
  return {
    ok: true,
    messages: rows.map(({ message, ...row }) => labelled({ ...row, preview: message })),
    matching,
    page: current,
    pageCount,
    byStatus,
  };
}

export type MessageResult = Result<{ message: AdminContactMessage }>;

/**
 * A message for the detail pane. Opening a new message marks it read (status 'read', read_at now)
 * in the same statement that reads it: opening it again, or two admins opening it at once, sets
 * read_at once. Opening a message in any other status changes nothing.
 */
export async function openMessage(actor: CurrentUser | null, id: string): Promise<MessageResult> {
  const refused = refuseWithout(actor, "contacts.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const opened = await transaction(async () => {
    const [row] = await db()
      .update(contactMessages)
      .set({ status: "read", readAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "new")))
      .returning(columns);
    if (row) await recordAudit({ actor: actor!, area: "contacts", action: "update", item: { id, label: messageLabel(row) }, before: { status: "new" }, after: { status: "read" } });
    return row;
  });
  const row = opened ?? (await db().select(columns).from(contactMessages).where(eq(contactMessages.id, id)).limit(1))[0];
  if (!row) return fail(404, M.notFound);
  return { ok: true, message: labelled(row) };
}

/** What the activity log names a message by (decision 0108). */
const labelColumns = { name: contactMessages.name, email: contactMessages.email, subject: contactMessages.subject, status: contactMessages.status };

function messageLabel(row: { name: string; email: string; subject: string }): string {
  return `${row.subject} — ${row.name} <${row.email}>`;
}

export type ContactChange = Result<{ changed: boolean; status: ContactStatus; message: string }>;

const CHANGES = {
  // read_at keeps the first reading.
  read: { set: { readAt: sql`coalesce(${contactMessages.readAt}, now())` }, done: M.markedRead },
  // Replying is reading too; replied_at is the last reply.
  replied: { set: { readAt: sql`coalesce(${contactMessages.readAt}, now())`, repliedAt: sql`now()` }, done: M.markedReplied },
  archived: { set: {}, done: M.archived },
} as const;

/**
 * Moves a message to `status`. A message already in that status is left as it is and the answer
 * says so (`changed: false`, HTTP 200): the button is hidden then, and a second click or a second
 * admin is not an error.
 */
async function setStatus(actor: CurrentUser | null, id: string, status: keyof typeof CHANGES): Promise<ContactChange> {
  const refused = refuseWithout(actor, "contacts.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const change = CHANGES[status];
  try {
    return await transaction(async (): Promise<ContactChange> => {
      const [was] = await db().select(labelColumns).from(contactMessages).where(eq(contactMessages.id, id)).for("update");
      if (!was) return fail(404, M.notFound);
      if (was.status === status) return { ok: true, changed: false, status, message: change.done };
      await db()
        .update(contactMessages)
        .set({ ...change.set, status, updatedAt: sql`now()` })
        .where(eq(contactMessages.id, id));
      await recordAudit({
        actor: actor!,
        area: "contacts",
        action: status === "archived" ? "archive" : "update",
        item: { id, label: messageLabel(was) },
        before: { status: was.status },
        after: { status },
      });
      return { ok: true, changed: true, status, message: change.done };
    });
  } catch (error) {
    logger.error({ err: error, id, status }, "contatti: aggiornamento del messaggio non riuscito");
    return fail(500, M.updateError);
  }
}

/** "Segna come letto": from new, replied or archived back to read. */
export function markRead(actor: CurrentUser | null, id: string): Promise<ContactChange> {
  return setStatus(actor, id, "read");
}

/** "Rispondi via email" was used: the message is replied (and read). */
export function markReplied(actor: CurrentUser | null, id: string): Promise<ContactChange> {
  return setStatus(actor, id, "replied");
}

/** "Archivia": out of the way, kept. */
export function archive(actor: CurrentUser | null, id: string): Promise<ContactChange> {
  return setStatus(actor, id, "archived");
}

/** "Elimina": gone for good. */
export async function deleteMessage(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "contacts.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    return await transaction(async (): Promise<Result<{ message: string }>> => {
      const [deleted] = await db().delete(contactMessages).where(eq(contactMessages.id, id)).returning(labelColumns);
      if (!deleted) return fail(404, M.notFound);
      // The message's text is the sender's, not the back office's: only who wrote and about what.
      await recordAudit({ actor: actor!, area: "contacts", action: "delete", item: { id, label: messageLabel(deleted) }, before: { ...deleted } });
      return { ok: true, message: M.deleted };
    });
  } catch (error) {
    logger.error({ err: error, id }, "contatti: eliminazione del messaggio non riuscita");
    return fail(500, M.deleteError);
  }
}
