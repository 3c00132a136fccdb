import { ExternalLink } from "lucide";
import { useState } from "react";
import { data, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/pet-listings";
import { adminActor } from "~/admin/gate.server";
import { BulkBar, useBulkSelection } from "~/components/admin/bulk-actions";
import { ConfirmDialog } from "~/components/admin/dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { StatusBanner, statusOfAnswer } from "~/components/admin/kit/status-banner";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { RowActions, rowActionClass } from "~/components/admin/kit/row-actions";
import { SuspendListingDialog } from "~/components/admin/suspend-listing-dialog";
import { useHydrated } from "~/components/use-hydrated";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { LISTING_STATUSES } from "~/lib/enums";
import { actionAnswer } from "~/lib/action-answer.server";
import { readQuery } from "~/lib/form.server";
import { formatDateLong, formatDateTimeLong, formatNumber } from "~/lib/format";
import { listPage } from "~/lib/paging";
import { decideAppeal } from "~/listings/appeals.server";
import { deleteListing, listListingsForModeration, reactivateListing, suspendListing, type ModerationListing } from "~/listings/moderation.server";
import {
  APPEAL_NOTE_MAX_LENGTH,
  LISTING_COUNT_CAP,
  LISTING_MODERATION_MESSAGES as M,
  listingModerationQuerySchema,
  MODERATION_SEARCH_MAX_LENGTH,
} from "~/listings/moderation-validation";
import type { ListingStatus } from "~/listings/visibility";
import { adminFormAction } from "~/admin/admin-form.server";

// /admin/pet-listings — every listing, searched and filtered in SQL, 20 a page; suspend an active
// one (with the rule broken and a reason for its owner), reactivate a suspended one, delete any
// (decision 0050). A suspended listing shows its statement of reasons and its owner's appeal, which
// an admin decides here; "Contestazioni" lists the appeals waiting (decision 0087).
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = listingModerationQuerySchema.parse(Object.fromEntries(readQuery(request)));
  return listPage(url, await listListingsForModeration(admin, query));
}

export function action(args: Route.ActionArgs) {
  return adminFormAction(args, async (actor, fields) => {
    const { intent, listingId = "", rule, reason, appealId = "", decision, note } = fields;
    const result =
      intent === "suspend"
        ? await suspendListing(actor, listingId, { rule, reason })
        : intent === "reactivate"
          ? await reactivateListing(actor, listingId)
          : intent === "delete"
            ? await deleteListing(actor, listingId)
            : intent === "decide-appeal"
              ? await decideAppeal(actor, appealId, { decision, note })
              : null;
    if (!result) return data({ ok: false as const, error: M.invalidAction }, { status: 400 });
    return actionAnswer(result);
  });
}

/**
 * A refused suspend, reactivate or appeal decision (409: another admin, or the owner, changed the
 * listing since the page was read) reloads the list too, so that the row shows the listing's status and actions as
 * they now are; other refusals leave the page as it is, React Router's default.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: "Annunci — Zampa Admin" }, { name: "robots", content: "noindex" }];

// Colours with AA contrast for small bold text.
const STATUS_COLOURS: Record<ListingStatus, string> = {
  active: "bg-green-100 text-green-900",
  suspended: "bg-red-100 text-red-900",
  closed: "bg-stone-200 text-stone-900",
  withheld: "bg-amber-100 text-amber-900",
};

/** A suspended listing's statement of reasons and its owner's appeal, decided here once. */
function SuspensionDetails({ listing, fetcher, busy }: { listing: ModerationListing; fetcher: ReturnType<typeof useFetcher<typeof action>>; busy: boolean }) {
  const { suspension, appeal } = listing;
  if (!suspension) return null;
  const noteId = `appeal-note-${listing.id}`;
  const term = "font-medium text-stone-700";
  return (
    <section aria-label={`Sospensione di «${listing.title}»`} className="text-sm">
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className={term}>Regola violata</dt>
        <dd>{suspension.ruleLabel}</dd>
        <dt className={term}>Motivo</dt>
        <dd className="break-words whitespace-pre-line">{suspension.reason ?? <span className="text-stone-600">Nessun motivo scritto</span>}</dd>
        {suspension.suspendedAt ? (
          <>
            <dt className={term}>Sospeso il</dt>
            <dd>{formatDateTimeLong(suspension.suspendedAt)}</dd>
          </>
        ) : null}
        <dt className={term}>Contestazione</dt>
        <dd>
          {appeal ? (
            <>
              <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${appeal.status === "pending" ? "bg-amber-100 text-amber-900" : "bg-stone-200 text-stone-900"}`}>
                {appeal.statusLabel}
              </span>{" "}
              <span className="text-stone-600">del {formatDateTimeLong(appeal.createdAt)}</span>
              <blockquote className="mt-1 border-l-4 border-stone-300 pl-3 break-words whitespace-pre-line text-stone-900">{appeal.text}</blockquote>
              {appeal.adminNote ? <p className="mt-1 break-words whitespace-pre-line text-stone-700">Nota: {appeal.adminNote}</p> : null}
            </>
          ) : (
            <span className="text-stone-600">Nessuna contestazione</span>
          )}
        </dd>
      </dl>
      {appeal?.status === "pending" ? (
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="decide-appeal" />
          <input type="hidden" name="appealId" value={appeal.id} />
          <label htmlFor={noteId} className="field-label">
            Nota per il proprietario (facoltativa)
          </label>
          <textarea id={noteId} name="note" rows={3} maxLength={APPEAL_NOTE_MAX_LENGTH} className="field-input" />
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="submit" name="decision" value="reverse" className="btn-primary" disabled={busy}>
              Riattiva l'annuncio
            </button>
            <button type="submit" name="decision" value="uphold" className="btn-secondary text-red-800" disabled={busy}>
              Conferma la sospensione
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </section>
  );
}

export default function AdminPetListings({ loaderData }: Route.ComponentProps) {
  const { listings, matching, capped, page, pageCount, q, status, appeals, pendingAppeals } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const [suspending, setSuspending] = useState<ModerationListing | null>(null);
  const [deleting, setDeleting] = useState<ModerationListing | null>(null);
  const busy = fetcher.state !== "idle";
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (status) search.set("status", status);
  if (appeals) search.set("appeals", "pending");
  const filtered = q !== "" || status !== null || appeals;
  const selection = useBulkSelection(`${search}|${page}`);
  const columns: Column<ModerationListing>[] = [
    {
      id: "title",
      header: "Titolo",
      labelOnCards: false,
      cell: (row) => (
        <a href={`/pet-listing/${row.id}`} target="_blank" rel="noopener" className="font-semibold break-words text-brand-800 underline">
          {row.title}
          <Icon node={ExternalLink} aria-hidden size={14} className="ml-1 inline" />
          <span className="sr-only"> (si apre in una nuova scheda)</span>
        </a>
      ),
    },
    {
      id: "pet",
      header: "Animale e tipo",
      cell: (row) => (
        <>
          {row.petTypeLabel} · {row.listingTypeLabel}
          {row.identificationCode ? <span className="block break-all text-stone-600">Codice {row.identificationCode}</span> : null}
        </>
      ),
    },
    { id: "place", header: "Località", className: "break-words", cell: (row) => `${row.city} (${row.region})` },
    {
      id: "contact",
      header: "Contatto",
      cell: (row) => (
        <>
          <span className="break-words">{row.contactName}</span>
          <span className="block break-all text-stone-600">{row.contactEmail}</span>
        </>
      ),
    },
    { id: "status", header: "Stato", cell: (row) => <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[row.status]}`}>{row.statusLabel}</span> },
    { id: "created", header: "Creato il", cell: (row) => formatDateLong(row.createdAt) },
  ];
  const count = capped ? `oltre ${formatNumber(LISTING_COUNT_CAP)} annunci` : matching === 1 ? "1 annuncio" : `${formatNumber(matching)} annunci`;

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-stone-900">Annunci</h1>

      <ListFilters label="Cerca e filtra gli annunci" filtered={filtered}>
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="listings-q" className="field-label">
            Cerca per titolo, città, email o codice identificativo
          </label>
          <input id="listings-q" name="q" type="search" defaultValue={q} maxLength={MODERATION_SEARCH_MAX_LENGTH} className="field-input" />
        </div>
        <div>
          <label htmlFor="listings-status" className="field-label">
            Stato
          </label>
          <select id="listings-status" name="status" defaultValue={status ?? ""} className="field-input">
            <option value="">Tutti</option>
            <EnumOptions values={LISTING_STATUSES.values} labels={LISTING_STATUSES.labels} />
          </select>
        </div>
        {appeals ? <input type="hidden" name="appeals" value="pending" /> : null}
      </ListFilters>

      <nav aria-label="Contestazioni" className="mt-4 flex flex-wrap gap-2">
        <PlainLink
          to={appeals ? "/admin/pet-listings" : "/admin/pet-listings?appeals=pending"}
          aria-current={appeals ? "page" : undefined}
          className={`rounded-full border px-4 py-2 text-sm font-medium ${appeals ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
        >
          Contestazioni{" "}
          <span className={`ml-1 inline-block rounded-full px-2 text-xs font-semibold ${pendingAppeals > 0 ? "bg-amber-100 text-amber-900" : "bg-stone-200 text-stone-900"}`}>
            {formatNumber(pendingAppeals)}
            <span className="sr-only"> in attesa di decisione</span>
          </span>
        </PlainLink>
      </nav>

      <StatusBanner status={statusOfAnswer(fetcher.data, { busy })} />
      <p className="mt-1 text-sm text-stone-700">
        {count}
        {filtered ? (matching === 1 && !capped ? " trovato" : " trovati") : ""}
      </p>

      <BulkBar area="listings" selection={selection} pageKeys={listings.map((row) => row.id)} total={matching} capped={capped} filterQuery={search.toString()} />

      {listings.length === 0 ? (
        <EmptyState title={M.empty}>
          {filtered ? (
            <PlainLink to="/admin/pet-listings" className="btn-secondary">
              Mostra tutti gli annunci
            </PlainLink>
          ) : null}
        </EmptyState>
      ) : (
        <DataTable
          label="Elenco degli annunci"
          columns={columns}
          rows={listings}
          rowKey={(row) => row.id}
          selection={{ selected: selection.selected, onToggle: selection.onToggle, onToggleAll: selection.onToggleAll, rowLabel: (row) => row.title }}
          detail={(row) => (row.suspension ? <SuspensionDetails listing={row} fetcher={fetcher} busy={busy} /> : null)}
          actions={(row) => (
            <RowActions label={`«${row.title}»`}>
              {row.status === "active" ? (
                <button type="button" className={rowActionClass} disabled={busy || !hydrated} onClick={() => setSuspending(row)} aria-label={`Sospendi «${row.title}»`}>
                  Sospendi
                </button>
              ) : row.status === "suspended" ? (
                <fetcher.Form method="post">
                  <input type="hidden" name="listingId" value={row.id} />
                  <button type="submit" name="intent" value="reactivate" className={rowActionClass} disabled={busy} aria-label={`Riattiva «${row.title}»`}>
                    Riattiva
                  </button>
                </fetcher.Form>
              ) : null}
              <button type="button" className={`${rowActionClass} text-red-800`} disabled={busy || !hydrated} onClick={() => setDeleting(row)} aria-label={`Elimina «${row.title}»`}>
                Elimina
              </button>
            </RowActions>
          )}
        />
      )}

      <Pagination page={page} pageCount={pageCount} search={search} label="Pagine degli annunci" />

      <SuspendListingDialog listing={suspending} fetcher={fetcher as never} onClose={() => setSuspending(null)} />
      <ConfirmDialog
        open={deleting !== null}
        question={deleting ? `Vuoi eliminare l'annuncio «${deleting.title}» e le sue foto? L'operazione non si può annullare.` : ""}
        confirmLabel="Elimina"
        destructive
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void fetcher.submit({ intent: "delete", listingId: deleting.id }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}
