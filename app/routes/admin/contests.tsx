import { ExternalLink, Images } from "lucide";
import { cardGridAction } from "~/admin/card-grid-action.server";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/contests";
import { adminActor } from "~/admin/gate.server";
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { CardGrid } from "~/components/admin/kit/card-grid";
import { Field } from "~/components/admin/kit/field";
import { ItemForm, type ItemFormProps } from "~/components/admin/kit/item-editor";
import { useSaveForm } from "~/components/form/use-save-form";
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
import { listPage, pageParam } from "~/lib/paging";

// /admin/contests — every contest with its entries and votes counted, created and edited in a form
// above the list (the spec's inline form), deleted after a confirmation that says what goes with
// it. Each card leads to the moderation of its entries. The admin layout's gate guards the page and its actions; the domain
// module checks the role again for every action.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const query = readQuery(request);
  const pending = query.get("pending") === "1";
  const loaded = listPage(url, await listContestsForAdmin(adminActor(context), { page: pageParam(query), pending }));
  return { ...loaded, pending };
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

export default function AdminContests({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, pending } = loaderData;
  const location = useLocation();
  return (
    <CardGrid<AdminContest>
      title="Concorsi"
      intro="I concorsi fotografici, con le partecipazioni e i voti ricevuti."
      addLabel="Nuovo concorso"
      items={items}
      listLabel="Elenco dei concorsi"
      empty={{ title: "Nessun concorso: creane uno.", action: "Crea il primo concorso" }}
      what={(contest) => `il concorso «${contest.title}»`}
      summary={
        <p className="mt-4 text-sm text-stone-700">
          {total === 1 ? "1 concorso" : `${formatNumber(total)} concorsi`}
          {/* The to-do card's filter (decision 0111). */}
          {pending ? (
            <>
              {" "}
              con partecipazioni in attesa ·{" "}
              <Link to="/admin/contests" className="font-semibold text-brand-800 underline">
                Mostra tutti i concorsi
              </Link>
            </>
          ) : null}
        </p>
      }
      card={(contest) => (
        <>
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
        </>
      )}
      actions={(contest, editDelete) => (
        <>
          <Link to={`/admin/contests/${contest.id}/submissions${pending && contest.pending > 0 ? "?status=pending" : ""}`} className="btn-primary" aria-label={`Modera partecipazioni di «${contest.title}»`}>
            <Icon node={Images} aria-hidden size={16} /> Modera partecipazioni
          </Link>
          {editDelete}
          {contest.status !== "draft" ? (
            <a href={`/contests/${contest.id}`} target="_blank" rel="noopener" className="btn-secondary" aria-label={`Pagina pubblica di «${contest.title}» (si apre in una nuova scheda)`}>
              <Icon node={ExternalLink} aria-hidden size={16} /> Pagina pubblica
            </a>
          ) : null}
        </>
      )}
      columns={2}
      inline
      name="contest"
      formTitle={(contest) => (contest ? `Modifica concorso «${contest.title}»` : "Nuovo concorso")}
      form={(props) => <ContestForm {...props} />}
      deleteQuestion={(contest) => F.deleteQuestion(contest.title, contest.entries)}
      deleteError={F.deleteError}
    >
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(location.search)} label="Pagine dei concorsi" />
    </CardGrid>
  );
}

function ContestForm({ item: contest, onCancel, onSaved }: ItemFormProps<AdminContest>) {
  // A number field holding text that is not a number sends nothing, which would mean the default.
  const save = useSaveForm({ id: "contest", schema: contestFormSchema, onSaved, badInput: { maxSubmissionsPerUser: F.maxPhotosInvalid } });
  const { fields } = save;
  const wide = "sm:col-span-2";

  return (
    <ItemForm save={save} item={contest} saveError={F.saveError} saveLabel={{ create: "Crea concorso", update: "Salva modifiche" }} onCancel={onCancel} twoColumns>
      <Field field={fields.title} label="Titolo" className={wide}>
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={L.title} defaultValue={contest?.title ?? ""} className="field-input" />
      </Field>
      <Field field={fields.description} label="Descrizione" className={wide}>
        <textarea {...getTextareaProps(fields.description)} rows={4} maxLength={L.description} defaultValue={contest?.description ?? ""} className="field-input" />
      </Field>
      <Field field={fields.startDate} label="Data di inizio">
        <input {...getInputProps(fields.startDate, { type: "date" })} defaultValue={toContestDateInput(contest?.startDate)} className="field-input" />
      </Field>
      <Field field={fields.endDate} label="Data di fine" hint="Il concorso inizia alle 00:00 del primo giorno e termina alle 23:59 dell'ultimo (ora italiana).">
        <input
          {...getInputProps(fields.endDate, { type: "date", ariaDescribedBy: fields.endDate.descriptionId })}
          defaultValue={toContestDateInput(contest?.endDate)}
          className="field-input"
        />
      </Field>
      <Field field={fields.status} label="Stato">
        <select {...getSelectProps(fields.status)} defaultValue={contest?.status ?? "draft"} className="field-input bg-white">
          <EnumOptions values={CONTEST_STATUSES.values} labels={CONTEST_STATUSES.labels} />
        </select>
      </Field>
      <Field field={fields.maxSubmissionsPerUser} label="Foto massime per utente" hint={`Da ${L.minPhotos} a ${L.maxPhotos}.`}>
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
      </Field>
      <Field field={fields.prizeDescription} label="Premio" optional="facoltativo" className={wide}>
        <textarea {...getTextareaProps(fields.prizeDescription)} rows={2} maxLength={L.prize} defaultValue={contest?.prizeDescription ?? ""} className="field-input" />
      </Field>
      <Field field={fields.rules} label="Regolamento" optional="facoltativo" className={wide}>
        <textarea {...getTextareaProps(fields.rules)} rows={4} maxLength={L.rules} defaultValue={contest?.rules ?? ""} className="field-input" />
      </Field>
    </ItemForm>
  );
}
