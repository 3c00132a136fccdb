import { data } from "react-router";
import type { Route } from "./+types/registro";
import { adminActor } from "~/admin/gate.server";
import { listAuditRecords, type AuditRecord } from "~/audit/log.server";
import { AUDIT_ITEM_MAX_LENGTH, AUDIT_LOG_MESSAGES as M, auditFilterParams, readAuditQuery } from "~/audit/log-validation";
import { auditFieldLabel, auditValueText } from "~/audit/presentation";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { PageHeader } from "~/components/admin/kit/page-header";
import { PlainLink } from "~/components/plain-link";
import { AUDIT_AREAS } from "~/lib/enums";
import { formatDateTimeLong } from "~/lib/format";

// /admin/registro — the activity log (decision 0108): administrators only (the gate asks
// "audit.view", app/admin/navigation.ts; listAuditRecords asks again). Read only. A wrong day in
// the filters answers 400 with the field's message and no records.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = adminActor(context);
  const query = readAuditQuery(new URL(request.url).searchParams);
  const result = await listAuditRecords(actor, query);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  const page = { ...result, filters: query.filters, fieldErrors: result.fieldErrors ?? {} };
  return data(page, { status: result.fieldErrors ? 400 : 200 });
}

export const meta: Route.MetaFunction = () => [{ title: "Registro attività — Zampa Admin" }, { name: "robots", content: "noindex" }];

/** YYYY-MM-DD as the field shows it (gg/mm/aaaa); what was typed when it is no day. */
function dayField(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function Changes({ record }: { record: AuditRecord }) {
  if (record.changes.length === 0) return <span className="text-stone-600">Nessun campo</span>;
  const count = record.changes.length;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded font-medium text-brand-800 underline-offset-2 hover:underline">
        {count === 1 ? "1 campo modificato" : `${count} campi modificati`}
        <span className="sr-only"> in {record.itemLabel ?? record.areaLabel}</span>
      </summary>
      <ul className="mt-2 space-y-2">
        {record.changes.map((change) => (
          <li key={change.field} className="rounded-lg bg-stone-50 p-2">
            <span className="font-semibold text-stone-900">{auditFieldLabel(change.field)}</span>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-stone-800">
              <dt className="text-stone-600">Prima</dt>
              <dd className="break-words">{auditValueText(change.before)}</dd>
              <dt className="text-stone-600">Dopo</dt>
              <dd className="break-words">{auditValueText(change.after)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { records, newer, older, actors, filters, fieldErrors } = loaderData;
  const filtered = Boolean(filters.actorId || filters.area || filters.item || filters.from || filters.to);
  const invalid = Object.keys(fieldErrors).length > 0;
  const params = auditFilterParams(filters);
  const pageHref = (cursor: "before" | "after", id: number) => {
    const next = new URLSearchParams(params);
    next.set(cursor, String(id));
    return `/admin/registro?${next.toString()}`;
  };
  const csvHref = `/admin/registro.csv${params.size ? `?${params.toString()}` : ""}`;

  const columns: Column<AuditRecord>[] = [
    {
      id: "at",
      header: "Quando",
      className: "whitespace-nowrap text-stone-800",
      cell: (record) => <time dateTime={new Date(record.at).toISOString()}>{formatDateTimeLong(record.at)}</time>,
    },
    {
      id: "actor",
      header: "Chi",
      cell: (record) => (
        <>
          <span className="font-semibold text-stone-900">{record.actorName || "—"}</span>
          <span className="block text-stone-700">{record.actorRoleLabel}</span>
          {record.address ? <span className="block break-all text-xs text-stone-600">da {record.address}</span> : null}
        </>
      ),
    },
    {
      id: "what",
      header: "Cosa",
      cell: (record) => (
        <>
          <span className="font-semibold text-stone-900">{record.actionLabel}</span>
          <span className="block text-stone-700">{record.areaLabel}</span>
        </>
      ),
    },
    {
      id: "item",
      header: "Elemento",
      className: "break-words",
      cell: (record) => (
        <>
          {record.itemLabel ?? "—"}
          {record.itemId ? <span className="block break-all text-xs text-stone-600">ID {record.itemId}</span> : null}
        </>
      ),
    },
    { id: "changes", header: "Modifiche", cell: (record) => <Changes record={record} /> },
  ];

  return (
    <>
      <PageHeader title="Registro attività" intro="Chi ha cambiato cosa nel back office, dal più recente. Le voci non si modificano né si cancellano.">
        {invalid ? null : (
          <a href={csvHref} download className="btn-secondary" data-testid="audit-csv">
            Scarica CSV
          </a>
        )}
      </PageHeader>

      <ListFilters label="Filtra il registro" filtered={filtered} submitLabel="Filtra">
        <div>
          <label htmlFor="audit-actor" className="field-label">
            Persona
          </label>
          <select id="audit-actor" name="actor" defaultValue={filters.actorId} className="field-input">
            <option value="">Tutte</option>
            {actors.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name || person.id}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-area" className="field-label">
            Area
          </label>
          <select id="audit-area" name="area" defaultValue={filters.area} className="field-input">
            <option value="">Tutte</option>
            {AUDIT_AREAS.values.map((value) => (
              <option key={value} value={value}>
                {AUDIT_AREAS.labels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor="audit-item" className="field-label">
            Elemento (nome o ID)
          </label>
          <input id="audit-item" name="item" type="search" defaultValue={filters.item} maxLength={AUDIT_ITEM_MAX_LENGTH} className="field-input" />
        </div>
        {(["from", "to"] as const).map((field) => (
          <div key={field} className="w-36">
            <label htmlFor={`audit-${field}`} className="field-label">
              {field === "from" ? "Dal" : "Al"}
            </label>
            <input
              id={`audit-${field}`}
              name={field}
              type="text"
              inputMode="numeric"
              placeholder="gg/mm/aaaa"
              autoComplete="off"
              // A half-typed day is no filter yet: applied with "Filtra" or Enter, not at each keystroke.
              onChange={(event) => event.stopPropagation()}
              defaultValue={dayField(filters[field])}
              aria-invalid={fieldErrors[field] ? true : undefined}
              aria-describedby={fieldErrors[field] ? `audit-${field}-error` : undefined}
              className="field-input"
            />
            {fieldErrors[field] ? (
              <p id={`audit-${field}-error`} className="mt-1 text-sm text-red-800">
                {fieldErrors[field]}
              </p>
            ) : null}
          </div>
        ))}
      </ListFilters>

      {invalid ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {M.filterError} {Object.values(fieldErrors).join(" ")}
        </p>
      ) : records.length === 0 ? (
        <EmptyState title={filtered ? M.emptyFiltered : M.empty}>
          {filtered ? (
            <PlainLink to="/admin/registro" className="btn-secondary">
              Mostra tutto il registro
            </PlainLink>
          ) : null}
        </EmptyState>
      ) : (
        <DataTable label="Voci del registro attività" columns={columns} rows={records} rowKey={(record) => String(record.id)} rowProps={(record) => ({ "data-audit-id": String(record.id) })} />
      )}

      {newer !== null || older !== null ? (
        <nav aria-label="Pagine del registro" className="mt-8 flex flex-wrap items-center justify-center gap-2">
          {newer !== null ? (
            <>
              <PlainLink to={`/admin/registro${params.size ? `?${params.toString()}` : ""}`} className="btn-secondary">
                ⇤ Più recenti
              </PlainLink>
              <PlainLink to={pageHref("after", newer)} className="btn-secondary" rel="prev">
                ← Precedenti
              </PlainLink>
            </>
          ) : null}
          {older !== null ? (
            <PlainLink to={pageHref("before", older)} className="btn-secondary" rel="next">
              Successive →
            </PlainLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
