// /admin/registro: the activity log as administrators read it (decision 0108). Read only: the log
// has no edit or delete here, and the database refuses both (migration 0036's trigger). Pages are
// read by keyset on the id (newest first), never by offset, so the thousandth page costs what the
// first does; the CSV is read in batches of AUDIT_EXPORT_BATCH while it is being sent.
import { and, asc, desc, eq, gt, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { db, queryRows } from "~/db/client.server";
import { auditEvents, type AuditChange } from "~/db/schema";
import { AUDIT_ACTIONS, AUDIT_AREAS, ROLES } from "~/lib/enums";
import { containsPattern } from "~/lib/like-pattern";
import type { Result } from "~/lib/result";
import { AUDIT_EXPORT_BATCH, AUDIT_PAGE_SIZE, auditCsvFilename, type AuditFilterField, type AuditFilters, type AuditQuery } from "./log-validation";
import { auditFieldLabel, auditValueText } from "./presentation";

export interface AuditRecord {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string;
  actorRoleLabel: string;
  address: string | null;
  areaLabel: string;
  actionLabel: string;
  itemId: string | null;
  itemLabel: string | null;
  changes: AuditChange[];
}

export interface AuditActorOption {
  id: string;
  name: string;
}

export interface AuditPage {
  records: AuditRecord[];
  /** the cursor of the newer page (after=…), null on the first page */
  newer: number | null;
  /** the cursor of the older page (before=…), null on the last page */
  older: number | null;
  actors: AuditActorOption[];
  /** the filters' wrong days, when there are any (then no record is read) */
  fieldErrors?: Partial<Record<AuditFilterField, string>>;
}

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorId: auditEvents.actorId,
  actorName: auditEvents.actorName,
  actorRole: auditEvents.actorRole,
  address: auditEvents.address,
  area: auditEvents.area,
  action: auditEvents.action,
  itemId: auditEvents.itemId,
  itemLabel: auditEvents.itemLabel,
  changes: auditEvents.changes,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | ((typeof columns)[K]["_"]["notNull"] extends true ? never : null) };

function present(row: Row): AuditRecord {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actorId,
    actorName: row.actorName,
    actorRoleLabel: (ROLES.labels as Record<string, string>)[row.actorRole] ?? row.actorRole,
    address: row.address,
    areaLabel: AUDIT_AREAS.labels[row.area],
    actionLabel: AUDIT_ACTIONS.labels[row.action],
    itemId: row.itemId,
    itemLabel: row.itemLabel,
    changes: row.changes,
  };
}

/** The instant a Rome day starts: the day's own midnight in Italy, summer time or not. */
function romeMidnight(day: string, plusDays = 0): SQL {
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Rome')`;
}

/** The records the filters select (each filter has its index: actor, area, item id and label, date). */
export function auditWhere(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actorId) conditions.push(eq(auditEvents.actorId, filters.actorId));
  if (filters.area) conditions.push(eq(auditEvents.area, filters.area));
  if (filters.item) conditions.push(or(eq(auditEvents.itemId, filters.item), ilike(auditEvents.itemLabel, containsPattern(filters.item)))!);
  if (filters.from) conditions.push(sql`${auditEvents.at} >= ${romeMidnight(filters.from)}`);
  if (filters.to) conditions.push(sql`${auditEvents.at} < ${romeMidnight(filters.to, 1)}`);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Everyone who has a record, by the name of their latest one (an account deleted since keeps it):
 * one step through audit_events_actor_idx per person (a loose index scan), not a read of the log.
 */
export async function auditActors(): Promise<AuditActorOption[]> {
  const rows = await queryRows<{ id: string; name: string }>(sql`
    with recursive people(id) as (
      (select actor_id from audit_events where actor_id is not null order by actor_id limit 1)
      union all
      select (select actor_id from audit_events where actor_id > people.id order by actor_id limit 1)
      from people where people.id is not null
    )
    select people.id::text as id,
      (select actor_name from audit_events where actor_id = people.id order by id desc limit 1) as name
    from people where people.id is not null`);
  return rows.sort((a, b) => a.name.localeCompare(b.name, "it") || a.id.localeCompare(b.id));
}

/**
 * One page of records, newest first: the newest, or those older than `before`, or newer than
 * `after`. A query with a wrong day reads no record and answers the field's message.
 */
export async function listAuditRecords(actor: CurrentUser | null, query: AuditQuery): Promise<Result<AuditPage>> {
  const refused = refuseWithout(actor, "audit.view");
  if (refused) return refused;
  if (!query.ok) return { ok: true, records: [], newer: null, older: null, actors: await auditActors(), fieldErrors: query.fieldErrors };
  const { filters, before, after } = query;
  const where = auditWhere(filters);
  const backwards = after !== null && before === null;
  const bound = backwards ? gt(auditEvents.id, after) : before !== null ? lt(auditEvents.id, before) : undefined;
  const [rows, actors] = await Promise.all([
    db()
      .select(columns)
      .from(auditEvents)
      .where(and(where, bound))
      .orderBy(backwards ? asc(auditEvents.id) : desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE + 1),
    auditActors(),
  ]);
  const more = rows.length > AUDIT_PAGE_SIZE;
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  if (backwards) page.reverse();
  const first = page[0]?.id ?? null;
  const last = page.at(-1)?.id ?? null;
  return {
    ok: true,
    records: page.map(present),
    newer: backwards ? (more ? first : null) : before !== null ? first : null,
    older: backwards ? last : more ? last : null,
    actors,
  };
}

// --- CSV -----------------------------------------------------------------------------------------

export const AUDIT_CSV_HEADER = ["ID", "Data e ora (Roma)", "Persona", "Ruolo", "Indirizzo", "Area", "Azione", "ID elemento", "Elemento", "Modifiche"];

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break (quotes doubled), and a
 * text a spreadsheet would run as a formula (= + - @, or a tab or carriage return before one) is
 * prefixed with ' so that it stays text (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** The changes as one cell: "Campo: prima → dopo" per field, one per line. */
export function changesText(changes: readonly AuditChange[]): string {
  return changes.map((c) => `${auditFieldLabel(c.field)}: ${auditValueText(c.before)} → ${auditValueText(c.after)}`).join("\n");
}

/** Rome's wall clock, as a spreadsheet reads a date and time. */
const ROME_STAMP = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome", dateStyle: "short", timeStyle: "medium" });

function csvRecord(record: AuditRecord): string {
  return csvLine([
    record.id,
    ROME_STAMP.format(record.at),
    record.actorName,
    record.actorRoleLabel,
    record.address,
    record.areaLabel,
    record.actionLabel,
    record.itemId,
    record.itemLabel,
    changesText(record.changes),
  ]);
}

/** Today in Rome, YYYY-MM-DD (the CSV's file name). */
export function romeToday(now = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome" }).format(now);
}

/**
 * The records the filters select, newest first, as a CSV stream: the UTF-8 byte order mark (so
 * Excel reads the accents), the header, then the rows, read AUDIT_EXPORT_BATCH at a time by keyset as
 * the client takes them; only one batch is in memory at any time.
 */
export function auditCsvStream(filters: AuditFilters, batch = AUDIT_EXPORT_BATCH): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = auditWhere(filters);
  let cursor: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(AUDIT_CSV_HEADER)}`));
        return;
      }
      const rows = await db()
        .select(columns)
        .from(auditEvents)
        .where(and(where, cursor === null ? undefined : lt(auditEvents.id, cursor)))
        .orderBy(desc(auditEvents.id))
        .limit(batch);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => csvRecord(present(row))).join("")));
      if (rows.length < batch) controller.close();
      else cursor = rows.at(-1)!.id;
    },
  });
}

/** The CSV for the route: refused like the page, else the stream. */
export function exportAuditCsv(actor: CurrentUser | null, filters: AuditFilters): Result<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const refused = refuseWithout(actor, "audit.view");
  if (refused) return refused;
  return { ok: true, stream: auditCsvStream(filters), filename: auditCsvFilename(romeToday()) };
}
