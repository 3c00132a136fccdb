import { ExternalLink, Images, Pencil, Plus, Trash2 } from "lucide";
import { cardGridAction, type CardActionData } from "~/admin/card-grid-action.server";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/contests";
import { adminActor } from "~/admin/gate.server";
import { CardActions, ErrorSummary, type Feedback, fieldAria, FieldMessage, SaveOrCancel, StatusLine, useSaveForm } from "~/components/admin/card-form";
import { ConfirmDialog } from "~/components/admin/dialog";
import { voteCount } from "~/components/contests/vote-count";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { createContest, deleteContest, listContestsForAdmin, updateContest, type AdminContest } from "~/contests/admin.server";
import {
  CONTEST_FORM_LIMITS as L,
  CONTEST_FORM_MESSAGES as F,
  contestFormSchema,
  toContestDateInput,
  type ContestFormField,
} from "~/contests/validation";
import { CONTEST_STATUSES } from "~/lib/enums";
import { fieldErrorsOf } from "~/lib/field-errors";
import { formatDateLong, formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";

// /admin/contests — every contest with its entries and votes counted, created and edited in a form
// above the list, deleted after a confirmation that says what goes with it. Each card leads to the
// moderation of its entries. The admin layout's gate guards the page and its actions; the domain
// module checks the role again for every action.

type ActionData = CardActionData<ContestFormField>;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await listContestsForAdmin(admin, { page: pageParam(readQuery(request)) });
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(url, result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  return page;
}

export function action(args: Route.ActionArgs) {
  return cardGridAction<ContestFormField>(args, { create: createContest, update: updateContest, delete: deleteContest, unknownIntent: F.saveError });
}

export const meta: Route.MetaFunction = () => [{ title: "Concorsi — Zampa Admin" }, { name: "robots", content: "noindex" }];

const BADGE: Record<AdminContest["status"], string> = {
  draft: "bg-amber-100 text-amber-900",
  active: "bg-green-100 text-green-900",
  ended: "bg-stone-200 text-stone-800",
};

const entriesLabel = (n: number) => (n === 1 ? "1 partecipazione" : `${formatNumber(n)} partecipazioni`);

type Editing = { mode: "create" } | { mode: "edit"; contest: AdminContest } | null;

export default function AdminContests({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  const location = useLocation();
  const [editing, setEditing] = useState<Editing>(null);
  const [opened, setOpened] = useState(0);
  const [toDelete, setToDelete] = useState<AdminContest | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const remover = useFetcher<ActionData>();
  const handled = useRef<ActionData | undefined>(undefined);
  const focusStatus = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const result = remover.data;
    if (remover.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setFeedback({ kind: result.ok ? "success" : "error", text: result.ok ? result.message : `${F.deleteError}: ${result.error}`, key: Date.now() });
    focusStatus.current = true;
  }, [remover.state, remover.data]);

  // After a save or a delete the button that had the focus may be gone: the message takes it.
  useEffect(() => {
    if (!feedback || !focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [feedback]);

  const open = (next: Editing, from: HTMLElement) => {
    opener.current = from;
    setFeedback(null);
    setOpened((n) => n + 1);
    setEditing(next);
  };
  const close = () => {
    setEditing(null);
    opener.current?.focus();
  };

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Concorsi</h1>
          <p className="mt-1 text-sm text-stone-700">I concorsi fotografici, con le partecipazioni e i voti ricevuti.</p>
        </div>
        <button type="button" className="btn-primary" onClick={(event) => open({ mode: "create" }, event.currentTarget)} aria-expanded={editing?.mode === "create"}>
          <Icon node={Plus} aria-hidden size={18} /> Nuovo concorso
        </button>
      </div>

      {editing ? (
        <ContestForm
          key={opened}
          contest={editing.mode === "edit" ? editing.contest : null}
          onCancel={close}
          onSaved={(message) => {
            setEditing(null);
            focusStatus.current = true;
            setFeedback({ kind: "success", text: message, key: Date.now() });
          }}
        />
      ) : null}

      <StatusLine feedback={feedback} focusRef={statusRef} />

      <p className="mt-4 text-sm text-stone-700">{total === 1 ? "1 concorso" : `${formatNumber(total)} concorsi`}</p>

      {items.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">Nessun concorso: creane uno.</p>
      ) : (
        <ul className="mt-4 space-y-4" aria-label="Elenco dei concorsi">
          {items.map((contest) => (
            <li key={contest.id} className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 text-lg font-bold break-words text-stone-900">{contest.title}</h2>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[contest.status]}`}>{contest.statusLabel}</span>
              </div>
              <p className="mt-1 text-sm text-stone-700">
                Dal {formatDateLong(contest.startDate)} al {formatDateLong(contest.endDate)} · max {contest.maxSubmissionsPerUser} foto per utente
              </p>
              <p className="mt-1 text-sm font-medium text-stone-800">
                {entriesLabel(contest.entries)}
                {contest.pending > 0 ? ` (${formatNumber(contest.pending)} in attesa)` : ""} · {voteCount(contest.votes)}
              </p>
              <CardActions>
                <Link to={`/admin/contests/${contest.id}/submissions`} className="btn-primary" aria-label={`Modera partecipazioni di «${contest.title}»`}>
                  <Icon node={Images} aria-hidden size={16} /> Modera partecipazioni
                </Link>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={(event) => open({ mode: "edit", contest }, event.currentTarget)}
                  aria-label={`Modifica il concorso «${contest.title}»`}
                >
                  <Icon node={Pencil} aria-hidden size={16} /> Modifica
                </button>
                <button
                  type="button"
                  className="btn-secondary text-red-800"
                  onClick={() => setToDelete(contest)}
                  disabled={remover.state !== "idle"}
                  aria-label={`Elimina il concorso «${contest.title}»`}
                >
                  <Icon node={Trash2} aria-hidden size={16} /> Elimina
                </button>
                {contest.status !== "draft" ? (
                  <a href={`/contests/${contest.id}`} target="_blank" rel="noopener" className="btn-secondary" aria-label={`Pagina pubblica di «${contest.title}» (si apre in una nuova scheda)`}>
                    <Icon node={ExternalLink} aria-hidden size={16} /> Pagina pubblica
                  </a>
                ) : null}
              </CardActions>
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(location.search)} label="Pagine dei concorsi" />

      <ConfirmDialog
        open={toDelete !== null}
        question={toDelete ? F.deleteQuestion(toDelete.title, toDelete.entries) : ""}
        confirmLabel="Elimina"
        destructive
        busy={remover.state !== "idle"}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remover.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
          if (editing?.mode === "edit" && editing.contest.id === toDelete.id) setEditing(null);
          setToDelete(null);
        }}
      />
    </div>
  );
}

function ContestForm({ contest, onCancel, onSaved }: { contest: AdminContest | null; onCancel: () => void; onSaved: (message: string) => void }) {
  const { fetcher, busy, errors, summary, setClientErrors } = useSaveForm<ContestFormField>(onSaved);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form opens above the list: the focus goes to it, so keyboard and screen-reader users land there.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "nearest" });
  }, []);

  const title = contest ? `Modifica concorso «${contest.title}»` : "Nuovo concorso";

  return (
    <section aria-labelledby="contest-form-title" className="mt-6 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
      <h2 id="contest-form-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold break-words text-stone-900">
        {title}
      </h2>
      <fetcher.Form
        method="post"
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
          const parsed = contestFormSchema.safeParse(values);
          if (!parsed.success) {
            event.preventDefault();
            setClientErrors(fieldErrorsOf(parsed.error));
          } else setClientErrors(null);
        }}
      >
        <input type="hidden" name="intent" value={contest ? "update" : "create"} />
        {contest ? <input type="hidden" name="id" value={contest.id} /> : null}
        <div className="sm:col-span-2">
          <label htmlFor="contest-title" className="field-label">
            Titolo
          </label>
          <input id="contest-title" name="title" required maxLength={L.title} defaultValue={contest?.title ?? ""} className="field-input" {...fieldAria("contest-title", errors.title)} />
          <FieldMessage fieldId="contest-title" error={errors.title} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contest-description" className="field-label">
            Descrizione
          </label>
          <textarea
            id="contest-description"
            name="description"
            required
            rows={4}
            maxLength={L.description}
            defaultValue={contest?.description ?? ""}
            className="field-input"
            {...fieldAria("contest-description", errors.description)}
          />
          <FieldMessage fieldId="contest-description" error={errors.description} />
        </div>
        <div>
          <label htmlFor="contest-start" className="field-label">
            Data di inizio
          </label>
          <input
            id="contest-start"
            name="startDate"
            type="date"
            required
            defaultValue={toContestDateInput(contest?.startDate)}
            className="field-input"
            {...fieldAria("contest-start", errors.startDate)}
          />
          <FieldMessage fieldId="contest-start" error={errors.startDate} />
        </div>
        <div>
          <label htmlFor="contest-end" className="field-label">
            Data di fine
          </label>
          <input
            id="contest-end"
            name="endDate"
            type="date"
            required
            defaultValue={toContestDateInput(contest?.endDate)}
            className="field-input"
            {...fieldAria("contest-end", errors.endDate, "contest-dates-hint")}
          />
          <FieldMessage fieldId="contest-end" error={errors.endDate} />
        </div>
        <p id="contest-dates-hint" className="-mt-2 text-sm text-stone-600 sm:col-span-2">
          Il concorso inizia alle 00:00 del primo giorno e termina alle 23:59 dell'ultimo (ora italiana).
        </p>
        <div>
          <label htmlFor="contest-status" className="field-label">
            Stato
          </label>
          <select id="contest-status" name="status" defaultValue={contest?.status ?? "draft"} className="field-input bg-white" {...fieldAria("contest-status", errors.status)}>
            <EnumOptions values={CONTEST_STATUSES.values} labels={CONTEST_STATUSES.labels} />
          </select>
          <FieldMessage fieldId="contest-status" error={errors.status} />
        </div>
        <div>
          <label htmlFor="contest-max" className="field-label">
            Foto massime per utente
          </label>
          <input
            id="contest-max"
            name="maxSubmissionsPerUser"
            type="number"
            inputMode="numeric"
            min={L.minPhotos}
            max={L.maxPhotos}
            step={1}
            defaultValue={contest?.maxSubmissionsPerUser ?? L.defaultPhotos}
            className="field-input"
            {...fieldAria("contest-max", errors.maxSubmissionsPerUser, "contest-max-hint")}
          />
          <p id="contest-max-hint" className="mt-1 text-sm text-stone-600">
            Da {L.minPhotos} a {L.maxPhotos}.
          </p>
          <FieldMessage fieldId="contest-max" error={errors.maxSubmissionsPerUser} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contest-prize" className="field-label">
            Premio <span className="font-normal text-stone-600">(facoltativo)</span>
          </label>
          <textarea
            id="contest-prize"
            name="prizeDescription"
            rows={2}
            maxLength={L.prize}
            defaultValue={contest?.prizeDescription ?? ""}
            className="field-input"
            {...fieldAria("contest-prize", errors.prizeDescription)}
          />
          <FieldMessage fieldId="contest-prize" error={errors.prizeDescription} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contest-rules" className="field-label">
            Regolamento <span className="font-normal text-stone-600">(facoltativo)</span>
          </label>
          <textarea id="contest-rules" name="rules" rows={4} maxLength={L.rules} defaultValue={contest?.rules ?? ""} className="field-input" {...fieldAria("contest-rules", errors.rules)} />
          <FieldMessage fieldId="contest-rules" error={errors.rules} />
        </div>
        <div className="sm:col-span-2">
          <ErrorSummary title={F.saveError} errors={summary} />
        </div>
        <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={contest ? "Salva modifiche" : "Crea concorso"} className="sm:col-span-2" />
      </fetcher.Form>
    </section>
  );
}
