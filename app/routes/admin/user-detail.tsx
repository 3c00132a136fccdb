import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { ArrowLeft } from "lucide";
import { useRef, type ReactNode } from "react";
import { data, redirect, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/user-detail";
import { eraseUser, personOverview, reinstateUser, suspendUser, type ReportLine } from "~/accounts/moderation.server";
import {
  DELETION_CONFIRMATION,
  erasureFormSchema,
  MODERATION_REASON_MAX_LENGTH,
  MODERATION_REASON_MIN_LENGTH,
  suspensionFormSchema,
  USER_MODERATION_MESSAGES as M,
} from "~/accounts/moderation-texts";
import { adminFormAction } from "~/admin/admin-form.server";
import { adminActor } from "~/admin/gate.server";
import { StatusBanner, useActionStatus } from "~/components/admin/kit/status-banner";
import { FieldError } from "~/components/form/form-messages";
import { useZodForm } from "~/components/form/zod-form";
import { Icon } from "~/components/icon";
import { PlainLink } from "~/components/plain-link";
import { formatDateLong, formatDateTimeLong, formatNumber, isoDate } from "~/lib/format";

// /admin/users/:id — one person (decision 0110): the account, its sign-in methods and activity, what
// it has on the site, and the three decisions about it (suspend, reinstate, erase). Under
// /admin/users, so the gate asks for "users.manage" (administrators); the domain functions ask again.
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = adminActor(context);
  const result = await personOverview(actor, params.id);
  if (!result.ok) return data({ found: null, error: result.error, selfId: actor.id }, { status: result.status });
  const { ok: _ok, ...found } = result;
  // Dates written on the server, so the browser hydrates the same text.
  const when = (date: Date) => ({ iso: isoDate(date), label: formatDateTimeLong(date) });
  const day = (date: Date) => ({ iso: isoDate(date), label: formatDateLong(date) });
  const lines = (list: ReportLine[]) => list.map((line) => ({ ...line, createdAt: day(line.createdAt) }));
  return {
    found: {
      ...found,
      account: {
        ...found.account,
        createdAt: day(found.account.createdAt),
        lastActivity: found.account.lastActivity ? when(found.account.lastActivity) : null,
        lastSignIn: found.account.lastSignIn ? when(found.account.lastSignIn) : null,
      },
      suspension: found.suspension ? { ...found.suspension, at: when(found.suspension.at) } : null,
      listings: { ...found.listings, latest: found.listings.latest.map((row) => ({ ...row, createdAt: day(row.createdAt) })) },
      entries: { ...found.entries, latest: found.entries.latest.map((row) => ({ ...row, createdAt: day(row.createdAt) })) },
      reportsMade: { ...found.reportsMade, latest: lines(found.reportsMade.latest) },
      reportsReceived: { ...found.reportsReceived, latest: lines(found.reportsReceived.latest) },
      conversationsReported: { ...found.conversationsReported, latest: lines(found.conversationsReported.latest) },
    },
    error: null,
    selfId: actor.id,
  };
}

const INTENTS = ["suspend", "reinstate", "erase"] as const;
type Intent = (typeof INTENTS)[number];

export function action(args: Route.ActionArgs) {
  return adminFormAction(args, async (actor, fields) => {
    const intent = INTENTS.find((value) => value === fields.intent);
    const id = args.params.id;
    if (!intent) return data({ ok: false as const, intent: null, error: M.suspendError }, { status: 400 });
    const result = intent === "suspend" ? await suspendUser(actor, id, fields) : intent === "reinstate" ? await reinstateUser(actor, id, fields) : await eraseUser(actor, id, fields);
    if (result.ok) {
      // The person is gone: back to the list, which says so.
      if (intent === "erase") throw redirect("/admin/users?erased=1");
      return { ok: true as const, intent, message: result.message };
    }
    // A form's own mistake shows beside its field; any other refusal above the page.
    const field = intent === "erase" ? "confirmation" : "reason";
    const fieldErrors = result.status === 400 ? { [field]: result.error } : undefined;
    return data({ ok: false as const, intent, error: result.error, fieldErrors }, { status: result.status });
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.found ? loaded.found.account.fullName || loaded.found.account.email : "Utente"} — Zampa Admin` },
  { name: "robots", content: "noindex" },
];

type Loaded = NonNullable<Route.ComponentProps["loaderData"]["found"]>;
type Answer = { ok: true; intent: Intent; message: string } | { ok: false; intent: Intent | null; error: string; fieldErrors?: Record<string, string> };

const term = "font-medium text-stone-700";
const card = "mt-6 rounded-2xl border border-stone-200 bg-white p-5";
const link = "text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-800";

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {title}
        {count !== undefined ? <span className="ml-2 text-base font-normal text-stone-600">({formatNumber(count)})</span> : null}
      </h2>
      {children}
    </section>
  );
}

/** The latest few of a kind, or the sentence that there are none; "the latest N of M" when there are more. */
function Latest<T>({ items, total, none, render }: { items: T[]; total: number; none: string; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="mt-2 text-sm text-stone-700">{none}</p>;
  return (
    <>
      {total > items.length ? (
        <p className="mt-1 text-sm text-stone-600">
          Gli ultimi {items.length} di {formatNumber(total)}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-stone-200 text-sm">{items.map(render)}</ul>
    </>
  );
}

function ReportItem({ report }: { report: Loaded["reportsMade"]["latest"][number] }) {
  return (
    <li key={report.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 break-words">
        <span className="font-medium text-stone-900">{report.subjectLabel}</span>
        {report.title ? <> · «{report.title}»</> : null} · {report.reasonLabel}
        {report.conversationId ? (
          <>
            {" "}
            ·{" "}
            <PlainLink to={`/admin/reports/${report.id}/conversazione`} className={link}>
              Leggi la conversazione
            </PlainLink>
          </>
        ) : null}
      </span>
      <span className="text-stone-700">
        {report.statusLabel} · <time dateTime={report.createdAt.iso}>{report.createdAt.label}</time>
      </span>
    </li>
  );
}

function ReasonForm({ intent, answer, fetcher }: { intent: "suspend" | "reinstate"; answer: Answer | undefined; fetcher: ReturnType<typeof useFetcher<typeof action>> }) {
  const [form, fields] = useZodForm({ id: `person-${intent}`, schema: suspensionFormSchema, answer: answer?.intent === intent ? answer : undefined });
  const busy = fetcher.state !== "idle";
  const suspend = intent === "suspend";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4">
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={fields.reason.id} className="field-label">
        {suspend ? "Motivo della sospensione" : "Nota per la persona"}
      </label>
      <textarea
        {...getTextareaProps(fields.reason, { ariaDescribedBy: fields.reason.descriptionId })}
        rows={4}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        className="field-input"
      />
      <p id={fields.reason.descriptionId} className="mt-1 text-sm text-stone-600">
        Da {MODERATION_REASON_MIN_LENGTH} a {formatNumber(MODERATION_REASON_MAX_LENGTH)} caratteri. La persona lo riceverà per email
        {suspend ? ", con l'indicazione di come contattarci." : "."}
      </p>
      <FieldError field={fields.reason} />
      <button type="submit" disabled={busy} className={`btn-primary mt-4 ${suspend ? "bg-red-700 hover:bg-red-800" : ""}`}>
        {suspend ? "Sospendi account" : "Riattiva account"}
      </button>
    </fetcher.Form>
  );
}

function EraseForm({ answer, fetcher, name }: { answer: Answer | undefined; fetcher: ReturnType<typeof useFetcher<typeof action>>; name: string }) {
  const [form, fields] = useZodForm({ id: "person-erase", schema: erasureFormSchema, answer: answer?.intent === "erase" ? answer : undefined });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4">
      <input type="hidden" name="intent" value="erase" />
      <label htmlFor={fields.confirmation.id} className="field-label">
        Per confermare scrivi {DELETION_CONFIRMATION}
      </label>
      <input
        {...getInputProps(fields.confirmation, { type: "text", ariaDescribedBy: fields.confirmation.descriptionId })}
        autoComplete="off"
        spellCheck={false}
        className="field-input max-w-xs"
      />
      <p id={fields.confirmation.descriptionId} className="mt-1 text-sm text-stone-600">
        L&apos;account di {name} sarà eliminato subito con tutti i suoi dati: annunci, foto, partecipazioni, voti, messaggi. Non si può annullare.
      </p>
      <FieldError field={fields.confirmation} />
      <button type="submit" disabled={busy} className="btn-primary mt-4 bg-red-700 hover:bg-red-800">
        Elimina account e dati
      </button>
    </fetcher.Form>
  );
}

export default function AdminUserDetail({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const bannerRef = useRef<HTMLDivElement>(null);
  // With JavaScript the fetcher's answer; without it, the page's (the form was posted to this page).
  const answer = (fetcher.data ?? actionData) as Answer | undefined;
  const status = useActionStatus({ state: fetcher.state, data: answer }, { focusRef: bannerRef });
  const back = (
    <p className="text-sm">
      <PlainLink to="/admin/users" className="inline-flex items-center gap-1 text-brand-800 underline">
        <Icon node={ArrowLeft} aria-hidden size={16} /> Utenti
      </PlainLink>
    </p>
  );
  const { found, error, selfId } = loaderData;
  if (!found) {
    return (
      <div className="mx-auto max-w-4xl">
        {back}
        <div role="alert" className="mt-4 rounded-2xl border border-stone-200 bg-white p-5">
          <h1 className="text-xl font-bold text-stone-900">{error}</h1>
          <p className="mt-1 text-stone-700">L&apos;account non esiste o è stato eliminato.</p>
        </div>
      </div>
    );
  }
  const { account, suspension, listings, entries, reportsMade, reportsReceived, conversationsReported } = found;
  const name = account.fullName || account.email;
  const self = account.id === selfId;
  return (
    <div className="mx-auto max-w-4xl">
      {back}
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold break-words text-stone-900">{name}</h1>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${account.role === "user" ? "bg-stone-200 text-stone-900" : "bg-brand-100 text-brand-900"}`}>{account.roleLabel}</span>
        {suspension ? <span className="rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-900">Sospeso</span> : null}
        {self ? <span className="text-sm text-stone-600">(tu)</span> : null}
      </div>
      <StatusBanner status={status} focusRef={bannerRef} />

      <Section id="account" title="Account">
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className={term}>Email</dt>
          <dd className="break-all">
            {account.email} <span className="text-stone-600">({account.emailVerified ? "verificata" : "non verificata"})</span>
          </dd>
          <dt className={term}>Registrato il</dt>
          <dd>
            <time dateTime={account.createdAt.iso}>{account.createdAt.label}</time>
          </dd>
          <dt className={term}>Metodi di accesso</dt>
          <dd>{account.signInMethods.length ? account.signInMethods.join(", ") : "Nessuno"}</dd>
          <dt className={term}>Verifica in due passaggi</dt>
          <dd>{account.twoFactor ? `Attiva${account.smsCodes ? " (anche codici via SMS)" : ""}` : "Non attiva"}</dd>
          <dt className={term}>Ultima attività</dt>
          <dd>
            {account.lastActivity ? <time dateTime={account.lastActivity.iso}>{account.lastActivity.label}</time> : "Nessuna sessione aperta"}
            {account.lastSignIn ? (
              <span className="block text-stone-600">
                Ultimo accesso: <time dateTime={account.lastSignIn.iso}>{account.lastSignIn.label}</time> · sessioni aperte: {formatNumber(account.openSessions)}
              </span>
            ) : null}
          </dd>
        </dl>
      </Section>

      <Section id="suspension" title={suspension ? "Account sospeso" : "Sospensione"}>
        {suspension ? (
          <>
            <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className={term}>Dal</dt>
              <dd>
                <time dateTime={suspension.at.iso}>{suspension.at.label}</time>
                {suspension.byName ? ` da ${suspension.byName}` : null}
              </dd>
              <dt className={term}>Motivo</dt>
              <dd className="break-words whitespace-pre-line">{suspension.reason}</dd>
            </dl>
            <p className="mt-3 text-sm text-stone-700">Riattivando l&apos;account, la persona potrà di nuovo accedere e i suoi annunci pubblicati torneranno visibili.</p>
            <ReasonForm intent="reinstate" answer={answer} fetcher={fetcher} />
          </>
        ) : self ? (
          <p className="mt-2 text-sm text-stone-700">{M.notYourself}.</p>
        ) : account.role === "admin" ? (
          <p className="mt-2 text-sm text-stone-700">{M.notAnAdmin}.</p>
        ) : (
          <>
            <p className="mt-2 text-sm text-stone-700">
              Un account sospeso non può accedere (le sue sessioni si chiudono subito), i suoi annunci e le sue partecipazioni ai concorsi
              spariscono dal sito e non può pubblicarne altri. La persona riceve un&apos;email con il motivo.
            </p>
            <ReasonForm intent="suspend" answer={answer} fetcher={fetcher} />
          </>
        )}
      </Section>

      <Section id="listings" title="Annunci" count={listings.total}>
        {listings.byStatus.length ? <p className="mt-1 text-sm text-stone-700">{listings.byStatus.map((row) => `${row.label}: ${formatNumber(row.count)}`).join(" · ")}</p> : null}
        <Latest
          items={listings.latest}
          total={listings.total}
          none="Nessun annuncio."
          render={(listing) => (
            <li key={listing.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <PlainLink to={`/pet-listing/${listing.id}`} className={`${link} min-w-0 break-words`}>
                {listing.title}
              </PlainLink>
              <span className="text-stone-700">
                {listing.statusLabel} · <time dateTime={listing.createdAt.iso}>{listing.createdAt.label}</time>
              </span>
            </li>
          )}
        />
      </Section>

      <Section id="entries" title="Partecipazioni ai concorsi" count={entries.total}>
        <Latest
          items={entries.latest}
          total={entries.total}
          none="Nessuna partecipazione."
          render={(entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0 break-words">
                «{entry.title}» ·{" "}
                <PlainLink to={`/admin/contests/${entry.contestId}/submissions`} className={link}>
                  {entry.contestTitle}
                </PlainLink>
              </span>
              <span className="text-stone-700">
                {entry.statusLabel} · <time dateTime={entry.createdAt.iso}>{entry.createdAt.label}</time>
              </span>
            </li>
          )}
        />
      </Section>

      <Section id="reports-made" title="Segnalazioni inviate" count={reportsMade.total}>
        <Latest items={reportsMade.latest} total={reportsMade.total} none="Nessuna segnalazione inviata." render={(report) => <ReportItem key={report.id} report={report} />} />
      </Section>

      <Section id="reports-received" title="Segnalazioni ricevute" count={reportsReceived.total}>
        <p className="mt-1 text-sm text-stone-600">Sui suoi annunci, e sulle conversazioni in cui è la persona segnalata.</p>
        <Latest items={reportsReceived.latest} total={reportsReceived.total} none="Nessuna segnalazione ricevuta." render={(report) => <ReportItem key={report.id} report={report} />} />
      </Section>

      <Section id="conversations" title="Conversazioni segnalate" count={conversationsReported.total}>
        <p className="mt-1 text-sm text-stone-600">Le sue conversazioni che qualcuno ha segnalato (da una parte o dall&apos;altra).</p>
        <Latest
          items={conversationsReported.latest}
          total={conversationsReported.total}
          none="Nessuna conversazione segnalata."
          render={(report) => <ReportItem key={report.id} report={report} />}
        />
      </Section>

      <Section id="erase" title="Eliminazione dell'account (diritto all'oblio)">
        {self ? (
          <p className="mt-2 text-sm text-stone-700">{M.notYourself}: usa la pagina del tuo profilo.</p>
        ) : (
          <EraseForm answer={answer} fetcher={fetcher} name={name} />
        )}
      </Section>
    </div>
  );
}
