import { ExternalLink, Pencil, Plus, Trash2 } from "lucide";
import { data } from "react-router";
import type { Route } from "./+types/partners";
import { adminActor } from "~/admin/gate.server";
import { cardGridAction } from "~/admin/card-grid-action.server";
import { CardActions, ErrorSummary, fieldAria, FieldMessage, SaveOrCancel, StatusLine, useCardGrid, useSaveForm } from "~/components/admin/card-form";
import { ConfirmDialog, Dialog } from "~/components/admin/dialog";
import { Icon } from "~/components/icon";
import { fieldErrorsOf } from "~/lib/field-errors";
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
                <button type="button" className="btn-secondary" onClick={() => grid.open(partner)} aria-label={`Modifica il partner «${partner.name}»`}>
                  <Icon node={Pencil} aria-hidden size={16} /> Modifica
                </button>
                <button
                  type="button"
                  className="btn-secondary text-red-800"
                  onClick={() => grid.askDelete(partner)}
                  disabled={grid.deleting}
                  aria-label={`Elimina il partner «${partner.name}»`}
                >
                  <Icon node={Trash2} aria-hidden size={16} /> Elimina
                </button>
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
  const { fetcher, busy, errors, summary, setClientErrors } = useSaveForm<PartnerField>(onSaved);

  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
        const parsed = partnerSchema.safeParse(values);
        // A number field holding text that is not a number sends nothing, which would mean "last".
        const orderField = event.currentTarget.elements.namedItem("displayOrder");
        const badOrder = orderField instanceof HTMLInputElement && orderField.validity.badInput;
        if (!parsed.success || badOrder) {
          event.preventDefault();
          setClientErrors({ ...(parsed.success ? {} : fieldErrorsOf<PartnerField>(parsed.error)), ...(badOrder ? { displayOrder: M.orderInvalid } : {}) });
        } else setClientErrors(null);
      }}
    >
      <input type="hidden" name="intent" value={partner ? "update" : "create"} />
      {partner ? <input type="hidden" name="id" value={partner.id} /> : null}
      <div>
        <label htmlFor="partner-name" className="field-label">
          Nome
        </label>
        <input
          id="partner-name"
          name="name"
          required
          maxLength={PARTNER_LIMITS.name}
          defaultValue={partner?.name ?? ""}
          className="field-input"
          {...fieldAria("partner-name", errors.name)}
        />
        <FieldMessage fieldId="partner-name" error={errors.name} />
      </div>
      <div>
        <label htmlFor="partner-logo" className="field-label">
          URL del logo
        </label>
        <input
          id="partner-logo"
          name="logoUrl"
          type="url"
          inputMode="url"
          required
          placeholder="https://www.esempio.it/logo.png"
          defaultValue={partner?.logoUrl ?? ""}
          className="field-input"
          {...fieldAria("partner-logo", errors.logoUrl)}
        />
        <FieldMessage fieldId="partner-logo" error={errors.logoUrl} />
      </div>
      <div>
        <label htmlFor="partner-website" className="field-label">
          Sito web <span className="font-normal text-stone-600">(facoltativo)</span>
        </label>
        <input
          id="partner-website"
          name="websiteUrl"
          type="url"
          inputMode="url"
          placeholder="https://www.esempio.it"
          defaultValue={partner?.websiteUrl ?? ""}
          className="field-input"
          {...fieldAria("partner-website", errors.websiteUrl)}
        />
        <FieldMessage fieldId="partner-website" error={errors.websiteUrl} />
      </div>
      <div>
        <label htmlFor="partner-description" className="field-label">
          Descrizione <span className="font-normal text-stone-600">(facoltativa)</span>
        </label>
        <textarea
          id="partner-description"
          name="description"
          rows={3}
          maxLength={PARTNER_LIMITS.description}
          defaultValue={partner?.description ?? ""}
          className="field-input"
          {...fieldAria("partner-description", errors.description)}
        />
        <FieldMessage fieldId="partner-description" error={errors.description} />
      </div>
      <div>
        <label htmlFor="partner-order" className="field-label">
          Ordine di visualizzazione
        </label>
        <input
          id="partner-order"
          name="displayOrder"
          type="number"
          inputMode="numeric"
          min={0}
          max={PARTNER_LIMITS.displayOrder}
          step={1}
          defaultValue={partner ? partner.displayOrder : nextOrder}
          className="field-input max-w-40"
          {...fieldAria("partner-order", errors.displayOrder, "partner-order-hint")}
        />
        <p id="partner-order-hint" className="mt-1 text-sm text-stone-600">
          Un numero intero da 0 in su: i numeri più bassi vengono mostrati per primi.
        </p>
        <FieldMessage fieldId="partner-order" error={errors.displayOrder} />
      </div>
      <div className="flex items-center gap-2">
        <input id="partner-active" name="isActive" type="checkbox" defaultChecked={partner ? partner.isActive : true} className="size-5 accent-brand-700" />
        <label htmlFor="partner-active" className="text-stone-800">
          Attivo (mostrato nella home page)
        </label>
      </div>
      <ErrorSummary title={M.saveError} errors={summary} />
      <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={partner ? "Salva modifiche" : "Crea partner"} />
    </fetcher.Form>
  );
}
