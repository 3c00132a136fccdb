import { ArrowLeft, CircleAlert, ExternalLink, Plus, Trash2 } from "lucide";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/keywords";
import { adminActor } from "~/admin/gate.server";
import { refuseWithout } from "~/admin/access.server";
import { readAdminForm } from "~/admin/admin-form.server";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { StatusBanner } from "~/components/admin/kit/status-banner";
import { ConfirmDialog } from "~/components/admin/dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { Field } from "~/components/admin/kit/field";
import { PageHeader } from "~/components/admin/kit/page-header";
import { EditDeleteMenu } from "~/components/admin/kit/row-actions";
import { EnumOptions } from "~/components/enum-options";
import { FormErrors } from "~/components/form/form-messages";
import { useZodForm } from "~/components/form/zod-form";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { KEYWORD_STATUSES } from "~/lib/enums";
import type { FieldErrors } from "~/lib/field-errors";
import { readQuery } from "~/lib/form.server";
import { formatNumber } from "~/lib/format";
import { listPage, pageParam } from "~/lib/paging";
import { createKeyword, deleteKeyword, getKeyword, listKeywords, updateKeyword, type AdminKeyword, type AdminKeywordRow, type KeywordFailure } from "~/seo/admin.server";
import {
  DIFFICULTY_LABELS,
  difficultyBand,
  KEYWORD_LIMITS,
  KEYWORD_MESSAGES as M,
  keywordSchema,
  type KeywordField,
  type KeywordStatus,
} from "~/seo/keyword-validation";
import { useHydrated } from "~/components/use-hydrated";

// /admin/seo/keywords — the target keywords, 20 a page, each with the published articles that use
// it. Adding (`?edit=new`) and editing (`?edit={id}`) show the form in place of the list, so the
// form has its own address and works without JavaScript; a save goes back to the list with its
// message (`?saved=`).

const SAVED_MESSAGES = { created: M.created, updated: M.updated, deleted: M.deleted } as const;
type Saved = keyof typeof SAVED_MESSAGES;
const isSaved = (value: string | null): value is Saved => value !== null && Object.hasOwn(SAVED_MESSAGES, value);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const edit = query.get("edit");
  const page = pageParam(query);
  if (edit === "new") return { mode: "form" as const, keyword: null, page };
  if (edit !== null) {
    const found = await getKeyword(admin, edit);
    if (!found.ok) return data({ mode: "missing" as const, error: found.error, page }, { status: found.status });
    return { mode: "form" as const, keyword: found.keyword, page };
  }
  const list = listPage(url, await listKeywords(admin, { page }));
  const saved = query.get("saved");
  return { mode: "list" as const, ...list, message: isSaved(saved) ? SAVED_MESSAGES[saved] : null };
}

/** A refused save: its messages and what was typed, shown again (also without JavaScript). */
type ActionData = { ok: false; error: string; fieldErrors?: FieldErrors<KeywordField>; values?: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor } = read;
  const { intent, id = "", page = "", ...fields } = read.fields;
  const result =
    intent === "create"
      ? await createKeyword(actor, fields)
      : intent === "update"
        ? await updateKeyword(actor, id, fields)
        : intent === "delete"
          ? await deleteKeyword(actor, id)
          : (refuseWithout(actor, "seo.keywords") ?? { ok: false as const, status: 400, error: M.invalidAction });
  if (!result.ok) {
    const values = intent === "delete" ? undefined : fields;
    return data<ActionData>({ ok: false, error: result.error, fieldErrors: (result as KeywordFailure).fieldErrors, values }, { status: result.status });
  }
  const saved: Saved = intent === "create" ? "created" : intent === "update" ? "updated" : "deleted";
  // A new keyword is listed first: back to the first page; otherwise to the page it was edited from.
  const back = new URLSearchParams({ saved });
  if (saved !== "created" && /^[1-9]\d{0,5}$/.test(page) && page !== "1") back.set("page", page);
  throw redirect(`/admin/seo/keywords?${back}`);
}

export const meta: Route.MetaFunction = () => [{ title: "SEO: parole chiave — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function SeoKeywords({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "form") return <KeywordForm keyword={loaderData.keyword} page={loaderData.page} failure={actionData ?? null} />;
  if (loaderData.mode === "missing") {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-800">
        <p className="font-semibold">{loaderData.error}</p>
        <Link to="/admin/seo/keywords" className="mt-3 inline-block text-brand-800 underline">
          Torna alle parole chiave
        </Link>
      </div>
    );
  }
  const { items, total, page, pageCount, message } = loaderData;
  const editHref = (id: string) => `?edit=${id}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <div>
      <PageHeader
        level={2}
        title="Parole chiave"
        intro="Le ricerche per cui il sito vuole posizionarsi; per ognuna, gli articoli pubblicati che la usano (titolo, testo o meta tag)."
      >
        {total > 0 ? (
          <Link to="?edit=new" className="btn-primary">
            <Icon node={Plus} aria-hidden size={18} /> Aggiungi parola chiave
          </Link>
        ) : null}
      </PageHeader>

      <StatusBanner status={message ? { kind: "success", text: message, key: 0 } : null} />

      {total === 0 ? (
        <EmptyState title="Nessuna parola chiave ancora: aggiungi la prima per seguire le ricerche su cui puntare.">
          <Link to="?edit=new" className="btn-primary">
            <Icon node={Plus} aria-hidden size={18} /> Aggiungi la prima parola chiave
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-stone-700">{total === 1 ? "1 parola chiave" : `${formatNumber(total)} parole chiave`}</p>
          <DataTable
            label="Elenco delle parole chiave"
            columns={columns}
            rows={items}
            rowKey={(row) => row.id}
            actions={(row) => <EditDeleteMenu name={row.keyword} editHref={editHref(row.id)} />}
          />
          <Pagination page={page} pageCount={pageCount} search={new URLSearchParams()} label="Pagine delle parole chiave" />
        </>
      )}
    </div>
  );
}

const STATUS_COLOURS: Record<KeywordStatus, string> = {
  target: "bg-sky-100 text-sky-900",
  monitoring: "bg-amber-100 text-amber-900",
  ranked: "bg-green-100 text-green-900",
};

const BAND_COLOURS = { low: "bg-green-600", medium: "bg-amber-500", high: "bg-red-600" } as const;

function DifficultyBar({ difficulty }: { difficulty: number }) {
  const band = difficultyBand(difficulty);
  return (
    <span className="inline-flex items-center gap-2" data-band={band}>
      <span aria-hidden className="block h-2 w-20 overflow-hidden rounded-full bg-stone-200">
        <span className={`block h-full rounded-full ${BAND_COLOURS[band]}`} style={{ width: `${difficulty}%` }} />
      </span>
      <span className="text-sm text-stone-800">
        {difficulty} <span className="text-stone-600">({DIFFICULTY_LABELS[band]})</span>
      </span>
    </span>
  );
}

function ArticleUse({ row }: { row: AdminKeywordRow }) {
  if (row.articleCount === 0) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        <Icon node={CircleAlert} aria-hidden size={14} /> Nessun articolo
      </span>
    );
  }
  return (
    <a href={`/articles?q=${encodeURIComponent(row.keyword)}`} target="_blank" rel="noopener" className="text-brand-800 underline">
      {row.articleCount === 1 ? "1 articolo" : `${formatNumber(row.articleCount)} articoli`}
      <Icon node={ExternalLink} aria-hidden size={14} className="ml-1 inline" />
      <span className="sr-only"> che usano «{row.keyword}» (si apre in una nuova scheda)</span>
    </a>
  );
}

const columns: Column<AdminKeywordRow>[] = [
  { id: "keyword", header: "Parola chiave", labelOnCards: false, className: "font-semibold break-words text-stone-900", cell: (row) => row.keyword },
  { id: "notes", header: "Note", className: "max-w-xs break-words whitespace-pre-line text-stone-700", cell: (row) => row.notes ?? "—" },
  { id: "volume", header: "Volume", cell: (row) => (row.searchVolume === 0 ? "N/A" : formatNumber(row.searchVolume)) },
  { id: "difficulty", header: "Difficoltà", cell: (row) => <DifficultyBar difficulty={row.difficulty} /> },
  {
    id: "status",
    header: "Stato",
    cell: (row) => <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_COLOURS[row.status]}`}>{row.statusLabel}</span>,
  },
  { id: "articles", header: "Articoli", cell: (row) => <ArticleUse row={row} /> },
];

function KeywordForm({ keyword, page, failure }: { keyword: AdminKeyword | null; page: number; failure: ActionData | null }) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state !== "idle";
  const [form, fields] = useZodForm({ id: "keyword", schema: keywordSchema, answer: failure });
  const back = `/admin/seo/keywords${page > 1 ? `?page=${page}` : ""}`;
  const typed = failure?.values;

  return (
    <div className="max-w-2xl">
      <Link to={back} className="inline-flex items-center gap-1 text-sm text-brand-800 underline">
        <Icon node={ArrowLeft} aria-hidden size={16} /> Torna alle parole chiave
      </Link>
      <h2 className="mt-3 text-xl font-bold text-stone-900">{keyword ? "Modifica parola chiave" : "Nuova parola chiave"}</h2>
      {/* The inputs are not controlled: after a refused save the browser keeps what was typed. */}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-2xl border border-stone-200 bg-white p-5">
        <input type="hidden" name="intent" value={keyword ? "update" : "create"} />
        {keyword ? <input type="hidden" name="id" value={keyword.id} /> : null}
        <input type="hidden" name="page" value={page} />
        <Field field={fields.keyword} label="Parola chiave">
          <input
            {...getInputProps(fields.keyword, { type: "text" })}
            maxLength={KEYWORD_LIMITS.keyword}
            defaultValue={typed?.keyword ?? keyword?.keyword ?? ""}
            autoFocus
            className="field-input"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field field={fields.searchVolume} label="Volume di ricerca" hint="Ricerche al mese; 0 se non noto.">
            {/* Not required: left empty (or not a number) it means 0, as the spec says. */}
            <input
              {...getInputProps(fields.searchVolume, { type: "number", ariaDescribedBy: fields.searchVolume.descriptionId })}
              required={false}
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={typed?.searchVolume ?? keyword?.searchVolume ?? 0}
              className="field-input"
            />
          </Field>
          <Field field={fields.difficulty} label="Difficoltà (1-100)">
            <input
              {...getInputProps(fields.difficulty, { type: "number" })}
              required={false}
              inputMode="numeric"
              min={KEYWORD_LIMITS.difficultyMin}
              max={KEYWORD_LIMITS.difficultyMax}
              step={1}
              defaultValue={typed?.difficulty ?? keyword?.difficulty ?? KEYWORD_LIMITS.difficultyDefault}
              className="field-input"
            />
          </Field>
          <Field field={fields.status} label="Stato">
            <select {...getSelectProps(fields.status)} required={false} defaultValue={typed?.status ?? keyword?.status ?? "target"} className="field-input">
              <EnumOptions values={KEYWORD_STATUSES.values} labels={KEYWORD_STATUSES.labels} />
            </select>
          </Field>
        </div>
        <Field field={fields.notes} label="Note" optional="facoltative">
          <textarea
            {...getTextareaProps(fields.notes)}
            required={false}
            rows={3}
            maxLength={KEYWORD_LIMITS.notes}
            defaultValue={typed?.notes ?? keyword?.notes ?? ""}
            className="field-input"
          />
        </Field>
        <FormErrors title={M.saveError} form={form} />
        <div className="flex flex-wrap items-center gap-3 pt-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Salvataggio..." : keyword ? "Salva modifiche" : "Aggiungi parola chiave"}
          </button>
          <Link to={back} className="btn-secondary">
            Annulla
          </Link>
          {keyword ? (
            <button type="button" className="btn-secondary ml-auto text-red-800" disabled={!hydrated || busy} onClick={() => setConfirming(true)}>
              <Icon node={Trash2} aria-hidden size={16} /> Elimina
            </button>
          ) : null}
        </div>
      </Form>
      {keyword ? (
        <ConfirmDialog
          open={confirming}
          question={`Vuoi eliminare la parola chiave «${keyword.keyword}»? L'operazione non si può annullare.`}
          confirmLabel="Elimina"
          destructive
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void submit({ intent: "delete", id: keyword.id, page: String(page) }, { method: "post" });
          }}
        />
      ) : null}
    </div>
  );
}
