import { ExternalLink, Pencil, Plus, Trash2 } from "lucide";
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/partners";
import { getCurrentUser, requireAdmin } from "~/accounts/session.server";
import { refuseNonAdmin } from "~/admin/access.server";
import { CardActions, ErrorSummary, FieldMessage, fieldAria, StatusLine, type Feedback } from "~/components/admin/card-form";
import { ConfirmDialog, Dialog } from "~/components/admin/dialog";
import { Icon } from "~/components/icon";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { readForm } from "~/lib/form.server";
import { createPartner, deletePartner, listPartnersForAdmin, updatePartner, type AdminPartner, type PartnerFailure } from "~/partners/admin.server";
import { PARTNER_LIMITS, PARTNER_MESSAGES as M, partnerSchema, type PartnerField } from "~/partners/validation";

// /admin/partners — the partners as cards, created and edited in a modal (the active toggle is
// there), deleted after a confirmation. The admin layout guards the page; the domain module checks
// the role again for every action.

type Intent = "create" | "update" | "delete";
type ActionData =
  | { ok: true; intent: Intent; message: string }
  | { ok: false; intent: Intent | null; error: string; fieldErrors?: FieldErrors<PartnerField> };

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const result = await listPartnersForAdmin(admin);
  if (!result.ok) throw data(result.error, { status: result.status });
  return { partners: result.partners };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await getCurrentUser(request);
  const form = await readForm(request);
  if (!form.ok) return data<ActionData>({ ok: false, intent: null, error: form.error }, { status: form.status });
  const { intent, id = "", ...fields } = form.fields;
  const result =
    intent === "create"
      ? await createPartner(actor, fields)
      : intent === "update"
        ? await updatePartner(actor, id, fields)
        : intent === "delete"
          ? await deletePartner(actor, id)
          : (refuseNonAdmin(actor) ?? { ok: false as const, status: 400, error: M.saveError });
  const known = intent === "create" || intent === "update" || intent === "delete" ? intent : null;
  if (!result.ok) {
    const fieldErrors = (result as PartnerFailure).fieldErrors;
    return data<ActionData>({ ok: false, intent: known, error: result.error, fieldErrors }, { status: result.status });
  }
  return data<ActionData>({ ok: true, intent: known!, message: result.message });
}

export const meta: Route.MetaFunction = () => [{ title: "Partner — Zampa Admin" }, { name: "robots", content: "noindex" }];

type Editing = { mode: "create" } | { mode: "edit"; partner: AdminPartner } | null;

export default function AdminPartners({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  const [editing, setEditing] = useState<Editing>(null);
  const [opened, setOpened] = useState(0);
  const [toDelete, setToDelete] = useState<AdminPartner | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const remover = useFetcher<ActionData>();
  const handled = useRef<ActionData | undefined>(undefined);
  const focusStatus = useRef(false);

  useEffect(() => {
    const result = remover.data;
    if (remover.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setFeedback({ kind: result.ok ? "success" : "error", text: result.ok ? result.message : `${M.deleteError}: ${result.error}`, key: Date.now() });
    focusStatus.current = true;
  }, [remover.state, remover.data]);

  // After a delete the card whose button had the focus may be gone: the message takes it, once shown.
  useEffect(() => {
    if (!feedback || !focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [feedback]);

  const open = (next: Editing) => {
    setFeedback(null);
    setOpened((n) => n + 1);
    setEditing(next);
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Partner</h1>
          <p className="mt-1 text-sm text-stone-700">I partner attivi compaiono nella home page, nell'ordine indicato (al massimo sei).</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => open({ mode: "create" })}>
          <Icon node={Plus} aria-hidden size={18} /> Nuovo partner
        </button>
      </div>

      <StatusLine feedback={feedback} focusRef={statusRef} />

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
                <button type="button" className="btn-secondary" onClick={() => open({ mode: "edit", partner })} aria-label={`Modifica il partner «${partner.name}»`}>
                  <Icon node={Pencil} aria-hidden size={16} /> Modifica
                </button>
                <button
                  type="button"
                  className="btn-secondary text-red-800"
                  onClick={() => setToDelete(partner)}
                  disabled={remover.state !== "idle"}
                  aria-label={`Elimina il partner «${partner.name}»`}
                >
                  <Icon node={Trash2} aria-hidden size={16} /> Elimina
                </button>
              </CardActions>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={editing !== null} title={editing?.mode === "edit" ? "Modifica partner" : "Nuovo partner"} onClose={() => setEditing(null)}>
        {editing ? (
          <PartnerForm
            key={opened}
            partner={editing.mode === "edit" ? editing.partner : null}
            nextOrder={partners.length}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              setEditing(null);
              setFeedback({ kind: "success", text: message, key: Date.now() });
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        question={toDelete ? `Vuoi eliminare il partner «${toDelete.name}»? L'operazione non si può annullare.` : ""}
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
  const fetcher = useFetcher<ActionData>();
  const [clientErrors, setClientErrors] = useState<FieldErrors<PartnerField> | null>(null);
  const handled = useRef<ActionData | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onSaved(result.message);
  }, [fetcher.state, result, onSaved]);

  const serverFailure = result && !result.ok && !busy ? result : null;
  const errors: FieldErrors<PartnerField> = clientErrors ?? serverFailure?.fieldErrors ?? {};
  const summary = clientErrors ? Object.values(clientErrors) : serverFailure ? (serverFailure.fieldErrors ? Object.values(serverFailure.fieldErrors) : [serverFailure.error]) : [];

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
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annulla
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Salvataggio..." : partner ? "Salva modifiche" : "Crea partner"}
        </button>
      </div>
    </fetcher.Form>
  );
}
