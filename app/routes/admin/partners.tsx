import { ExternalLink, Plus } from "lucide";
import { data } from "react-router";
import type { Route } from "./+types/partners";
import { adminActor } from "~/admin/gate.server";
import { cardGridAction } from "~/admin/card-grid-action.server";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { CardActions, EditDeleteButtons, SaveOrCancel, StatusLine, useCardGrid } from "~/components/admin/card-form";
import { FieldError, FormErrors } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
import { ConfirmDialog, Dialog } from "~/components/admin/dialog";
import { Icon } from "~/components/icon";
import { createPartner, deletePartner, listPartnersForAdmin, updatePartner, type AdminPartner } from "~/partners/admin.server";
import { PARTNER_LIMITS, PARTNER_MESSAGES as M, partnerSchema, type PartnerField } from "~/partners/validation";

// /admin/partners — the partners as cards, created and edited in a modal (the active toggle is
// there), deleted after a confirmation. The admin layout's gate guards the page and its actions;
// the domain module checks the role again for every action.

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await listPartnersForAdmin(admin);
  if (!result.ok) throw data(result.error, { status: result.status });
  return { partners: result.partners };
}

export function action(args: Route.ActionArgs) {
  return cardGridAction<PartnerField>(args, { create: createPartner, update: updatePartner, delete: deletePartner, unknownIntent: M.saveError });
}

export const meta: Route.MetaFunction = () => [{ title: "Partner — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function AdminPartners({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  const grid = useCardGrid<AdminPartner>(M.deleteError);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Partner</h1>
          <p className="mt-1 text-sm text-stone-700">I partner attivi compaiono nella home page, nell'ordine indicato (al massimo sei).</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => grid.open(null)}>
          <Icon node={Plus} aria-hidden size={18} /> Nuovo partner
        </button>
      </div>

      <StatusLine feedback={grid.feedback} focusRef={grid.statusRef} />

      {partners.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">Nessun partner: aggiungine uno.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Elenco dei partner">
          {partners.map((partner) => (
            <li key={partner.id} className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <div className="flex h-20 items-center justify-center rounded-xl bg-stone-50 p-2">
                <img src={partner.logoUrl} alt={`Logo di ${partner.name}`} width={160} height={64} loading="lazy" className="max-h-16 w-auto max-w-full object-contain" />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 text-lg font-bold break-words text-stone-900">{partner.name}</h2>
                <span
                  className={
                    partner.isActive
                      ? "rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
                      : "rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800"
                  }
                >
                  {partner.isActive ? "Attivo" : "Non attivo"}
                </span>
              </div>
              {partner.websiteUrl ? (
                <a href={partner.websiteUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1 text-sm break-all text-brand-800 underline">
                  {partner.websiteUrl}
                  <Icon node={ExternalLink} aria-hidden size={14} className="shrink-0" />
                  <span className="sr-only">(si apre in una nuova scheda)</span>
                </a>
              ) : (
                <p className="mt-1 text-sm text-stone-600">Nessun sito web</p>
              )}
              {partner.description ? <p className="mt-2 line-clamp-3 text-sm break-words text-stone-800">{partner.description}</p> : null}
              <p className="mt-2 text-sm text-stone-700">Ordine di visualizzazione: {partner.displayOrder}</p>
              <CardActions>
                <EditDeleteButtons what={`il partner «${partner.name}»`} onEdit={() => grid.open(partner)} onDelete={() => grid.askDelete(partner)} deleting={grid.deleting} />
              </CardActions>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={grid.editing !== null} title={grid.editing?.item ? "Modifica partner" : "Nuovo partner"} onClose={grid.close}>
        {grid.editing ? (
          <PartnerForm
            key={grid.opened}
            partner={grid.editing.item}
            nextOrder={partners.length}
            onCancel={grid.close}
            onSaved={grid.saved}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={grid.toDelete !== null}
        question={grid.toDelete ? `Vuoi eliminare il partner «${grid.toDelete.name}»? L'operazione non si può annullare.` : ""}
        confirmLabel="Elimina"
        destructive
        busy={grid.deleting}
        onCancel={grid.cancelDelete}
        onConfirm={grid.confirmDelete}
      />
    </>
  );
}

function PartnerForm({
  partner,
  nextOrder,
  onCancel,
  onSaved,
}: {
  partner: AdminPartner | null;
  nextOrder: number;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const { fetcher, busy, form, fields } = useSaveForm({ id: "partner", schema: partnerSchema, onSaved, badInput: { displayOrder: M.orderInvalid } });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={partner ? "update" : "create"} />
      {partner ? <input type="hidden" name="id" value={partner.id} /> : null}
      <div>
        <label htmlFor={fields.name.id} className="field-label">
          Nome
        </label>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={PARTNER_LIMITS.name} defaultValue={partner?.name ?? ""} className="field-input" />
        <FieldError field={fields.name} />
      </div>
      <div>
        <label htmlFor={fields.logoUrl.id} className="field-label">
          URL del logo
        </label>
        <input
          {...getInputProps(fields.logoUrl, { type: "url" })}
          inputMode="url"
          placeholder="https://www.esempio.it/logo.png"
          defaultValue={partner?.logoUrl ?? ""}
          className="field-input"
        />
        <FieldError field={fields.logoUrl} />
      </div>
      <div>
        <label htmlFor={fields.websiteUrl.id} className="field-label">
          Sito web <span className="font-normal text-stone-600">(facoltativo)</span>
        </label>
        <input {...getInputProps(fields.websiteUrl, { type: "url" })} inputMode="url" placeholder="https://www.esempio.it" defaultValue={partner?.websiteUrl ?? ""} className="field-input" />
        <FieldError field={fields.websiteUrl} />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="field-label">
          Descrizione <span className="font-normal text-stone-600">(facoltativa)</span>
        </label>
        <textarea {...getTextareaProps(fields.description)} rows={3} maxLength={PARTNER_LIMITS.description} defaultValue={partner?.description ?? ""} className="field-input" />
        <FieldError field={fields.description} />
      </div>
      <div>
        <label htmlFor={fields.displayOrder.id} className="field-label">
          Ordine di visualizzazione
        </label>
        <input
          {...getInputProps(fields.displayOrder, { type: "number", ariaDescribedBy: fields.displayOrder.descriptionId })}
          inputMode="numeric"
          min={0}
          max={PARTNER_LIMITS.displayOrder}
          step={1}
          defaultValue={partner ? partner.displayOrder : nextOrder}
          className="field-input max-w-40"
        />
        <p id={fields.displayOrder.descriptionId} className="mt-1 text-sm text-stone-600">
          Un numero intero da 0 in su: i numeri più bassi vengono mostrati per primi.
        </p>
        <FieldError field={fields.displayOrder} />
      </div>
      <div className="flex items-center gap-2">
        <input id="partner-active" name="isActive" type="checkbox" defaultChecked={partner ? partner.isActive : true} className="size-5 accent-brand-700" />
        <label htmlFor="partner-active" className="text-stone-800">
          Attivo (mostrato nella home page)
        </label>
      </div>
      <FormErrors title={M.saveError} form={form} />
      <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={partner ? "Salva modifiche" : "Crea partner"} />
    </fetcher.Form>
  );
}
