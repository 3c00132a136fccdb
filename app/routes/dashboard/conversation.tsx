// /dashboard/messaggi/:id: one conversation, for its two people only (decision 0090). Opening it
// marks it read for the reader; the reply box keeps what was typed when a message is refused.
import { ReportReasonField } from "~/components/report-reason-field";
import { Ban, Check, Flag, TriangleAlert } from "lucide";
import { useEffect, useRef } from "react";
import { data, useFetcher, useRevalidator } from "react-router";
import type { Route } from "./+types/conversation";
import { requireUser } from "~/accounts/session.server";
import { Icon } from "~/components/icon";
import { MessageBox } from "~/components/messages/message-box";
import { Notice } from "~/components/notice";
import { PlainLink } from "~/components/plain-link";
import { readForm } from "~/lib/form.server";
import { formatDateTimeLong, isoDate } from "~/lib/format";
import { thumbnailUrl } from "~/lib/images";
import { setBlock } from "~/messages/blocks.server";
import { conversationView, markRead } from "~/messages/conversations.server";
import { limitHeaders } from "~/messages/limits.server";
import { useLiveMessages } from "~/messages/use-live-messages";
import { MESSAGE_LIMITS, MESSAGE_TEXTS as M } from "~/messages/messages";
import { reportConversation } from "~/messages/reports.server";
import { SCAM_WARNING } from "~/messages/scam-signals";
import { reply } from "~/messages/sending.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.conversation.listing.title ?? "Conversazione"} — Messaggi — Zampa` },
  { name: "robots", content: "noindex" },
  // Numbers and addresses in the messages stay text: no phone turns them into links (decision 0090).
  { name: "format-detection", content: "telephone=no, email=no, address=no, date=no" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Somebody else's conversation and a missing one get the same answer: nobody learns which exist.
  const read = await markRead(user, params.id);
  if (!read.ok) throw data({ error: M.conversationNotFound }, { status: 404 });
  const conversation = await conversationView(user, params.id);
  if (!conversation) throw data({ error: M.conversationNotFound }, { status: 404 });
  return { conversation, cleared: read.cleared };
}

type Intent = "reply" | "read" | "block" | "unblock" | "report";
type Answer = { intent: Intent; ok: true; message: string } | { intent: Intent | null; ok: false; error: string; body?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return data<Answer>({ intent: null, ok: false, error: read.error }, { status: read.status });
  const { intent } = read.fields;
  const answer = (name: Intent, result: { ok: true; message?: string } | { ok: false; status: number; error: string; retryAfter?: number }, message = "", body?: string) =>
    result.ok
      ? data<Answer>({ intent: name, ok: true, message: result.message ?? message })
      : data<Answer>({ intent: name, ok: false, error: result.error, body }, { status: result.status, headers: limitHeaders(result) });
  switch (intent) {
    case "reply":
      return answer("reply", await reply(user, params.id, read.fields), M.sent, read.fields.body ?? "");
    case "read":
      return answer("read", await markRead(user, params.id), M.markedRead);
    case "block":
    case "unblock":
      return answer(intent, await setBlock(user, params.id, intent === "block"));
    case "report":
      return answer("report", await reportConversation(user, params.id, read.fields));
    default:
      return data<Answer>({ intent: null, ok: false, error: M.badIntent }, { status: 400 });
  }
}

function ReplyForm({ error, body }: { error: string | null; body: string }) {
  const fetcher = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const sent = answer?.ok === true;
  // A sent message empties the box; a refused one leaves it as typed.
  useEffect(() => {
    if (sent) form.current?.reset();
  }, [sent, fetcher.data]);
  const shownError = fetcher.state !== "idle" ? null : answer && !answer.ok ? answer.error : error;
  return (
    <fetcher.Form ref={form} method="post" className="mt-6 space-y-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <input type="hidden" name="intent" value="reply" />
      <MessageBox label="Rispondi" defaultValue={body} error={shownError} rows={4} />
      {sent ? <Notice tone="success">{M.sent}</Notice> : null}
      <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Invio in corso..." : "Invia"}
      </button>
    </fetcher.Form>
  );
}

function ActionAnswer({ answer, intents }: { answer: Answer | undefined; intents: Intent[] }) {
  if (!answer || !answer.intent || !intents.includes(answer.intent)) return null;
  return answer.ok ? (
    <Notice tone="success" className="mt-2">
      {answer.message}
    </Notice>
  ) : (
    <Notice tone="error" className="mt-2">
      {answer.error}
    </Notice>
  );
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  // New messages and read counts arrive without a reload (decision 0091); the root loader, hence the header, reloads too.
  useLiveMessages();
  const { conversation: c, cleared } = loaderData;
  const actions = useFetcher<Answer>();
  const { revalidate } = useRevalidator();
  // Opening the conversation read its messages: the header's count (root loader, read at the same
  // time) is asked again once.
  useEffect(() => {
    if (cleared > 0) void revalidate();
  }, [cleared, revalidate]);
  const answer = actions.state === "idle" ? actions.data : undefined;
  const noJsReply = actionData?.intent === "reply" && !actionData.ok ? actionData : null;

  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Percorso" className="text-sm text-stone-700">
        <PlainLink to="/dashboard" className="underline hover:text-brand-800">
          Dashboard
        </PlainLink>{" "}
        /{" "}
        <PlainLink to="/dashboard/messaggi" className="underline hover:text-brand-800">
          Messaggi
        </PlainLink>
      </nav>
      <header className="mt-3 flex items-start gap-3">
        {c.listing.photo ? <img src={thumbnailUrl(c.listing.photo)} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg object-cover" /> : null}
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-stone-900 sm:text-3xl">{c.listing.title}</h1>
          <p className="text-stone-700">
            Conversazione con <span className="font-semibold">{c.otherName}</span>
            {c.listing.gone ? <span className="ml-2 font-medium text-amber-900">· {M.listingGone}</span> : null}
            {c.listing.id && c.listing.public ? (
              <>
                {" · "}
                <PlainLink to={`/pet-listing/${c.listing.id}`} className="font-medium text-brand-800 underline">
                  Vedi l&apos;annuncio
                </PlainLink>
              </>
            ) : null}
          </p>
        </div>
      </header>

      <section aria-labelledby="messages-title" className="mt-6">
        <h2 id="messages-title" className="sr-only">
          Messaggi
        </h2>
        {/* A chat's log: messages added while the page is open are read out politely. */}
        <div role="log" aria-live="polite" aria-relevant="additions">
          {c.messages.length === 0 ? <p className="text-stone-700">{M.noMessages}</p> : null}
          <ol className="space-y-3">
            {c.messages.map((m) => (
              <li key={m.id} className={`flex ${m.mine ? "justify-end" : "justify-start"}`}>
                <article
                  aria-label={`Messaggio di ${m.senderName}`}
                  className={`max-w-[90%] rounded-2xl border px-4 py-3 sm:max-w-[80%] ${m.mine ? "border-brand-200 bg-brand-50" : "border-stone-200 bg-white"}`}
                >
                  <p className="text-sm text-stone-700">
                    <span className="font-semibold text-stone-900">{m.senderName}</span> ·{" "}
                    <time dateTime={isoDate(m.createdAt)}>{formatDateTimeLong(m.createdAt)}</time>
                  </p>
                  {m.warning ? (
                    <p className="mt-2 flex items-start gap-2 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
                      <Icon node={TriangleAlert} aria-hidden size={18} className="mt-0.5 shrink-0" />
                      <span>{SCAM_WARNING}</span>
                    </p>
                  ) : null}
                  {/* Text only: React writes it escaped, and nothing turns an address into a link. */}
                  <p className="mt-1 break-words whitespace-pre-wrap text-stone-900">{m.body}</p>
                </article>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {c.cannotReply ? (
        <p className="mt-6 rounded-lg border border-stone-300 bg-stone-50 px-4 py-3 text-stone-800">{c.cannotReply}</p>
      ) : (
        <ReplyForm error={noJsReply?.error ?? null} body={noJsReply?.body ?? ""} />
      )}

      <section aria-labelledby="conversation-actions" className="mt-8 border-t border-stone-200 pt-6">
        <h2 id="conversation-actions" className="text-lg font-bold text-stone-900">
          Azioni
        </h2>
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <actions.Form method="post">
            <input type="hidden" name="intent" value="read" />
            <button type="submit" className="btn-secondary">
              <Icon node={Check} aria-hidden size={18} /> Segna come letto
            </button>
          </actions.Form>
          {c.blockedByMe ? (
            <actions.Form method="post">
              <input type="hidden" name="intent" value="unblock" />
              <button type="submit" className="btn-secondary">
                Sblocca {c.otherName}
              </button>
            </actions.Form>
          ) : null}
        </div>
        <ActionAnswer answer={answer} intents={["read", "unblock", "block"]} />
        {c.blockedByMe ? (
          <p className="mt-3 text-sm text-stone-800">Hai bloccato {c.otherName}: non può più scriverti.</p>
        ) : !c.otherDeleted ? (
          <details className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
            <summary className="cursor-pointer font-medium text-stone-900">
              <Icon node={Ban} aria-hidden size={18} className="mr-1 inline" /> Blocca utente
            </summary>
            <actions.Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="block" />
              <p className="text-sm text-stone-800">
                {c.otherName} non potrà più scriverti, né qui né su altri tuoi annunci. Potrai sbloccarlo quando vuoi.
              </p>
              <button type="submit" className="btn-secondary border-red-300 text-red-800">
                Conferma: blocca {c.otherName}
              </button>
            </actions.Form>
          </details>
        ) : null}
        {c.reportPending ? (
          <p className="mt-4 text-sm text-stone-800">{M.reportAlreadyPending}</p>
        ) : (
          <details className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
            <summary className="cursor-pointer font-medium text-stone-900">
              <Icon node={Flag} aria-hidden size={18} className="mr-1 inline" /> Segnala
            </summary>
            <actions.Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="report" />
              <p className="text-sm text-stone-800">I moderatori leggeranno questa conversazione, e solo questa.</p>
              <ReportReasonField id="report-reason" label="Motivo" />
              <div>
                <label htmlFor="report-text" className="field-label">
                  Dettagli (facoltativi, al massimo {MESSAGE_LIMITS.reportText} caratteri)
                </label>
                <textarea id="report-text" name="description" rows={3} className="field-input" />
              </div>
              <button type="submit" className="btn-secondary">
                Invia segnalazione
              </button>
            </actions.Form>
          </details>
        )}
        <ActionAnswer answer={answer} intents={["report"]} />
      </section>
    </div>
  );
}
