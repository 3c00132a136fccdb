import { ExternalLink } from "lucide";
import { data } from "react-router";
import type { Route } from "./+types/partners";
import { adminActor } from "~/admin/gate.server";
import { cardGridAction } from "~/admin/card-grid-action.server";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { CardGrid } from "~/components/admin/kit/card-grid";
import { Field } from "~/components/admin/kit/field";
import { ItemForm, type ItemFormProps } from "~/components/admin/kit/item-editor";
import { useSaveForm } from "~/components/form/use-save-form";
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
  return (
    <CardGrid<AdminPartner>
      title="Partner"
      intro="I partner attivi compaiono nella home page, nell'ordine indicato (al massimo sei)."
      addLabel="Nuovo partner"
      items={partners}
      listLabel="Elenco dei partner"
      empty={{ title: "Nessun partner: aggiungine uno.", action: "Aggiungi il primo partner" }}
      what={(partner) => `il partner «${partner.name}»`}
      card={(partner) => (
        <>
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
        </>
      )}
      name="partner"
      formTitle={(partner) => (partner ? "Modifica partner" : "Nuovo partner")}
      form={(props) => <PartnerForm {...props} nextOrder={partners.length} />}
      deleteQuestion={(partner) => `Vuoi eliminare il partner «${partner.name}»? L'operazione non si può annullare.`}
      deleteError={M.deleteError}
    />
  );
}

function PartnerForm({ item: partner, nextOrder, onCancel, onSaved }: ItemFormProps<AdminPartner> & { nextOrder: number }) {
  const save = useSaveForm({ id: "partner", schema: partnerSchema, onSaved, badInput: { displayOrder: M.orderInvalid } });
  const { fields } = save;

  return (
    <ItemForm save={save} item={partner} saveError={M.saveError} saveLabel={{ create: "Crea partner", update: "Salva modifiche" }} onCancel={onCancel}>
      <Field field={fields.name} label="Nome">
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={PARTNER_LIMITS.name} defaultValue={partner?.name ?? ""} className="field-input" />
      </Field>
      <Field field={fields.logoUrl} label="URL del logo">
        <input
          {...getInputProps(fields.logoUrl, { type: "url" })}
          inputMode="url"
          placeholder="https://www.esempio.it/logo.png"
          defaultValue={partner?.logoUrl ?? ""}
          className="field-input"
        />
      </Field>
      <Field field={fields.websiteUrl} label="Sito web" optional="facoltativo">
        <input {...getInputProps(fields.websiteUrl, { type: "url" })} inputMode="url" placeholder="https://www.esempio.it" defaultValue={partner?.websiteUrl ?? ""} className="field-input" />
      </Field>
      <Field field={fields.description} label="Descrizione" optional="facoltativa">
        <textarea {...getTextareaProps(fields.description)} rows={3} maxLength={PARTNER_LIMITS.description} defaultValue={partner?.description ?? ""} className="field-input" />
      </Field>
      <Field field={fields.displayOrder} label="Ordine di visualizzazione" hint="Un numero intero da 0 in su: i numeri più bassi vengono mostrati per primi.">
        <input
          {...getInputProps(fields.displayOrder, { type: "number", ariaDescribedBy: fields.displayOrder.descriptionId })}
          inputMode="numeric"
          min={0}
          max={PARTNER_LIMITS.displayOrder}
          step={1}
          defaultValue={partner ? partner.displayOrder : nextOrder}
          className="field-input max-w-40"
        />
      </Field>
      <div className="flex items-center gap-2">
        <input id="partner-active" name="isActive" type="checkbox" defaultChecked={partner ? partner.isActive : true} className="size-5 accent-brand-700" />
        <label htmlFor="partner-active" className="text-stone-800">
          Attivo (mostrato nella home page)
        </label>
      </div>
    </ItemForm>
  );
}
