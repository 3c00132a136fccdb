import { ArrowLeft, TriangleAlert } from "lucide";
import { data } from "react-router";
import type { Route } from "./+types/report-conversation";
import { adminActor } from "~/admin/gate.server";
import { Icon } from "~/components/icon";
import { PlainLink } from "~/components/plain-link";
import { formatDateTimeLong, isoDate } from "~/lib/format";
import { getReportedConversation } from "~/messages/moderation.server";
import { SCAM_SIGNALS, type ScamSignal } from "~/messages/scam-signals";
import { CONVERSATION_MODERATION_MESSAGES as M, type ModeratedParticipant } from "~/messages/moderation-messages";

// /admin/reports/:id/conversazione — the conversation a report is about, read-only (decision 0091).
// The way in is the report: an unknown report, a listing's report, or a report whose conversation is
// gone answers 404, so no conversation without a report can be read here.
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await getReportedConversation(adminActor(context), params.id);
  if (!result.ok) return data({ found: null, error: result.error }, { status: result.status });
  const { ok: _ok, ...found } = result;
  const when = (date: Date) => ({ iso: isoDate(date), label: formatDateTimeLong(date) });
  // Dates written on the server, so the browser hydrates the same text.
  return {
    found: {
      ...found,
      report: { ...found.report, createdAt: when(found.report.createdAt) },
      conversation: { ...found.conversation, listingDeletedAt: found.conversation.listingDeletedAt ? when(found.conversation.listingDeletedAt) : null },
      messages: found.messages.map((message) => ({ ...message, createdAt: when(message.createdAt) })),
    },
    error: null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Conversazione segnalata — Zampa Admin" }, { name: "robots", content: "noindex" }];

function Person({ person, reportedUserId }: { person: ModeratedParticipant | null; reportedUserId: string | null }) {
  if (!person) return <span className="text-stone-600 italic">{M.erasedUser}</span>;
  return (
    <span className="break-words">
      {person.name} <span className="text-stone-600">&lt;{person.email}&gt;</span>
      {person.id === reportedUserId ? <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Segnalato</span> : null}
    </span>
  );
}

export default function ReportConversation({ loaderData }: Route.ComponentProps) {
  const back = (
    <p className="text-sm">
      <PlainLink to="/admin/reports" className="inline-flex items-center gap-1 text-brand-800 underline">
        <Icon node={ArrowLeft} aria-hidden size={16} /> Segnalazioni
      </PlainLink>
    </p>
  );
  const { found, error } = loaderData;
  if (!found) {
    return (
      <div className="mx-auto max-w-3xl">
        {back}
        <div role="alert" className="mt-4 rounded-2xl border border-stone-200 bg-white p-5">
          <h1 className="text-xl font-bold text-stone-900">{error}</h1>
          <p className="mt-1 text-stone-700">{M.notFoundDetail}</p>
        </div>
      </div>
    );
  }
  const { report, conversation, messages } = found;
  const term = "font-medium text-stone-700";
  return (
    <div className="mx-auto max-w-3xl">
      {back}
      <h1 className="mt-1 text-2xl font-bold text-stone-900">Conversazione segnalata</h1>
      <p className="mt-1 text-sm text-stone-700">Sola lettura: visibile alla redazione perché questa conversazione è stata segnalata.</p>

      <section aria-labelledby="report-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="report-title" className="text-lg font-semibold text-stone-900">
          Segnalazione
        </h2>
        <dl className="mt-3 grid gap-x-3 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className={term}>Oggetto</dt>
          <dd>{report.subjectLabel}</dd>
          <dt className={term}>Motivo</dt>
          <dd>{report.reasonLabel}</dd>
          <dt className={term}>Descrizione</dt>
          <dd className="break-words whitespace-pre-line">{report.description || "—"}</dd>
          <dt className={term}>Segnalato da</dt>
          <dd className="break-words">{report.reporterName}</dd>
          <dt className={term}>Data</dt>
          <dd>
            <time dateTime={report.createdAt.iso}>{report.createdAt.label}</time>
          </dd>
          <dt className={term}>Stato</dt>
          <dd>{report.statusLabel}</dd>
          <dt className={term}>Annuncio</dt>
          <dd className="break-words">
            {conversation.listingId ? (
              <a href={`/pet-listing/${conversation.listingId}`} className="text-brand-800 underline">
                {conversation.listingTitle}
              </a>
            ) : (
              <>
                {conversation.listingTitle} <span className="text-stone-600">({M.listingGone})</span>
              </>
            )}
          </dd>
          <dt className={term}>Inserzionista</dt>
          <dd>
            <Person person={conversation.owner} reportedUserId={report.reportedUserId} />
          </dd>
          <dt className={term}>Interessato</dt>
          <dd>
            <Person person={conversation.asker} reportedUserId={report.reportedUserId} />
          </dd>
        </dl>
        <p className="mt-4">
          <PlainLink to={`/admin/reports?id=${report.id}`} className="btn-secondary">
            Gestisci la segnalazione
          </PlainLink>
        </p>
      </section>

      <section aria-labelledby="messages-title" className="mt-6">
        <h2 id="messages-title" className="text-lg font-semibold text-stone-900">
          Messaggi ({messages.length})
        </h2>
        {messages.length === 0 ? (
          <p className="mt-2 text-stone-700">Nessun messaggio.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {messages.map((message) => (
              <li key={message.id} className="rounded-2xl border border-stone-200 bg-white p-4">
                <p className="text-sm text-stone-700">
                  <strong className="text-stone-900">{message.sender ? `${message.sender.name} (${message.sender.role})` : M.erasedUser}</strong>
                  {" · "}
                  <time dateTime={message.createdAt.iso}>{message.createdAt.label}</time>
                </p>
                {/* Text only: a link in a message is shown, never followed. */}
                <p className="mt-2 break-words whitespace-pre-line text-stone-900">{message.body}</p>
                {message.scamSignals.length > 0 ? (
                  <p className="mt-2 flex flex-wrap items-center gap-1 text-sm font-medium text-red-900" data-scam-signals={message.scamSignals.join(" ")}>
                    <Icon node={TriangleAlert} aria-hidden size={16} /> Segnali di truffa:
                    {message.scamSignals.map((signal) => (
                      <span key={signal} className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold">
                        {SCAM_SIGNALS[signal as ScamSignal] ?? signal}
                      </span>
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
