import { ExternalLink, Images, Plus } from "lucide";
import { cardGridAction, type CardActionData } from "~/admin/card-grid-action.server";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/contests";
import { adminActor } from "~/admin/gate.server";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { CardActions, EditDeleteButtons, type Feedback, SaveOrCancel, StatusLine } from "~/components/admin/card-form";
import { FieldError, FormErrors } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
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
                <EditDeleteButtons
                  what={`il concorso «${contest.title}»`}
                  onEdit={(event) => open({ mode: "edit", contest }, event.currentTarget)}
                  onDelete={() => setToDelete(contest)}
                  deleting={remover.state !== "idle"}
                />
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
  // A number field holding text that is not a number sends nothing, which would mean the default.
  const { fetcher, busy, form, fields } = useSaveForm({ id: "contest", schema: contestFormSchema, onSaved, badInput: { maxSubmissionsPerUser: F.maxPhotosInvalid } });
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
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={contest ? "update" : "create"} />
        {contest ? <input type="hidden" name="id" value={contest.id} /> : null}
        <div className="sm:col-span-2">
          <label htmlFor={fields.title.id} className="field-label">
            Titolo
          </label>
          <input {...getInputProps(fields.title, { type: "text" })} maxLength={L.title} defaultValue={contest?.title ?? ""} className="field-input" />
          <FieldError field={fields.title} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fields.description.id} className="field-label">
            Descrizione
          </label>
          <textarea {...getTextareaProps(fields.description)} rows={4} maxLength={L.description} defaultValue={contest?.description ?? ""} className="field-input" />
          <FieldError field={fields.description} />
        </div>
        <div>
          <label htmlFor={fields.startDate.id} className="field-label">
            Data di inizio
          </label>
          <input {...getInputProps(fields.startDate, { type: "date" })} defaultValue={toContestDateInput(contest?.startDate)} className="field-input" />
          <FieldError field={fields.startDate} />
        </div>
        <div>
          <label htmlFor={fields.endDate.id} className="field-label">
            Data di fine
          </label>
          <input
            {...getInputProps(fields.endDate, { type: "date", ariaDescribedBy: fields.endDate.descriptionId })}
            defaultValue={toContestDateInput(contest?.endDate)}
            className="field-input"
          />
          <FieldError field={fields.endDate} />
        </div>
        <p id={fields.endDate.descriptionId} className="-mt-2 text-sm text-stone-600 sm:col-span-2">
          Il concorso inizia alle 00:00 del primo giorno e termina alle 23:59 dell'ultimo (ora italiana).
        </p>
        <div>
          <label htmlFor={fields.status.id} className="field-label">
            Stato
          </label>
          <select {...getSelectProps(fields.status)} defaultValue={contest?.status ?? "draft"} className="field-input bg-white">
            <EnumOptions values={CONTEST_STATUSES.values} labels={CONTEST_STATUSES.labels} />
          </select>
          <FieldError field={fields.status} />
        </div>
        <div>
          <label htmlFor={fields.maxSubmissionsPerUser.id} className="field-label">
            Foto massime per utente
          </label>
          {/* Empty means the default: Conform reads the field as required from the number it becomes. */}
          <input
            {...getInputProps(fields.maxSubmissionsPerUser, { type: "number", ariaDescribedBy: fields.maxSubmissionsPerUser.descriptionId })}
            required={false}
            inputMode="numeric"
            min={L.minPhotos}
            max={L.maxPhotos}
            step={1}
            defaultValue={contest?.maxSubmissionsPerUser ?? L.defaultPhotos}
            className="field-input"
          />
          <p id={fields.maxSubmissionsPerUser.descriptionId} className="mt-1 text-sm text-stone-600">
            Da {L.minPhotos} a {L.maxPhotos}.
          </p>
          <FieldError field={fields.maxSubmissionsPerUser} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fields.prizeDescription.id} className="field-label">
            Premio <span className="font-normal text-stone-600">(facoltativo)</span>
          </label>
          <textarea {...getTextareaProps(fields.prizeDescription)} rows={2} maxLength={L.prize} defaultValue={contest?.prizeDescription ?? ""} className="field-input" />
          <FieldError field={fields.prizeDescription} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fields.rules.id} className="field-label">
            Regolamento <span className="font-normal text-stone-600">(facoltativo)</span>
          </label>
          <textarea {...getTextareaProps(fields.rules)} rows={4} maxLength={L.rules} defaultValue={contest?.rules ?? ""} className="field-input" />
          <FieldError field={fields.rules} />
        </div>
        <div className="sm:col-span-2">
          <FormErrors title={F.saveError} form={form} />
        </div>
        <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={contest ? "Salva modifiche" : "Crea concorso"} className="sm:col-span-2" />
      </fetcher.Form>
    </section>
  );
}
