// /dashboard/ricerche (decision 0097): the person's saved searches, each with "Apri", its alert
// choice, a new name and "Elimina". The list page's "Salva ricerca" posts here too: without
// JavaScript the answer is this page (the new search announced, or the refusal with the form as it
// was sent); with it, the list page's fetcher asks for the answer itself (reply=stay).
import { ExternalLink, Trash2 } from "lucide";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/saved-searches";
import { requireUser } from "~/accounts/session.server";
import { DashboardHeading } from "~/components/dashboard-heading";
import { Icon } from "~/components/icon";
import { Notice } from "~/components/notice";
import { PlainLink } from "~/components/plain-link";
import { SaveSearchFields } from "~/components/saved-searches/save-search-fields";
import { SearchAlertSelect } from "~/components/saved-searches/search-alert-select";
import { readForm, readQuery } from "~/lib/form.server";
import { formatDateLong, isoDate } from "~/lib/format";
import { SAVED_SEARCHES_PATH } from "~/saved-searches/paths";
import { deleteSearch, listSavedSearches, renameSearch, saveSearch, setSearchAlert } from "~/saved-searches/saved-searches.server";
import { SAVED_SEARCH_TEXTS as T } from "~/saved-searches/texts";

export const meta = () => [{ title: `${T.pageTitle} — Zampa` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const savedId = readQuery(request).get("salvata");
  return { searches: await listSavedSearches(user.id), savedId };
}

type Intent = "save" | "rename" | "alert" | "delete";
const INTENTS: readonly Intent[] = ["save", "rename", "alert", "delete"];
const DONE: Record<Exclude<Intent, "save">, string> = {
  rename: T.renamed,
  alert: T.alertChanged,
  delete: T.deleted,
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok)
    return data(
      {
        ok: false as const,
        intent: null,
        id: null,
        message: read.error,
        sent: null,
      },
      { status: read.status },
    );
  const f = read.fields;
  const intent = INTENTS.find((i) => i === f.intent) ?? null;
  const headers = { "cache-control": "no-store" };
  if (intent === "save") {
    const result = await saveSearch(user, {
      query: f.query ?? "",
      name: f.name,
      alert: f.alert,
    });
    const sent = {
      query: f.query ?? "",
      name: f.name ?? "",
      alert: f.alert ?? "",
    };
    if (!result.ok) return data({ ok: false as const, intent, id: null, message: result.error, sent }, { status: result.status, headers });
    if (f.reply === "stay")
      return data(
        {
          ok: true as const,
          intent,
          id: result.id,
          message: T.saved,
          sent: null,
        },
        { headers },
      );
    throw redirect(`${SAVED_SEARCHES_PATH}?salvata=${result.id}`, { headers });
  }
  if (!intent)
    return data(
      {
        ok: false as const,
        intent,
        id: null,
        message: T.badIntent,
        sent: null,
      },
      { status: 400, headers },
    );
  const result = intent === "rename" ? await renameSearch(user, f.id, f.name) : intent === "alert" ? await setSearchAlert(user, f.id, f.alert) : await deleteSearch(user, f.id);
  // A refused name is given back, so that what was typed is not lost.
  const sent = intent === "rename" ? { query: "", name: f.name ?? "", alert: "" } : null;
  if (!result.ok)
    return data(
      {
        ok: false as const,
        intent,
        id: f.id ?? null,
        message: result.error,
        sent,
      },
      { status: result.status, headers },
    );
  return data(
    {
      ok: true as const,
      intent,
      id: f.id ?? null,
      message: DONE[intent],
      sent: null,
    },
    { headers },
  );
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, savedId } = loaderData;
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  // A refusal or a success of one search's form shows beside that search; the others at the top.
  const answerFor = (id: string) => (actionData && actionData.id === id ? actionData : null);
  const topAnswer = actionData && (actionData.intent === "save" || actionData.intent === null || !searches.some((s) => s.id === actionData.id)) ? actionData : null;
  return (
    <>
      <DashboardHeading title={T.pageTitle} />
      {savedId && searches.some((s) => s.id === savedId) && !actionData ? (
        <Notice tone="success" className="mt-4">
          {T.saved}
        </Notice>
      ) : null}
      {topAnswer ? (
        <Notice tone={topAnswer.ok ? "success" : "error"} className="mt-4">
          {topAnswer.message}
        </Notice>
      ) : null}
      {topAnswer && !topAnswer.ok && topAnswer.sent ? (
        // The list page's form, sent without JavaScript and refused: what was typed is kept here.
        <Form method="post" className="mt-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
          <h2 className="text-lg font-bold text-stone-900">{T.saveTitle}</h2>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="query" value={topAnswer.sent.query} />
          <SaveSearchFields idPrefix="retry" name={topAnswer.sent.name} alert={topAnswer.sent.alert} />
          <button type="submit" className="btn-primary mt-4">
            {T.saveButton}
          </button>
        </Form>
      ) : null}
      {searches.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
          {T.empty}{" "}
          <PlainLink to="/pet-listings" className="font-semibold underline hover:text-brand-800">
            Vai agli annunci
          </PlainLink>
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={T.pageTitle}>
          {searches.map((search) => {
            const answer = answerFor(search.id);
            const busy = busyId === search.id;
            return (
              <li
                key={search.id}
                className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${search.id === savedId ? "border-brand-700" : "border-stone-200"}`}
                aria-busy={busy || undefined}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="text-lg font-bold break-words text-stone-900">{search.name}</h2>
                    <p className="mt-1 text-sm text-stone-700">{search.criteria.length ? search.criteria.join(" · ") : T.allListings}</p>
                    <p className="mt-1 text-xs text-stone-700">
                      Salvata il <time dateTime={isoDate(search.createdAt)}>{formatDateLong(search.createdAt)}</time>
                      {search.lastSentAt ? (
                        <>
                          {" "}
                          · ultimo avviso il <time dateTime={isoDate(search.lastSentAt)}>{formatDateLong(search.lastSentAt)}</time>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <PlainLink to={search.path} className="btn-secondary">
                    <Icon node={ExternalLink} aria-hidden size={18} /> {T.open}
                    <span className="sr-only"> «{search.name}»</span>
                  </PlainLink>
                </div>
                {answer ? (
                  <Notice tone={answer.ok ? "success" : "error"} className="mt-3">
                    {answer.message}
                  </Notice>
                ) : null}
                <div className="mt-4 grid gap-4 sm:grid-cols-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="alert" />
                    <input type="hidden" name="id" value={search.id} />
                    <SearchAlertSelect id={`alert-${search.id}`} value={search.alert} />
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      Salva
                      <span className="sr-only"> gli avvisi di «{search.name}»</span>
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={search.id} />
                    <div className="min-w-0 flex-1">
                      <label htmlFor={`name-${search.id}`} className="field-label">
                        {T.nameLabel}
                      </label>
                      <input
                        id={`name-${search.id}`}
                        name="name"
                        defaultValue={answer && !answer.ok && answer.sent ? answer.sent.name : search.name}
                        key={`${search.id}-${search.name}-${answer && !answer.ok && answer.sent ? answer.sent.name : ""}`}
                        maxLength={80}
                        required
                        className="field-input"
                      />
                    </div>
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      {T.rename}
                    </button>
                  </Form>
                </div>
                <Form
                  method="post"
                  className="mt-3"
                  onSubmit={(event) => {
                    if (!window.confirm(`Eliminare la ricerca «${search.name}»?`)) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={search.id} />
                  <button type="submit" className="inline-flex items-center gap-1 text-sm font-semibold text-red-800 underline hover:text-red-900" disabled={busy}>
                    <Icon node={Trash2} aria-hidden size={16} /> {T.delete}
                    <span className="sr-only"> «{search.name}»</span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
