import { Check, X } from "lucide";
import { Icon } from "~/components/icon";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/contest-submissions";
import { adminActor } from "~/admin/gate.server";
import { refuseNonAdmin } from "~/admin/access.server";
import { approveSubmission, listSubmissionsForModeration, rejectSubmission, type ModerationEntry, type ModerationPage } from "~/contests/moderation.server";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { SUBMISSION_STATUSES } from "~/lib/enums";
import { formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { CONTEST_MESSAGES as M } from "~/contests/validation";
import { SubmissionStatusBadge } from "~/components/contests/submission-status";
import { formatDateLong } from "~/lib/format";
import { thumbnailUrl } from "~/lib/images";
import { voteCount } from "~/components/contests/vote-count";
import { readAdminForm } from "~/admin/admin-form.server";

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
    const refused = refuseNonAdmin(actor);
    return data({ ok: false as const, id, error: refused?.error ?? M.moderationError }, { status: refused?.status ?? 400 });
  }
  if (!result.ok) return data({ ok: false as const, id, error: result.error }, { status: result.status });
  return { ok: true as const, id, message: result.message };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Partecipazioni: ${loaded?.page?.contest.title ?? "concorso"} — Zampa Admin` },
  { name: "robots", content: "noindex" },
];

function Decision({ entry }: { entry: ModerationEntry }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={entry.id} />
      {entry.status !== "approved" ? (
        <button type="submit" name="intent" value="approve" className="btn-primary" disabled={busy} aria-label={`Approva «${entry.title}»`}>
          <Icon node={Check} aria-hidden size={18} /> Approva
        </button>
      ) : null}
      {entry.status !== "rejected" ? (
        <button type="submit" name="intent" value="reject" className="btn-secondary text-red-800" disabled={busy} aria-label={`Rifiuta «${entry.title}»`}>
          <Icon node={X} aria-hidden size={18} /> Rifiuta
        </button>
      ) : null}
      <p aria-live="polite" className="w-full text-sm">
        {result && !busy ? <span className={result.ok ? "text-green-800" : "text-red-800"}>{result.ok ? result.message : result.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}

/** The status filters with their counts ("Tutte" first). */
function StatusFilters({ page }: { page: ModerationPage }) {
  const base = `/admin/contests/${page.contest.id}/submissions`;
  const filters = [
    { value: null, label: "Tutte", n: page.counts.all },
    ...SUBMISSION_STATUSES.values.map((value) => ({ value, label: SUBMISSION_STATUSES.labels[value], n: page.counts[value] })),
  ];
  return (
    <nav aria-label="Filtra per stato" className="mt-6 flex flex-wrap gap-2">
      {filters.map(({ value, label, n }) => {
        const current = value === page.status;
        return (
          <PlainLink
            key={label}
            to={value ? `${base}?status=${value}` : base}
            aria-current={current ? "page" : undefined}
            className={`rounded-full border px-4 py-2 text-sm font-medium ${current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
          >
            {label} ({formatNumber(n)})
          </PlainLink>
        );
      })}
    </nav>
  );
}

export default function ContestSubmissions({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const location = useLocation();
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
  return (
    <>
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
      <StatusFilters page={page} />
      {submissions.length === 0 ? (
        <p className="mt-6 text-stone-700">
          {page.status ? "Nessuna partecipazione in questo stato." : "Nessuna partecipazione per questo concorso."}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {submissions.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row">
              <a href={entry.imageUrl} target="_blank" rel="noopener" className="shrink-0">
                <img src={thumbnailUrl(entry.imageUrl)} alt={`Foto «${entry.title}»`} width={400} height={300} className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover sm:w-48" />
              </a>
              <div className="flex flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-bold text-stone-900">{entry.title}</h2>
                  <SubmissionStatusBadge status={entry.status} />
                </div>
                <p className="text-sm text-stone-700">
                  {entry.petName} · {entry.petTypeLabel} · {voteCount(entry.votes)} · inviata il {formatDateLong(entry.createdAt)}
                </p>
                <p className="text-sm text-stone-700">
                  Di {entry.author.fullName} ·{" "}
                  <a href={`mailto:${entry.author.email}`} className="underline">
                    {entry.author.email}
                  </a>
                </p>
                {entry.description ? <p className="text-sm text-stone-800">{entry.description}</p> : null}
                <div className="mt-2">
                  <Decision entry={entry} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} search={new URLSearchParams(location.search)} label="Pagine delle partecipazioni" />
    </>
  );
}
