import { Check, X } from "lucide";
import { useRef } from "react";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/contest-submissions";
import { refuseWithout } from "~/admin/access.server";
import { readAdminForm } from "~/admin/admin-form.server";
import { adminActor } from "~/admin/gate.server";
import { BulkBar, useBulkSelection } from "~/components/admin/bulk-actions";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { RowActions, rowActionClass } from "~/components/admin/kit/row-actions";
import { StatusBanner, useActionStatus } from "~/components/admin/kit/status-banner";
import { SubmissionStatusBadge } from "~/components/contests/submission-status";
import { voteCount } from "~/components/contests/vote-count";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { approveSubmission, listSubmissionsForModeration, rejectSubmission, type ModerationEntry, type ModerationPage } from "~/contests/moderation.server";
import { CONTEST_MESSAGES as M } from "~/contests/validation";
import { SUBMISSION_STATUSES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";
import { formatDateLong, formatNumber } from "~/lib/format";
import { thumbnailUrl } from "~/lib/images";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
// /admin/contests/{id}/submissions — the moderation of a contest's entries, 20 a page, filtered by
// status. The admin layout's gate guards the page and its actions; the moderation module checks the
// role again for every action.
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const result = await listSubmissionsForModeration(admin, params.id, { status: query.get("status"), page: pageParam(query) });
  if (!result.ok) return data({ page: null, error: result.error }, { status: result.status });
  redirectPastLastPage(url, result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  return { page, error: null };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor } = read;
  const { id = "", intent } = read.fields;
  const result = intent === "approve" ? await approveSubmission(actor, id) : intent === "reject" ? await rejectSubmission(actor, id) : null;
  if (!result) {
    // An unknown intent: a non-admin is refused as for the known ones.
    const refused = refuseWithout(actor, "contests.manage");
    return data({ ok: false as const, id, error: refused?.error ?? M.moderationError }, { status: refused?.status ?? 400 });
  }
  if (!result.ok) return data({ ok: false as const, id, error: result.error }, { status: result.status });
  return { ok: true as const, id, message: result.message };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Partecipazioni: ${loaded?.page?.contest.title ?? "concorso"} — Zampa Admin` },
  { name: "robots", content: "noindex" },
];

type Fetcher = ReturnType<typeof useFetcher<typeof action>>;

/** An entry's decisions, in its row's menu: the page's fetcher sends them, the page's banner answers. */
function Decision({ entry, fetcher }: { entry: ModerationEntry; fetcher: Fetcher }) {
  const busy = fetcher.state !== "idle";
  return (
    <RowActions label={`«${entry.title}»`}>
      <fetcher.Form method="post" className="contents">
        <input type="hidden" name="id" value={entry.id} />
        {entry.status !== "approved" ? (
          <button type="submit" name="intent" value="approve" className={rowActionClass} disabled={busy} aria-label={`Approva «${entry.title}»`}>
            <Icon node={Check} aria-hidden size={16} /> Approva
          </button>
        ) : null}
        {entry.status !== "rejected" ? (
          <button type="submit" name="intent" value="reject" className={`${rowActionClass} text-red-800`} disabled={busy} aria-label={`Rifiuta «${entry.title}»`}>
            <Icon node={X} aria-hidden size={16} /> Rifiuta
          </button>
        ) : null}
      </fetcher.Form>
    </RowActions>
  );
}

/** The status filter, with each status's count ("Tutte" first). */
function StatusFilter({ page }: { page: ModerationPage }) {
  return (
    <ListFilters label="Filtra le partecipazioni" filtered={page.status !== null} submitLabel="Filtra">
      <div>
        <label htmlFor="submissions-status" className="field-label">
          Stato
        </label>
        <select id="submissions-status" name="status" defaultValue={page.status ?? ""} className="field-input">
          <option value="">Tutte ({formatNumber(page.counts.all)})</option>
          {SUBMISSION_STATUSES.values.map((value) => (
            <option key={value} value={value}>
              {SUBMISSION_STATUSES.labels[value]} ({formatNumber(page.counts[value])})
            </option>
          ))}
        </select>
      </div>
    </ListFilters>
  );
}

const columns: Column<ModerationEntry>[] = [
  {
    id: "photo",
    header: "Foto",
    labelOnCards: false,
    cell: (entry) => (
      <a href={entry.imageUrl} target="_blank" rel="noopener" className="block">
        <img
          src={thumbnailUrl(entry.imageUrl)}
          alt={`Foto «${entry.title}»`}
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover sm:w-48 md:w-40"
        />
        <span className="sr-only"> (si apre in una nuova scheda)</span>
      </a>
    ),
  },
  {
    id: "entry",
    header: "Partecipazione",
    labelOnCards: false,
    className: "md:min-w-56",
    cell: (entry) => (
      <>
        <span className="block font-semibold break-words text-stone-900">{entry.title}</span>
        <span className="mt-1 block text-sm break-words text-stone-700">
          {entry.petName} · {entry.petTypeLabel} · {voteCount(entry.votes)}
        </span>
        {entry.description ? <span className="mt-1 block text-sm break-words text-stone-800">{entry.description}</span> : null}
      </>
    ),
  },
  {
    id: "author",
    header: "Autore",
    className: "md:max-w-56",
    cell: (entry) => (
      <>
        <span className="break-words">{entry.author.fullName}</span>
        <a href={`mailto:${entry.author.email}`} className="block break-all text-stone-700 underline">
          {entry.author.email}
        </a>
      </>
    ),
  },
  { id: "created", header: "Inviata il", className: "md:whitespace-nowrap", cell: (entry) => formatDateLong(entry.createdAt) },
  { id: "status", header: "Stato", cell: (entry) => <SubmissionStatusBadge status={entry.status} /> },
];

export default function ContestSubmissions({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<typeof action>();
  const bannerRef = useRef<HTMLDivElement>(null);
  const banner = useActionStatus(fetcher, { focusRef: bannerRef });
  const selection = useBulkSelection();
  if (!page) {
    return (
      <>
        <h1 className="text-2xl font-bold text-stone-900">{error}</h1>
        <p className="mt-2">
          <Link to="/admin/contests" className="text-brand-800 underline">
            Torna ai concorsi
          </Link>
        </p>
      </>
    );
  }
  const { contest, submissions } = page;
  const base = `/admin/contests/${contest.id}/submissions`;
  const matching = page.status ? page.counts[page.status] : page.counts.all;
  return (
    <div className="mx-auto max-w-6xl">
      <nav aria-label="Percorso" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-stone-700">
          <li>
            <Link to="/admin/contests" className="text-brand-800 underline">
              Concorsi
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li aria-current="page" className="min-w-0 break-words">
            {contest.title}
          </li>
        </ol>
      </nav>
      <h1 className="mt-1 text-2xl font-bold text-stone-900">Partecipazioni: {contest.title}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {contest.statusLabel} · dal {formatDateLong(contest.startDate)} al {formatDateLong(contest.endDate)} ·{" "}
        <Link to={`/contests/${contest.id}`} className="underline">
          pagina pubblica
        </Link>
      </p>
      <StatusFilter page={page} />
      <StatusBanner status={banner} focusRef={bannerRef} />
      <p className="mt-3 text-sm text-stone-700" aria-live="polite">
        {matching === 1 ? "1 partecipazione" : `${formatNumber(matching)} partecipazioni`}
      </p>
      <BulkBar
        area="contests"
        selection={selection}
        pageKeys={submissions.map((entry) => entry.id)}
        total={matching}
        filterQuery={page.status ? `status=${page.status}` : ""}
        extraFilter={{ contest: contest.id }}
      />
      {submissions.length === 0 ? (
        <EmptyState title={page.status ? "Nessuna partecipazione in questo stato." : "Nessuna partecipazione per questo concorso."}>
          {page.status ? (
            <PlainLink to={base} className="btn-secondary">
              Mostra tutte le partecipazioni
            </PlainLink>
          ) : (
            <p>
              Le foto inviate dalla{" "}
              <Link to={`/contests/${contest.id}`} className="underline">
                pagina pubblica del concorso
              </Link>{" "}
              arriveranno qui per essere approvate.
            </p>
          )}
        </EmptyState>
      ) : (
        <DataTable
          label="Elenco delle partecipazioni"
          columns={columns}
          rows={submissions}
          rowKey={(entry) => entry.id}
          selection={{ selected: selection.selected, onToggle: selection.onToggle, onToggleAll: selection.onToggleAll, rowLabel: (entry) => entry.title }}
          rowProps={(entry) => ({ "data-submission-id": entry.id })}
          actions={(entry) => <Decision entry={entry} fetcher={fetcher} />}
        />
      )}
      <Pagination page={page.page} pageCount={page.pageCount} search={new URLSearchParams(location.search)} label="Pagine delle partecipazioni" />
    </div>
  );
}
