import { Gift, Heart, Trophy } from "lucide";
import { Icon } from "~/components/icon";
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, Link, useFetcher } from "react-router";
import type { Route } from "./+types/detail";
import { isEmailVerified } from "~/accounts/recovery.server";
import { RECOVERY_MESSAGES } from "~/accounts/recovery-messages";
import { getCurrentUser } from "~/accounts/session.server";
import { VerificationNotice } from "~/components/account/verification-banner";
import { withEntryForm } from "~/contests/form-data.server";
import { getContest, submitEntry, toggleVote, type ContestEntry } from "~/contests/contests.server";
import { CONTEST_LIMITS, CONTEST_MESSAGES as M, CONTEST_PET_TYPE_OPTIONS, CONTEST_PHOTO_FIELD } from "~/contests/validation";
import { MessagePanel } from "~/components/message-panel";
import { CONTEST_BODY_LIMIT, IMAGE_ACCEPT, IMAGE_MESSAGES } from "~/images/limits";
import { readForm } from "~/lib/form.server";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";
import { imageSources } from "~/lib/images";
import { pageMeta } from "~/lib/seo";
import { ContestPeriod, ContestPhaseBadge } from "~/components/contests/contest-phase";
import { voteCount } from "~/components/contests/vote-count";
import { Notice } from "~/components/notice";

/** One photo of up to 10 MB (the entry form posts here, as /contests/{id}.data with JavaScript on). */
// Votes and entries are limited apart (decision 0068); a refusal carries the `intent` its form reads.
export const handle = {
  bodyLimit: CONTEST_BODY_LIMIT,
  rateLimit: { post: "votes", multipart: "uploads", refusal: { votes: { intent: "vote" }, uploads: { intent: "enter" } } },
} satisfies RateLimitHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getCurrentUser(request);
  const detail = await getContest(params.id, viewer);
  if (!detail) return data({ detail: null, signedIn: Boolean(viewer), unverified: false }, { status: 404 });
  // Votes and entries count only from confirmed addresses (decision 0058): the page says so up front.
  const unverified = viewer !== null && detail.contest.inProgress && !(await isEmailVerified(viewer.id));
  return { detail, signedIn: Boolean(viewer), unverified };
}

// The page depends on the clock (in progress or not) and on the viewer (votes): never cached.
export const headers = () => ({ "cache-control": "no-cache" });

type ActionResult =
  | { intent: "vote"; ok: true; submissionId: string; voted: boolean; votes: number }
  | { intent: "vote" | "enter"; ok: false; submissionId?: string; error: string }
  | { intent: "enter"; ok: true; message: string; sentAt: number };

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getCurrentUser(request);
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    const result = await withEntryForm(request, (fields, files) => submitEntry(viewer, params.id, fields, files));
    if (!result.ok) return data<ActionResult>({ intent: "enter", ok: false, error: result.error }, { status: result.status });
    return data<ActionResult>({ intent: "enter", ok: true, message: result.message, sentAt: Date.now() }, { status: 201 });
  }
  const form = await readForm(request);
  if (!form.ok) return data<ActionResult>({ intent: "vote", ok: false, error: form.error }, { status: form.status });
  const submissionId = form.fields.submissionId ?? "";
  const result = await toggleVote(viewer, submissionId);
  if (!result.ok) return data<ActionResult>({ intent: "vote", ok: false, submissionId, error: result.error }, { status: result.status });
  return data<ActionResult>({ intent: "vote", ok: true, submissionId, voted: result.voted, votes: result.votes });
}

// With JavaScript the forms post through React Router's fetch, which turns the server's plain 413
// (a photo over the route's body limit, server/body-limits.ts) into a thrown error: it is shown in
// the entry form like the action's own refusals, instead of replacing the page.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 413) return { intent: "enter", ok: false, error: IMAGE_MESSAGES.requestTooLarge };
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => {
  const detail = args.data?.detail;
  if (!detail) return pageMeta(args, { title: M.notFound, noindex: true });
  return pageMeta(args, {
    title: detail.contest.title,
    description: detail.contest.description.replace(/\s+/g, " ").slice(0, 160),
    image: detail.entries[0]?.imageUrl,
  });
};

function VoteButton({ entry, voted, signedIn }: { entry: ContestEntry; voted: boolean; signedIn: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  // While the vote travels, the button shows what it will be; then the server's figures.
  const pending = fetcher.state !== "idle";
  const shownVoted = pending ? !voted : result?.intent === "vote" && result.ok ? result.voted : voted;
  const shownVotes = result?.intent === "vote" && result.ok && !pending ? result.votes : entry.votes;
  const error = result && !result.ok && !pending ? result.error : null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="submissionId" value={entry.id} />
      <p className="flex items-center gap-1 text-sm font-semibold text-stone-900" aria-live="polite">
        <Icon node={Heart} aria-hidden size={16} className="text-brand-700" /> {voteCount(shownVotes)}
      </p>
      {/* Shown to visitors too: the server answers them with the spec's sign-in message. */}
      <button
        type="submit"
        aria-pressed={signedIn ? shownVoted : undefined}
        aria-label={shownVoted ? `Togli il voto a ${entry.title}` : `Vota ${entry.title}`}
        className={shownVoted ? "btn-primary" : "btn-secondary"}
      >
        <Icon node={Heart} aria-hidden size={18} fill={shownVoted ? "currentColor" : "none"} /> {shownVoted ? "Votata" : "Vota"}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {error}{" "}
          {error === M.voteMustSignIn ? (
            <Link to="/login" className="font-semibold underline">
              Accedi
            </Link>
          ) : null}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function EntryForm({ remaining }: { remaining: number }) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "enter" ? fetcher.data : null;
  const sentAt = result?.ok ? result.sentAt : null;
  useEffect(() => {
    if (sentAt) formRef.current?.reset();
  }, [sentAt]);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="mt-4 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <p className="text-sm text-stone-700">
        Puoi inviare ancora {remaining} {remaining === 1 ? "foto" : "foto"}. Ogni foto viene controllata dalla redazione prima di essere pubblicata.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="entry-title" className="field-label">
            Titolo della foto *
          </label>
          <input id="entry-title" name="title" required maxLength={CONTEST_LIMITS.title} className="field-input" />
        </div>
        <div>
          <label htmlFor="entry-pet-name" className="field-label">
            Nome dell&apos;animale *
          </label>
          <input id="entry-pet-name" name="petName" required maxLength={CONTEST_LIMITS.petName} className="field-input" />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="entry-pet-type" className="field-label">
            Tipo di animale *
          </label>
          <select id="entry-pet-type" name="petType" required defaultValue="" className="field-input">
            <option value="" disabled>
              Scegli l&apos;animale
            </option>
            {CONTEST_PET_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="entry-photo" className="field-label">
            Foto *
          </label>
          <input id="entry-photo" name={CONTEST_PHOTO_FIELD} type="file" required accept={IMAGE_ACCEPT} className="field-input" aria-describedby="entry-photo-hint" />
          <p id="entry-photo-hint" className="mt-1 text-sm text-stone-600">
            JPG, PNG, WEBP o GIF, massimo 10 MB.
          </p>
        </div>
      </div>
      <div>
        <label htmlFor="entry-description" className="field-label">
          Descrizione (facoltativa)
        </label>
        <textarea id="entry-description" name="description" rows={3} maxLength={CONTEST_LIMITS.description} className="field-input" />
      </div>
      {result && !result.ok && !sending ? (
        <Notice tone="error">
          {result.error}
        </Notice>
      ) : null}
      {result?.ok && !sending ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
          {result.message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={sending}>
        {sending ? "Invio in corso..." : "Invia la tua foto"}
      </button>
    </fetcher.Form>
  );
}

function EntryCard({ entry, children }: { entry: ContestEntry; children?: React.ReactNode }) {
  const image = imageSources(entry.imageUrl);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        alt={`${entry.title}: ${entry.petName} (${entry.petTypeLabel})`}
        width={1200}
        height={900}
        loading="lazy"
        className="aspect-[4/3] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        {entry.isWinner ? (
          <p className="flex items-center gap-1 text-sm font-bold text-amber-800">
            <Icon node={Trophy} aria-hidden size={16} /> {entry.rank}° classificato
          </p>
        ) : null}
        <h3 className="text-lg font-bold text-stone-900">{entry.title}</h3>
        <p className="text-sm text-stone-700">
          {entry.petName} · {entry.petTypeLabel} · di {entry.authorName}
        </p>
        {entry.description ? <p className="text-sm text-stone-700">{entry.description}</p> : null}
        <div className="mt-auto pt-2">{children}</div>
      </div>
    </article>
  );
}

export default function ContestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, signedIn, unverified } = loaderData;
  if (!detail) {
    return (
      <MessagePanel title={M.notFound} text={M.notFoundDetail}>
        <Link to="/contests" className="btn-primary">
          Vai ai concorsi
        </Link>
      </MessagePanel>
    );
  }
  const { contest, entries, winners, viewer } = detail;
  const voted = new Set(viewer?.votedIds ?? []);
  const own = new Set(viewer?.ownIds ?? []);
  // Without JavaScript the forms post the whole page: their outcome arrives here.
  const pageError = actionData && !actionData.ok ? actionData.error : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <p className="text-sm">
        <Link to="/contests" className="text-brand-800 underline">
          Concorsi
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{contest.title}</h1>
        <ContestPhaseBadge contest={contest} />
      </div>
      <ContestPeriod contest={contest} className="mt-3 flex items-center gap-2 text-stone-700" iconSize={18} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          <p className="whitespace-pre-line text-stone-800">{contest.description}</p>
          {contest.rules ? (
            <section aria-labelledby="rules-title">
              <h2 id="rules-title" className="text-lg font-bold text-stone-900">
                Regolamento
              </h2>
              <p className="mt-2 whitespace-pre-line text-stone-800">{contest.rules}</p>
            </section>
          ) : null}
        </div>
        {contest.prizeDescription ? (
          <aside aria-labelledby="prize-title" className="rounded-2xl bg-amber-50 p-5 text-amber-950">
            <h2 id="prize-title" className="flex items-center gap-2 text-lg font-bold">
              <Icon node={Gift} aria-hidden size={20} /> Premi
            </h2>
            <p className="mt-2 whitespace-pre-line">{contest.prizeDescription}</p>
          </aside>
        ) : null}
      </div>

      {pageError ? (
        <Notice tone="error" className="mt-6">
          {pageError}
        </Notice>
      ) : null}

      {winners.length ? (
        <section aria-labelledby="winners-title" className="mt-10">
          <h2 id="winners-title" className="flex items-center gap-2 text-2xl font-bold text-stone-900">
            <Icon node={Trophy} aria-hidden size={24} className="text-amber-700" /> I vincitori
          </h2>
          <ol className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {winners.map((entry) => (
              <li key={entry.id}>
                <EntryCard entry={entry}>
                  <p className="text-sm font-semibold text-stone-900">
                    {voteCount(entry.votes)}
                  </p>
                </EntryCard>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {contest.inProgress ? (
        <section aria-labelledby="enter-title" className="mt-10">
          <h2 id="enter-title" className="text-2xl font-bold text-stone-900">
            Partecipa
          </h2>
          {!signedIn ? (
            <p className="mt-3 text-stone-700">
              <Link to="/login" className="font-semibold text-brand-800 underline">
                Accedi o registrati
              </Link>{" "}
              per inviare la foto del tuo animale e votare le foto in gara.
            </p>
          ) : unverified ? (
            <div className="mt-3">
              <VerificationNotice text={RECOVERY_MESSAGES.mustVerifyToTakePart} />
            </div>
          ) : viewer && viewer.remaining > 0 ? (
            <EntryForm remaining={viewer.remaining} />
          ) : (
            <p className="mt-3 text-stone-700">{M.limitReached(contest.maxSubmissionsPerUser)}.</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="entries-title" className="mt-10">
        <h2 id="entries-title" className="text-2xl font-bold text-stone-900">
          {contest.closed ? "Classifica" : "Le foto in gara"}
        </h2>
        {entries.length === 0 ? (
          <p className="mt-3 text-stone-700">Non ci sono ancora foto approvate in questo concorso.</p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {entries.map((entry) => (
              <li key={entry.id}>
                <EntryCard entry={entry}>
                  {own.has(entry.id) ? (
                    <p className="text-sm font-semibold text-stone-900">
                      <Icon node={Heart} aria-hidden size={16} className="inline text-brand-700" /> {voteCount(entry.votes)} · la
                      tua foto
                    </p>
                  ) : contest.inProgress ? (
                    <VoteButton entry={entry} voted={voted.has(entry.id)} signedIn={signedIn} />
                  ) : (
                    <p className="text-sm font-semibold text-stone-900">
                      {voteCount(entry.votes)}
                    </p>
                  )}
                </EntryCard>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
