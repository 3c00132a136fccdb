import { Plus, Trash2 } from "lucide";
import { cardGridAction, type CardActionData } from "~/admin/card-grid-action.server";
import { useEffect, useRef, useState } from "react";
import { data, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/redirects";
import { adminActor } from "~/admin/gate.server";
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { StatusLine, type Feedback } from "~/components/admin/card-form";
import { FieldError, FormErrors } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
import { ConfirmDialog } from "~/components/admin/dialog";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { REDIRECT_TYPES } from "~/lib/enums";
import { formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { createRedirect, deleteRedirect, listRedirectsForAdmin, type AdminRedirect } from "~/seo/redirects-admin.server";
import {
  DEFAULT_REDIRECT_TYPE,
  REDIRECT_LIMITS,
  REDIRECT_MESSAGES as M,
  REDIRECT_TYPE_LABELS,
  redirectSchema,
  type RedirectField,
} from "~/seo/redirect-validation";

// /admin/seo/redirects — the redirects, newest first, 20 a page; an add form that replaces the list;
// delete after a confirmation. Decision 0054.

type ActionData = CardActionData<RedirectField>;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const result = await listRedirectsForAdmin(admin, { page: pageParam(query) });
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(url, result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  return page;
}

export function action(args: Route.ActionArgs) {
  return cardGridAction<RedirectField>(args, { create: createRedirect, delete: deleteRedirect, unknownIntent: M.saveError });
}

export const meta: Route.MetaFunction = () => [{ title: "Redirect — SEO — Zampa Admin" }, { name: "robots", content: "noindex" }];

const cell = "block px-3 py-1 md:table-cell md:py-3 md:align-top";
const cellLabel = "mr-1 font-medium text-stone-600 md:hidden";

export default function SeoRedirects({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  const location = useLocation();
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState(0);
  const [toDelete, setToDelete] = useState<AdminRedirect | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const remover = useFetcher<ActionData>();
  const handled = useRef<ActionData | undefined>(undefined);
  const focusStatus = useRef(false);
  const focusAdd = useRef(false);

  // Back from a cancelled form, the focus returns to the button that opened it.
  useEffect(() => {
    if (adding || !focusAdd.current) return;
    focusAdd.current = false;
    addButtonRef.current?.focus();
  }, [adding]);

  useEffect(() => {
    const result = remover.data;
    if (remover.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setFeedback({ kind: result.ok ? "success" : "error", text: result.ok ? result.message : `${M.deleteError}: ${result.error}`, key: Date.now() });
    focusStatus.current = true;
  }, [remover.state, remover.data]);

  // After a delete the row whose button had the focus is gone: the message takes it, once shown.
  useEffect(() => {
    if (!feedback || !focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [feedback]);

  return (
    <section aria-labelledby="redirects-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="redirects-title" className="text-xl font-bold text-stone-900">
            Redirect
          </h2>
          <p className="mt-1 text-sm text-stone-700">Reindirizzano un vecchio indirizzo del sito verso una nuova pagina, prima di ogni altra cosa.</p>
        </div>
        {adding ? null : (
          <button
            ref={addButtonRef}
            type="button"
            className="btn-primary"
            onClick={() => {
              setFeedback(null);
              setOpened((n) => n + 1);
              setAdding(true);
            }}
          >
            <Icon node={Plus} aria-hidden size={18} /> Nuovo redirect
          </button>
        )}
      </div>

      <StatusLine feedback={feedback} focusRef={statusRef} />

      {adding ? (
        <RedirectForm
          key={opened}
          onCancel={() => {
            focusAdd.current = true;
            setAdding(false);
          }}
          onSaved={(message) => {
            setAdding(false);
            setFeedback({ kind: "success", text: message, key: Date.now() });
            focusStatus.current = true;
          }}
        />
      ) : items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">Nessun redirect: aggiungine uno.</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-stone-700">{total === 1 ? "1 redirect" : `${formatNumber(total)} redirect`}</p>
          <table className="mt-2 block w-full text-sm md:table md:rounded-2xl md:border md:border-stone-200 md:bg-white">
            <caption className="sr-only">Elenco dei redirect</caption>
            <thead className="sr-only md:not-sr-only md:table-header-group">
              <tr className="border-b border-stone-200 text-left text-stone-700">
                <th scope="col" className="px-3 py-2 font-semibold">Da</th>
                <th scope="col" className="px-3 py-2 font-semibold">A</th>
                <th scope="col" className="px-3 py-2 font-semibold">Tipo</th>
                <th scope="col" className="px-3 py-2 font-semibold">Visite</th>
                <th scope="col" className="px-3 py-2 font-semibold">Stato</th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">Azioni</span>
                </th>
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group md:space-y-0">
              {items.map((row) => (
                <tr key={row.id} className="block rounded-2xl border border-stone-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0">
                  <td className={cell}>
                    <span className={cellLabel}>Da:</span>
                    <span className="font-mono break-all text-stone-900">{row.fromPath}</span>
                  </td>
                  <td className={cell}>
                    <span className={cellLabel}>A:</span>
                    <span className="font-mono break-all text-stone-900">{row.toPath}</span>
                  </td>
                  <td className={cell}>
                    <span className={cellLabel}>Tipo:</span>
                    {row.redirectType}
                  </td>
                  <td className={cell}>
                    <span className={cellLabel}>Visite:</span>
                    <span data-testid="redirect-visits">{formatNumber(row.hitCount)}</span>
                  </td>
                  <td className={cell}>
                    <span className={cellLabel}>Stato:</span>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.isActive ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}>
                      {row.isActive ? "Attivo" : "Inattivo"}
                    </span>
                  </td>
                  <td className={`${cell} md:whitespace-nowrap`}>
                    <button
                      type="button"
                      className="btn-secondary text-red-800"
                      disabled={remover.state !== "idle"}
                      onClick={() => setToDelete(row)}
                      aria-label={`Elimina il redirect da ${row.fromPath}`}
                    >
                      <Icon node={Trash2} aria-hidden size={16} /> Elimina
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(location.search)} label="Pagine dei redirect" />
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        question={toDelete ? `Vuoi eliminare il redirect da ${toDelete.fromPath} a ${toDelete.toPath}? L'operazione non si può annullare.` : ""}
        confirmLabel="Elimina"
        destructive
        busy={remover.state !== "idle"}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remover.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
          setToDelete(null);
        }}
      />
    </section>
  );
}

function RedirectForm({ onCancel, onSaved }: { onCancel: () => void; onSaved: (message: string) => void }) {
  const { fetcher, busy, form, fields } = useSaveForm({ id: "redirect", schema: redirectSchema, onSaved });
  const fromRef = useRef<HTMLInputElement>(null);

  // The form replaces the list: the focus goes to its first field.
  useEffect(() => fromRef.current?.focus(), []);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-labelledby="redirect-form-title" className="mt-6 max-w-2xl space-y-4 rounded-2xl border border-stone-200 bg-white p-5">
      <h3 id="redirect-form-title" className="text-lg font-bold text-stone-900">
        Nuovo redirect
      </h3>
      <input type="hidden" name="intent" value="create" />
      <div>
        <label htmlFor={fields.fromPath.id} className="field-label">
          Percorso di origine
        </label>
        <input
          {...getInputProps(fields.fromPath, { type: "text", ariaDescribedBy: fields.fromPath.descriptionId })}
          ref={fromRef}
          maxLength={REDIRECT_LIMITS.fromPath}
          placeholder="/vecchia-pagina"
          autoCapitalize="none"
          spellCheck={false}
          className="field-input font-mono"
        />
        <p id={fields.fromPath.descriptionId} className="mt-1 text-sm text-stone-600">
          Relativo, senza dominio: inizia con /.
        </p>
        <FieldError field={fields.fromPath} />
      </div>
      <div>
        <label htmlFor={fields.toPath.id} className="field-label">
          Percorso di destinazione
        </label>
        <input
          {...getInputProps(fields.toPath, { type: "text", ariaDescribedBy: fields.toPath.descriptionId })}
          maxLength={REDIRECT_LIMITS.toPath}
          placeholder="/nuova-pagina"
          autoCapitalize="none"
          spellCheck={false}
          className="field-input font-mono"
        />
        <p id={fields.toPath.descriptionId} className="mt-1 text-sm text-stone-600">
          Un percorso del sito (/nuova-pagina) o un indirizzo completo (https://…).
        </p>
        <FieldError field={fields.toPath} />
      </div>
      <div>
        <label htmlFor={fields.redirectType.id} className="field-label">
          Tipo
        </label>
        <select {...getSelectProps(fields.redirectType)} defaultValue={String(DEFAULT_REDIRECT_TYPE)} className="field-input bg-white">
          {REDIRECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {REDIRECT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        <FieldError field={fields.redirectType} />
      </div>
      <FormErrors title={M.saveError} form={form} />
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annulla
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Salvataggio..." : "Aggiungi redirect"}
        </button>
      </div>
    </fetcher.Form>
  );
}
