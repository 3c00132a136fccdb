import { cardGridAction } from "~/admin/card-grid-action.server";
import { useLocation } from "react-router";
import type { Route } from "./+types/redirects";
import { adminActor } from "~/admin/gate.server";
import { getInputProps, getSelectProps } from "@conform-to/react";
import { StatusBanner } from "~/components/admin/kit/status-banner";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { Field } from "~/components/admin/kit/field";
import { ItemEditorForms, ItemForm, useItemEditor, type ItemFormProps } from "~/components/admin/kit/item-editor";
import { AddButton, PageHeader } from "~/components/admin/kit/page-header";
import { EditDeleteMenu } from "~/components/admin/kit/row-actions";
import { useSaveForm } from "~/components/form/use-save-form";
import { Pagination } from "~/components/pagination";
import { REDIRECT_TYPES } from "~/lib/enums";
import { formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";
import { sortOf } from "~/lib/list-sort";
import { listPage, pageParam } from "~/lib/paging";
import { createRedirect, deleteRedirect, listRedirectsForAdmin, type AdminRedirect } from "~/seo/redirects-admin.server";
import {
  DEFAULT_REDIRECT_TYPE,
  REDIRECT_LIMITS,
  REDIRECT_MESSAGES as M,
  REDIRECT_TYPE_LABELS,
  redirectSchema,
  redirectSortSchema,
  type RedirectField,
} from "~/seo/redirect-validation";

// /admin/seo/redirects — the redirects, newest first (or by from path, which its unique index
// serves), 20 a page; an add form that replaces the list; delete after a confirmation from the
// row's menu. Decisions 0054 and 0102.

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const sort = sortOf(redirectSortSchema.parse(Object.fromEntries(query)));
  return { ...listPage(url, await listRedirectsForAdmin(admin, { page: pageParam(query), sort })), sort };
}

export function action(args: Route.ActionArgs) {
  return cardGridAction<RedirectField>(args, { create: createRedirect, delete: deleteRedirect, unknownIntent: M.saveError });
}

export const meta: Route.MetaFunction = () => [{ title: "Redirect — SEO — Zampa Admin" }, { name: "robots", content: "noindex" }];

const columns: Column<AdminRedirect>[] = [
  { id: "from", header: "Da", sortKey: "from", cell: (row) => <span className="font-mono break-all text-stone-900">{row.fromPath}</span> },
  { id: "to", header: "A", cell: (row) => <span className="font-mono break-all text-stone-900">{row.toPath}</span> },
  { id: "type", header: "Tipo", cell: (row) => row.redirectType },
  { id: "visits", header: "Visite", cell: (row) => <span data-testid="redirect-visits">{formatNumber(row.hitCount)}</span> },
  {
    id: "status",
    header: "Stato",
    cell: (row) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.isActive ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}>{row.isActive ? "Attivo" : "Inattivo"}</span>
    ),
  },
];

export default function SeoRedirects({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, sort } = loaderData;
  const location = useLocation();
  const editor = useItemEditor<AdminRedirect>({ deleteError: M.deleteError, inline: true });
  const adding = editor.editing !== null;

  return (
    <div>
      <PageHeader level={2} title="Redirect" intro="Reindirizzano un vecchio indirizzo del sito verso una nuova pagina, prima di ogni altra cosa.">
        <AddButton label="Nuovo redirect" onClick={() => editor.open(null)} expanded={adding} />
      </PageHeader>

      <ItemEditorForms
        editor={editor}
        name="redirect"
        nested
        formTitle={() => "Nuovo redirect"}
        form={(props) => <RedirectForm {...props} />}
        deleteQuestion={(row) => `Vuoi eliminare il redirect da ${row.fromPath} a ${row.toPath}? L'operazione non si può annullare.`}
      />
      <StatusBanner status={editor.feedback} focusRef={editor.statusRef} />

      {adding ? null : items.length === 0 ? (
        <EmptyState title="Nessun redirect: aggiungine uno.">
          <AddButton label="Aggiungi il primo redirect" onClick={() => editor.open(null)} />
        </EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-stone-700">{total === 1 ? "1 redirect" : `${formatNumber(total)} redirect`}</p>
          <DataTable
            label="Elenco dei redirect"
            columns={columns}
            rows={items}
            rowKey={(row) => row.id}
            sort={sort}
            actions={(row) => <EditDeleteMenu name={row.fromPath} onDelete={() => editor.askDelete(row)} deleting={editor.deleting} />}
          />
          <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(location.search)} label="Pagine dei redirect" />
        </>
      )}
    </div>
  );
}

function RedirectForm({ item, onCancel, onSaved }: ItemFormProps<AdminRedirect>) {
  const save = useSaveForm({ id: "redirect", schema: redirectSchema, onSaved });
  const { fields } = save;

  return (
    <ItemForm save={save} item={item} saveError={M.saveError} saveLabel={{ create: "Aggiungi redirect", update: "Salva modifiche" }} onCancel={onCancel}>
      <Field field={fields.fromPath} label="Percorso di origine" hint="Relativo, senza dominio: inizia con /.">
        <input
          {...getInputProps(fields.fromPath, { type: "text", ariaDescribedBy: fields.fromPath.descriptionId })}
          maxLength={REDIRECT_LIMITS.fromPath}
          placeholder="/vecchia-pagina"
          autoCapitalize="none"
          spellCheck={false}
          className="field-input font-mono"
        />
      </Field>
      <Field field={fields.toPath} label="Percorso di destinazione" hint="Un percorso del sito (/nuova-pagina) o un indirizzo completo (https://…).">
        <input
          {...getInputProps(fields.toPath, { type: "text", ariaDescribedBy: fields.toPath.descriptionId })}
          maxLength={REDIRECT_LIMITS.toPath}
          placeholder="/nuova-pagina"
          autoCapitalize="none"
          spellCheck={false}
          className="field-input font-mono"
        />
      </Field>
      <Field field={fields.redirectType} label="Tipo">
        <select {...getSelectProps(fields.redirectType)} defaultValue={String(DEFAULT_REDIRECT_TYPE)} className="field-input bg-white">
          {REDIRECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {REDIRECT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
    </ItemForm>
  );
}
