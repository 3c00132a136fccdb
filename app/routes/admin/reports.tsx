import { ExternalLink } from "lucide";
import { useState } from "react";
import { data, useFetcher, useNavigate } from "react-router";
import type { Route } from "./+types/reports";
import { adminActor } from "~/admin/gate.server";
import { ConfirmDialog, Dialog } from "~/components/admin/dialog";
import { SuspendListingDialog } from "~/components/admin/suspend-listing-dialog";
import { useHydrated } from "~/components/use-hydrated";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { REPORT_STATUSES } from "~/lib/enums";
import { refusal } from "~/lib/action-answer.server";
import { readQuery } from "~/lib/form.server";
import { formatDateTimeLong, formatNumber } from "~/lib/format";
import { listPage } from "~/lib/paging";
import { suspendListing } from "~/listings/moderation.server";
import { ADMIN_NOTES_MAX_LENGTH, REPORT_MODERATION_MESSAGES as M, reportListQuerySchema, type ReportStatus } from "~/listings/moderation-validation";
import { AUTOMATIC_ORIGIN_NOTICE } from "~/listings/moderation-validation";
import { deleteReport, getReport, getReportComparison, listReports, updateReport, type ReportComparison, type ReportDetail } from "~/listings/report-moderation.server";
import { ReportComparisonView } from "~/components/admin/report-comparison";
import { adminFormAction } from "~/admin/admin-form.server";
import { backToListAfterDelete } from "~/admin/back-to-list.server";
import { countScamMessages } from "~/messages/moderation.server";
import { BulkBar, useBulkSelection } from "~/components/admin/bulk-actions";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { StatusBanner, statusOfAnswer } from "~/components/admin/kit/status-banner";

// /admin/reports — the listings' reports: counters, filter by status, 20 a page, newest first; the
// report of `?id=` in the detail modal (so it survives a reload and works without JavaScript), where
// the admin sets its status with notes, deletes it, or suspends the reported listing (decision 0050).
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = reportListQuerySchema.parse(Object.fromEntries(readQuery(request)));
  const [result, scam] = await Promise.all([listReports(admin, query), countScamMessages(admin)]);
  const page = listPage(url, result);
  const opened = query.id !== undefined ? await getReport(admin, query.id) : null;
  const compared = opened?.ok ? await getReportComparison(admin, opened.report.id) : null;
  const loaded = {
    ...page,
    selected: opened?.ok ? opened.report : null,
    comparison: compared?.ok ? compared.comparison : null,
    notFound: opened !== null && !opened.ok,
    deleted: readQuery(request).has("deleted"),
    scamMessages: scam.ok ? { count: scam.count, days: scam.days } : null,
  };
  return opened && !opened.ok ? data(loaded, { status: opened.status }) : loaded;
}

export function action(args: Route.ActionArgs) {
  return adminFormAction(args, async (actor, fields) => {
    const { intent, id = "", status = "", adminNotes, listingId = "", rule, reason } = fields;
    const result =
      intent === "update"
        ? await updateReport(actor, id, { status: status as never, adminNotes })
        : intent === "delete"
          ? await deleteReport(actor, id)
          : intent === "suspend"
            ? await suspendListing(actor, listingId, { rule, reason })
            : null;
    if (!result) return data({ ok: false as const, error: M.invalidAction }, { status: 400 });
    if (!result.ok) return refusal(result);
    // After a delete the modal has nothing to show: back to the list, with its filter and page.
    if (intent === "delete") backToListAfterDelete("/admin/reports", fields.back);
    return { ok: true as const, message: result.message };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Segnalazioni — Zampa Admin" }, { name: "robots", content: "noindex" }];

// Colours with AA contrast for small bold text.
const STATUS_COLOURS: Record<ReportStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  reviewed: "bg-sky-100 text-sky-900",
  resolved: "bg-green-100 text-green-900",
  dismissed: "bg-stone-200 text-stone-900",
};

function StatusBadge({ status }: { status: ReportStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status]}`}>{REPORT_STATUSES.labels[status]}</span>;
}

const COUNTERS: { key: "total" | ReportStatus; label: string }[] = [
  { key: "total", label: "Totali" },
  { key: "pending", label: "In attesa" },
  { key: "reviewed", label: "Revisionate" },
  { key: "resolved", label: "Risolte" },
  { key: "dismissed", label: "Respinte" },
];

function ListingLink({ listing }: { listing: ReportDetail["listing"] }) {
  if (!listing) return <span className="text-stone-600 italic">{M.listingGone}</span>;
  return (
    <a href={`/pet-listing/${listing.id}`} target="_blank" rel="noopener" className="font-semibold break-words text-brand-800 underline">
      {listing.title}
      <Icon node={ExternalLink} aria-hidden size={14} className="ml-1 inline" />
      <span className="sr-only"> (si apre in una nuova scheda)</span>
    </a>
  );
}

/** What a report is about: its listing, or for a conversation the link to read it (decision 0091). */
function Subject({ report }: { report: Pick<ReportDetail, "id" | "subject" | "subjectLabel" | "conversationId" | "listing"> }) {
  if (report.subject !== "conversation") return <ListingLink listing={report.listing} />;
  return (
    <span className="block">
      <span className="font-semibold text-stone-900">{report.subjectLabel}</span>
      {report.listing ? <span className="block break-words text-stone-700">{report.listing.title}</span> : null}
      {report.conversationId ? (
        <PlainLink to={`/admin/reports/${report.id}/conversazione`} className="block text-brand-800 underline">
          Apri la conversazione
        </PlainLink>
      ) : (
        <span className="block text-stone-600 italic">Conversazione eliminata</span>
      )}
    </span>
  );
}

function ReportModal({ report, comparison, listHref }: { report: ReportDetail; comparison: ReportComparison | null; listHref: string }) {
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const close = () => void navigate(listHref, { preventScrollReset: true });
  const term = "font-medium text-stone-700";
  // The confirmation and the suspension are siblings of the modal, not inside it: a nested
  // <dialog>'s close event would reach the modal's onClose through React's tree and close it too.
  return (
    <>
      <Dialog open title="Dettaglio segnalazione" onClose={close}>
        <dl className="grid gap-x-3 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className={term}>Oggetto</dt>
          <dd>{report.subjectLabel}</dd>
          <dt className={term}>{report.subject === "conversation" ? "Conversazione" : "Annuncio"}</dt>
          <dd>
            <Subject report={report} />
            {report.listing && report.subject !== "conversation" ? <span className="ml-2 text-stone-600">({report.listing.statusLabel})</span> : null}
          </dd>
          <dt className={term}>Motivo</dt>
          <dd>{report.reasonLabel}</dd>
          <dt className={term}>Descrizione</dt>
          <dd className="break-words whitespace-pre-line text-stone-900">{report.description}</dd>
          <dt className={term}>Segnalato da</dt>
          <dd className="break-words">
            {report.reporterName} &lt;{report.reporterEmail}&gt;
          </dd>
          <dt className={term}>Data</dt>
          <dd>{formatDateTimeLong(report.createdAt)}</dd>
          <dt className={term}>Stato</dt>
          <dd>
            <StatusBadge status={report.status} />
          </dd>
          <dt className={term}>Note precedenti</dt>
          <dd className="break-words whitespace-pre-line text-stone-900">{report.adminNotes ?? <span className="text-stone-600">Nessuna nota</span>}</dd>
        </dl>
        {comparison ? <ReportComparisonView comparison={comparison} /> : null}
        <fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={report.id} />
          <label htmlFor="admin-notes" className="field-label">
            Note dell'amministratore
          </label>
          <textarea id="admin-notes" name="adminNotes" rows={4} maxLength={ADMIN_NOTES_MAX_LENGTH} defaultValue={report.adminNotes ?? ""} className="field-input" />
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="submit" name="status" value="reviewed" className="btn-secondary" disabled={busy}>
              Segna come revisionata
            </button>
            <button type="submit" name="status" value="resolved" className="btn-primary" disabled={busy}>
              Segna come risolta
            </button>
            <button type="submit" name="status" value="dismissed" className="btn-secondary" disabled={busy}>
              Respingi
            </button>
          </div>
        </fetcher.Form>
        <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
          {/* A conversation's report is about a person, not the listing (often the victim's own). */}
          {report.listing?.status === "active" && report.subject !== "conversation" ? (
            <button type="button" className="btn-secondary text-red-800" disabled={busy || !hydrated} onClick={() => setSuspending(true)}>
              Sospendi annuncio
            </button>
          ) : null}
          <button type="button" className="btn-secondary text-red-800" disabled={busy || !hydrated} onClick={() => setConfirmingDelete(true)}>
            Elimina
          </button>
          <button type="button" className="btn-secondary ml-auto" onClick={close}>
            Chiudi
          </button>
        </div>
        <StatusBanner status={statusOfAnswer(result, { busy })} className="mt-3" />
      </Dialog>
      <SuspendListingDialog listing={suspending ? report.listing : null} fetcher={fetcher as never} onClose={() => setSuspending(false)} />
      <ConfirmDialog
        open={confirmingDelete}
        question={M.deleteQuestion}
        confirmLabel="Elimina"
        destructive
        busy={busy}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          void fetcher.submit({ intent: "delete", id: report.id, back: listHref }, { method: "post" });
        }}
      />
    </>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { reports, counters, status, origin, page, pageCount, selected, comparison, notFound, deleted, scamMessages } = loaderData;
  const search = new URLSearchParams();
  if (status) search.set("status", status);
  // The to-do "annunci segnalati dai controlli" (decision 0111): kept by the pages and the status filter.
  if (origin) search.set("origin", origin);
  const listSearch = new URLSearchParams(search);
  if (page > 1) listSearch.set("page", String(page));
  const listHref = `/admin/reports${listSearch.size ? `?${listSearch}` : ""}`;
  const hrefFor = (id: string) => {
    const params = new URLSearchParams(listSearch);
    params.set("id", id);
    return `/admin/reports?${params}`;
  };
  const selection = useBulkSelection(listSearch.toString());
  const filterHref = (value: ReportStatus | null) => {
    const params = new URLSearchParams(value ? { status: value } : {});
    if (origin) params.set("origin", origin);
    return `/admin/reports${params.size ? `?${params}` : ""}`;
  };
  const columns: Column<(typeof reports)[number]>[] = [
    { id: "date", header: "Data", cell: (row) => formatDateTimeLong(row.createdAt) },
    { id: "subject", header: "Oggetto", cell: (row) => <Subject report={row} /> },
    { id: "reason", header: "Motivo", cell: (row) => row.reasonLabel },
    {
      id: "reporter",
      header: "Segnalato da",
      cell: (row) => (
        <>
          <span className="break-words">{row.reporterName}</span>
          <span className="block break-all text-stone-600">{row.reporterEmail}</span>
        </>
      ),
    },
    { id: "status", header: "Stato", cell: (row) => <StatusBadge status={row.status} /> },
  ];
  const filters: { value: ReportStatus | null; label: string }[] = [{ value: null, label: "Tutte" }, ...REPORT_STATUSES.values.map((value) => ({ value, label: REPORT_STATUSES.labels[value] }))];

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-stone-900">Segnalazioni</h1>
      {scamMessages ? (
        <p className="mt-2 text-sm text-stone-700" data-scam-messages={scamMessages.count}>
          Messaggi privati con segnali di truffa negli ultimi {scamMessages.days} giorni: <strong className="text-stone-900">{formatNumber(scamMessages.count)}</strong>
        </p>
      ) : null}

      <ul aria-label="Contatori delle segnalazioni" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {COUNTERS.map(({ key, label }) => (
          <li key={key} className="rounded-2xl border border-stone-200 bg-white p-4">
            <span className="block text-sm text-stone-700">{label}</span>
            <span className="block text-2xl font-bold text-stone-900" data-counter={key}>
              {formatNumber(counters[key])}
            </span>
          </li>
        ))}
      </ul>

      <nav aria-label="Filtra per stato" className="mt-6 flex flex-wrap gap-2">
        {filters.map(({ value, label }) => {
          const current = value === status;
          return (
            <PlainLink
              key={label}
              to={filterHref(value)}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-4 py-2 text-sm font-medium ${current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
            >
              {label}
            </PlainLink>
          );
        })}
      </nav>

      {origin ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-origin-filter>
          {AUTOMATIC_ORIGIN_NOTICE}
          <PlainLink to={status ? `/admin/reports?status=${status}` : "/admin/reports"} className="font-semibold underline">
            Mostra tutte le segnalazioni
          </PlainLink>
        </p>
      ) : null}

      <StatusBanner status={deleted ? { kind: "success", text: M.deleted, key: 0 } : null} />

      <BulkBar area="reports" selection={selection} pageKeys={reports.map((row) => row.id)} total={loaderData.matching} filterQuery={search.toString()} />

      {reports.length === 0 ? (
        <EmptyState title={M.empty}>
          {status || origin ? (
            <PlainLink to="/admin/reports" className="btn-secondary">
              Mostra tutte le segnalazioni
            </PlainLink>
          ) : null}
        </EmptyState>
      ) : (
        <DataTable
          label="Elenco delle segnalazioni"
          columns={columns}
          rows={reports}
          rowKey={(row) => row.id}
          selection={{
            selected: selection.selected,
            onToggle: selection.onToggle,
            onToggleAll: selection.onToggleAll,
            rowLabel: (row) => `la segnalazione di ${row.reporterName} del ${formatDateTimeLong(row.createdAt)}`,
          }}
          actions={(row) => (
            <PlainLink
              to={hrefFor(row.id)}
              className="btn-secondary"
              aria-label={`Gestisci la segnalazione di ${row.reporterName} del ${formatDateTimeLong(row.createdAt)} (${row.reasonLabel})`}
            >
              Gestisci
            </PlainLink>
          )}
        />
      )}

      <Pagination page={page} pageCount={pageCount} search={search} label="Pagine delle segnalazioni" />

      {selected ? <ReportModal key={selected.id} report={selected} comparison={comparison} listHref={listHref} /> : null}
      {notFound ? (
        <div role="alert" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5">
          <h2 className="text-xl font-bold text-stone-900">{M.notFound}</h2>
          <p className="mt-1 text-stone-700">{M.notFoundDetail}</p>
        </div>
      ) : null}
    </div>
  );
}
