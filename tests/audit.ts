// The activity log's checks shared by the audit tests beside each back-office module (decision
// 0108): who writes, the records a write left, and the one record it must leave.
import { desc, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { AdminActor } from "~/admin/access.server";
import { db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";
import { createUserRow } from "./factories";

export const ACTOR: AdminActor = { id: "00000000-0000-4000-8000-00000000a0d1", email: "giulia@zampa.test", fullName: "Giulia Revisori", role: "admin", address: "203.0.113.7" };
export const EDITOR_TEMPLATE: AdminActor = { ...ACTOR, id: "00000000-0000-4000-8000-00000000a0d2", fullName: "Elena Redattrice", role: "editor", address: "198.51.100.4" };
export const MODERATOR_TEMPLATE: AdminActor = { ...ACTOR, id: "00000000-0000-4000-8000-00000000a0d3", fullName: "Marco Moderatore", role: "moderator", address: null };
export const EDITOR = EDITOR_TEMPLATE;
export const MODERATOR = MODERATOR_TEMPLATE;

/** The records written since `after` (an id), oldest first. */
export async function recordsSince(after: number) {
  const rows = await db().select().from(auditEvents).where(sql`${auditEvents.id} > ${after}`).orderBy(auditEvents.id);
  return rows;
}

export async function lastId(): Promise<number> {
  const [row] = await db().select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row?.id ?? 0;
}

/** The one record a write made, checked for its actor and address. */
export async function onlyRecord(after: number, actor: AdminActor = ACTOR) {
  const rows = await recordsSince(after);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ actorId: actor.id, actorName: actor.fullName, actorRole: actor.role, address: actor.address });
  return row!;
}

export const changeOf = (row: { changes: { field: string; before: unknown; after: unknown }[] }, field: string) => row.changes.find((c) => c.field === field);


/** A staff member with an account (articles name their author, which must exist). */
export async function staffAccount(actor: AdminActor): Promise<AdminActor> {
  const row = await createUserRow({ name: actor.fullName });
  return { ...actor, id: row.id, email: row.email };
}

