import { useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { BulkBar, useBulkSelection } from "~/components/admin/bulk-actions";
import type { Route } from "./+types/contacts";
import { readAdminForm } from "~/admin/admin-form.server";
import { backToListAfterDelete, cameBackFromDelete } from "~/admin/back-to-list.server";
import { adminActor } from "~/admin/gate.server";
import { ConfirmDialog } from "~/components/admin/dialog";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { RowActions, rowActionClass } from "~/components/admin/kit/row-actions";
import { StatusBanner, useActionStatus } from "~/components/admin/kit/status-banner";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { useHydrated } from "~/components/use-hydrated";
import { archive, deleteMessage, listMessages, markRead, markReplied, openMessage, type AdminContactMessage, type AdminContactSummary } from "~/contact/admin.server";
import {
  CONTACT_ADMIN_MESSAGES as M,
  CONTACT_SEARCH_MAX_LENGTH,
  contactActionSchema,
  contactListQuerySchema,
  replyHref,
  type ContactStatus,
} from "~/contact/admin-validation";
import { CONTACT_STATUSES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";
import { formatDateTimeLong, formatNumber } from "~/lib/format";
import { redirectPastLastPage } from "~/lib/paging";

// /admin/contacts — the contact form's messages: list (search, status filter), and the message of
// `?id=` in the detail pane, so that it survives a reload and works without JavaScript. Showing a
// new message marks it read: the loader calls openMessage, whose UPDATE only matches a 'new'
// message, so reloading, prefetching or two admins opening it change it once (decision 0048).
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = contactListQuerySchema.parse(Object.fromEntries(readQuery(request)));
  // Opened first, so that the list already shows the message as read.
  const opened = query.id !== undefined ? await openMessage(admin, query.id) : null;
  const result = await listMessages(admin, query);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(new URL(request.url), query.page, result.pageCount);
  const loaded = {
    ...result,
    q: query.q,
    status: query.status ?? null,
    selectedId: query.id ?? null,
    selected: opened?.ok ? opened.message : null,
    notFound: opened !== null && !opened.ok,
    deleted: cameBackFromDelete(readQuery(request)),
  };
  return opened && !opened.ok ? data(loaded, { status: opened.status }) : loaded;
}

const CONTACT_ACTIONS = { read: markRead, replied: markReplied, archive, delete: deleteMessage } as const;

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor, fields } = read;
  // An unknown intent is refused here; an unknown id by the domain (404).
  const parsed = contactActionSchema.safeParse({ id: fields.id ?? "", intent: fields.intent });
  if (!parsed.success) return data({ ok: false as const, error: M.invalidAction }, { status: 400 });
  const { intent, id } = parsed.data;
  const result = await CONTACT_ACTIONS[intent](actor, id);
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  // After a delete the pane has nothing to show: back to the list, with its search and filter.
  if (intent === "delete") backToListAfterDelete("/admin/contacts", fields.back);
  return { ok: true as const, message: result.message };
}


export const meta: Route.MetaFunction = () => [{ title: "Messaggi di contatto — Zampa Admin" }, { name: "robots", content: "noindex" }];

// Colours with AA contrast for small bold text.
const STATUS_COLOURS: Record<ContactStatus, string> = {
  new: "bg-brand-100 text-brand-900",
  read: "bg-sky-100 text-sky-900",
  replied: "bg-green-100 text-green-900",
  archived: "bg-stone-200 text-stone-900",
};

function StatusBadge({ status }: { status: ContactStatus }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${STATUS_COLOURS[status]}`}>{CONTACT_STATUSES.labels[status]}</span>;
}

type Fetcher = ReturnType<typeof useFetcher<typeof action>>;

function BackToList({ listHref }: { listHref: string }) {
  return (
    <p className="lg:hidden">
      <PlainLink to={listHref} className="text-sm font-medium text-brand-800 underline">
        ← Torna all'elenco
      </PlainLink>
    </p>
  );
}

function DetailPane({ message, listHref, fetcher, onDelete }: { message: AdminContactMessage; listHref: string; fetcher: Fetcher; onDelete: () => void }) {
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  return (
    <article aria-labelledby="message-subject" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <BackToList listHref={listHref} />
      <div className="mt-2 flex flex-wrap items-center gap-2 lg:mt-0">
        <h2 id="message-subject" className="text-xl font-bold break-words text-stone-900">
          {message.subject}
        </h2>
        <StatusBadge status={message.status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-stone-700">Da</dt>
        <dd className="break-words text-stone-900">
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="font-medium text-stone-700">Ricevuto</dt>
        <dd className="text-stone-900">{formatDateTimeLong(message.createdAt)}</dd>
        {message.readAt ? (
          <>
            <dt className="font-medium text-stone-700">Letto</dt>
            <dd className="text-stone-900">{formatDateTimeLong(message.readAt)}</dd>
          </>
        ) : null}
        {message.repliedAt ? (
          <>
            <dt className="font-medium text-stone-700">Risposto</dt>
            <dd className="text-stone-900">{formatDateTimeLong(message.repliedAt)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-4 break-words whitespace-pre-line text-stone-800">{message.message}</p>
      <div className="mt-6 flex flex-wrap gap-2">
        <a
          href={replyHref(message.email, message.subject)}
          className="btn-primary"
          onClick={() => {
            // The link opens the mail client; the message is marked replied alongside.
            if (message.status !== "replied") void fetcher.submit({ intent: "replied", id: message.id }, { method: "post" });
          }}
        >
          Rispondi via email
        </a>
        <fetcher.Form method="post" className="contents">
          <input type="hidden" name="id" value={message.id} />
          {message.status !== "read" ? (
            <button type="submit" name="intent" value="read" className="btn-secondary" disabled={busy}>
              Segna come letto
            </button>
          ) : null}
          {message.status !== "archived" ? (
            <button type="submit" name="intent" value="archive" className="btn-secondary" disabled={busy}>
              Archivia
            </button>
          ) : null}
          {/* Without JavaScript the link above cannot also post the change: this button does. */}
          <noscript>
            {message.status !== "replied" ? (
              <button type="submit" name="intent" value="replied" className="btn-secondary">
                Segna come risposto
              </button>
            ) : null}
          </noscript>
        </fetcher.Form>
        <button type="button" className="btn-secondary text-red-800" disabled={busy || !hydrated} onClick={onDelete}>
          Elimina
        </button>
      </div>
    </article>
  );
}

/** A message's actions from the list, without opening it (opening marks it read). */
function MessageMenu({ message, fetcher, onDelete }: { message: AdminContactSummary; fetcher: Fetcher; onDelete: () => void }) {
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  return (
    <RowActions label={`«${message.subject}»`}>
      {message.status !== "archived" ? (
        <fetcher.Form method="post" className="contents">
          <input type="hidden" name="id" value={message.id} />
          {message.status === "new" ? (
            <button type="submit" name="intent" value="read" className={rowActionClass} disabled={busy} aria-label={`Segna come letto «${message.subject}»`}>
              Segna come letto
            </button>
          ) : null}
          <button type="submit" name="intent" value="archive" className={rowActionClass} disabled={busy} aria-label={`Archivia «${message.subject}»`}>
            Archivia
          </button>
        </fetcher.Form>
      ) : null}
      <button type="button" className={`${rowActionClass} text-red-800`} disabled={busy || !hydrated} onClick={onDelete} aria-label={`Elimina «${message.subject}»`}>
        Elimina
      </button>
    </RowActions>
  );
}

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  const { messages, matching, page, pageCount, byStatus, q, status, selected, selectedId, notFound, deleted } = loaderData;
  // One fetcher for the pane and the list's menus: their answers show in the page's banner.
  const fetcher = useFetcher<typeof action>();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const banner = useActionStatus(fetcher, { initial: deleted ? { kind: "success", text: `${M.deleted}.`, key: 0 } : null, focusRef: bannerRef });

  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (status) search.set("status", status);
  const listSearch = new URLSearchParams(search);
  if (page > 1) listSearch.set("page", String(page));
  const listHref = `/admin/contacts${listSearch.size ? `?${listSearch}` : ""}`;
  const hrefFor = (id: string) => {
    const params = new URLSearchParams(listSearch);
    params.set("id", id);
    return `/admin/contacts?${params}`;
  };
  const paneOpen = selectedId !== null;
  const selection = useBulkSelection(listSearch.toString());
  const filtered = Boolean(q || status);
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Messaggi di contatto</h1>
      <ListFilters label="Cerca e filtra i messaggi" filtered={filtered} submitLabel="Filtra" className="mt-4">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="contacts-q" className="field-label">
            Cerca per nome, email o oggetto
          </label>
          <input id="contacts-q" name="q" type="search" defaultValue={q} maxLength={CONTACT_SEARCH_MAX_LENGTH} className="field-input" />
        </div>
        <div>
          <label htmlFor="contacts-status" className="field-label">
            Stato
          </label>
          <select id="contacts-status" name="status" defaultValue={status ?? ""} className="field-input">
            <option value="">Tutti ({formatNumber(total)})</option>
            {CONTACT_STATUSES.values.map((value) => (
              <option key={value} value={value}>
                {CONTACT_STATUSES.labels[value]} ({formatNumber(byStatus[value])})
              </option>
            ))}
          </select>
        </div>
      </ListFilters>
      <StatusBanner status={banner} focusRef={bannerRef} />
      <p className="mt-3 text-sm text-stone-700" aria-live="polite">
        {formatNumber(matching)} {matching === 1 ? "messaggio" : "messaggi"}
      </p>

      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Elenco dei messaggi" className={paneOpen ? "max-lg:hidden" : undefined}>
          <BulkBar area="contacts" selection={selection} pageKeys={messages.map((m) => m.id)} total={matching} filterQuery={search.toString()} pageCheckbox />
          {messages.length === 0 ? (
            <EmptyState title="Nessun messaggio.">
              {filtered ? (
                <PlainLink to="/admin/contacts" className="btn-secondary">
                  Mostra tutti i messaggi
                </PlainLink>
              ) : (
                <p>I messaggi inviati dal modulo della pagina Contatti arriveranno qui.</p>
              )}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
              {messages.map((m) => (
                <li key={m.id} className={`flex flex-col sm:flex-row sm:items-start sm:gap-2 sm:pr-3 ${m.id === selectedId ? "bg-brand-50" : ""}`}>
                  <input
                    type="checkbox"
                    className="mt-4 ml-4 size-5 shrink-0 accent-brand-700"
                    checked={selection.selected.has(m.id)}
                    onChange={(event) => selection.onToggle(m.id, event.target.checked)}
                    aria-label={`Seleziona il messaggio «${m.subject}» di ${m.name}`}
                  />
                  <PlainLink
                    to={hrefFor(m.id)}
                    aria-current={m.id === selectedId ? "true" : undefined}
                    className="block min-w-0 flex-1 p-4 hover:bg-stone-50"
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className={`break-words text-stone-900 ${m.status === "new" ? "font-bold" : "font-semibold"}`}>{m.subject}</span>
                      <StatusBadge status={m.status} />
                    </span>
                    <span className="mt-1 block text-sm break-words text-stone-700">
                      {m.name} · {m.email}
                    </span>
                    <span className="mt-1 block text-xs text-stone-600">{formatDateTimeLong(m.createdAt)}</span>
                  </PlainLink>
                  {/* Under the message on a narrow screen, where the menu opens towards the right. */}
                  <div className="px-4 pb-4 sm:px-0 sm:pt-3 sm:pb-0">
                    <MessageMenu message={m} fetcher={fetcher} onDelete={() => setToDelete(m.id)} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} search={search} label="Pagine dei messaggi" />
        </section>
        <section aria-label="Dettaglio del messaggio" className={paneOpen ? undefined : "max-lg:hidden"}>
          {selected ? (
            <DetailPane key={selected.id} message={selected} listHref={listHref} fetcher={fetcher} onDelete={() => setToDelete(selected.id)} />
          ) : notFound ? (
            <div className="rounded-2xl border border-stone-200 bg-white p-5">
              <BackToList listHref={listHref} />
              <h2 className="mt-2 text-xl font-bold text-stone-900 lg:mt-0">{M.notFound}</h2>
              <p className="mt-1 text-stone-700">{M.notFoundDetail}</p>
            </div>
          ) : (
            <p className="rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">Seleziona un messaggio per leggerlo.</p>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        question={M.deleteQuestion}
        confirmLabel="Elimina"
        destructive
        busy={fetcher.state !== "idle"}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void fetcher.submit({ intent: "delete", id: toDelete, back: listHref }, { method: "post" });
          setToDelete(null);
        }}
      />
    </>
  );
}
