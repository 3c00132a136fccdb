// Recording a back-office write in the activity log (decision 0107). Called by the domain function
// that makes the write, inside its transaction (db() is the transaction there, app/db/client.server.ts),
// so the write and its record are kept or lost together.
import { createHash } from "node:crypto";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { auditEvents, type AuditChange } from "~/db/schema";
import type { AUDIT_ACTIONS, AUDIT_AREAS } from "~/lib/enums";

export type AuditArea = (typeof AUDIT_AREAS.values)[number];
export type AuditAction = (typeof AUDIT_ACTIONS.values)[number];

/** Who wrote: the actor the gate let through, with the address it read (none outside a request). */
export type AuditActor = Pick<CurrentUser, "id" | "fullName" | "role"> & { address?: string | null };

type Fields = Record<string, unknown>;

export interface AuditEntry {
  actor: AuditActor;
  area: AuditArea;
  action: AuditAction;
  item?: { id: string; label?: string | null };
  /** the item's fields before the write (none for a creation) */
  before?: Fields | null;
  /** and after it (none for a deletion) */
  after?: Fields | null;
}

/** Fields whose value never enters the log: only that they changed. */
const SECRET = /(password|secret|token|hash|apikey|api_key|otp|backupcodes)$/i;
export const HIDDEN_VALUE = "[nascosto]";

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === "";
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

/**
 * The fields that differ between before and after, secrets masked. A creation lists every field
 * of after that has a value, a deletion every field of before that had one (an empty field of a
 * new item is no change worth a line).
 */
export function changedFields(before: Fields | null | undefined, after: Fields | null | undefined): AuditChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChange[] = [];
  for (const field of names) {
    const was = before ? comparable(before[field]) : null;
    const is = after ? comparable(after[field]) : null;
    if (before && after ? same(was, is) : isEmpty(was) && isEmpty(is)) continue;
    const hide = SECRET.test(field);
    changes.push({ field, before: hide && was !== null ? HIDDEN_VALUE : was, after: hide && is !== null ? HIDDEN_VALUE : is });
  }
  return changes;
}

/**
 * A long text (an article's body, a message) as the log keeps it: its length and the start of its
 * SHA-256, so the record says that and how much it changed without copying the text itself
 * (decision 0108). Equal texts give equal summaries, so an unchanged body is not listed.
 */
export function textSummary(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 12);
  return `${text.length} caratteri · impronta ${digest}`;
}

/** Up to this many characters a text is kept whole in a record; a longer one as its textSummary. */
export const AUDIT_TEXT_KEPT = 500;

/** A text that is usually short (an ad's code, robots.txt): whole when short, summarised when long. */
export function boundedText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text.length <= AUDIT_TEXT_KEPT ? text : textSummary(text);
}

/** A row as the log keeps it: its fields without the id (the record's item) and the timestamps every write moves. */
export function auditedRow(row: Record<string, unknown>): Fields {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** Writes one record (in the caller's transaction, when there is one). */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  await recordAudits([entry]);
}

/** Writes several records in one statement (a bulk action's batch). */
export async function recordAudits(entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db()
    .insert(auditEvents)
    .values(
      entries.map((entry) => ({
        actorId: entry.actor.id,
        actorName: entry.actor.fullName,
        actorRole: entry.actor.role,
        address: entry.actor.address ?? null,
        area: entry.area,
        action: entry.action,
        itemId: entry.item?.id ?? null,
        itemLabel: entry.item?.label ?? null,
        changes: changedFields(entry.before, entry.after),
      })),
    );
}
