import { Filter, Pencil, Plus, Trash2 } from "lucide";
import { cardGridAction, type CardActionData } from "~/admin/card-grid-action.server";
import { useEffect, useRef, useState } from "react";
import { data, Form, useFetcher } from "react-router";
import type { Route } from "./+types/breeds";
import { adminActor } from "~/admin/gate.server";
import { createBreed, deleteBreed, listBreedsForAdmin, updateBreed, type AdminBreed, type AdminBreedList } from "~/breeds/admin.server";
import {
  BREED_BADGES,
  BREED_BANNER_MS,
  BREED_LEGALITY,
  BREED_LEGALITY_VALUES,
  BREED_LIMITS,
  BREED_MESSAGES as M,
  breedSchema,
  type BreedField,
} from "~/breeds/validation";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { SaveOrCancel } from "~/components/admin/card-form";
import { FieldError, FormErrors } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
import { ConfirmDialog } from "~/components/admin/dialog";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { PET_TYPES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";
import { logger } from "~/lib/logger.server";

// /admin/breeds — the breed catalogue the listing form offers: filtered by pet type and legality,
// created and edited in a form above the table, deleted after a confirmation. Green banners go
// after 3 seconds (spec). The admin layout's gate guards the page and its actions; the domain
// module checks the role again for every action.

type ActionData = CardActionData<BreedField>;

type LoaderData = Omit<AdminBreedList, "items"> & { items: AdminBreed[]; loadError: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  try {
    const result = await listBreedsForAdmin(admin, { petType: query.get("type"), legality: query.get("legal") });
    if (!result.ok) throw data({ error: result.error }, { status: result.status });
    const { ok: _ok, ...list } = result;
    return { ...list, loadError: null } satisfies LoaderData;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    logger.error({ err: error }, "razze: caricamento non riuscito");
    return data<LoaderData>({ items: [], shown: 0, total: 0, filters: { petType: "", legality: "all" }, loadError: M.loadError }, { status: 500 });
  }
}

export function action(args: Route.ActionArgs) {
  return cardGridAction<BreedField>(args, { create: createBreed, update: updateBreed, delete: deleteBreed, unknownIntent: M.saveError });
}

export const meta: Route.MetaFunction = () => [{ title: "Razze — Zampa Admin" }, { name: "robots", content: "noindex" }];

const cell = "block px-3 py-1 md:table-cell md:py-3 md:align-top";
const cellLabel = "mr-1 font-medium text-stone-600 md:hidden";

type Editing = { mode: "create" } | { mode: "edit"; breed: AdminBreed } | null;
type Banner = { kind: "success" | "error"; text: string; key: number } | null;

export default function AdminBreeds({ loaderData }: Route.ComponentProps) {
  const { items, shown, total, filters, loadError } = loaderData as LoaderData;
  const [editing, setEditing] = useState<Editing>(null);
  const [opened, setOpened] = useState(0);
  const [toDelete, setToDelete] = useState<AdminBreed | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const remover = useFetcher<ActionData>();
  const handled = useRef<ActionData | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const result = remover.data;
    if (remover.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setBanner(result.ok ? { kind: "success", text: result.message, key: Date.now() } : { kind: "error", text: `${M.deleteError}: ${result.error}`, key: Date.now() });
  }, [remover.state, remover.data]);

  // Green banners go after 3 seconds (spec); red ones stay until the next action.
  useEffect(() => {
    if (banner?.kind !== "success") return;
    const timer = setTimeout(() => setBanner((current) => (current === banner ? null : current)), BREED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const open = (next: Editing, from: HTMLElement) => {
    opener.current = from;
    setBanner(null);
    setOpened((n) => n + 1);
    setEditing(next);
  };
  const close = () => {
    setEditing(null);
    opener.current?.focus();
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Razze</h1>
          <p className="mt-1 text-sm text-stone-700">Il catalogo delle razze che il modulo degli annunci propone, con i requisiti di legge.</p>
        </div>
        <button type="button" className="btn-primary" onClick={(event) => open({ mode: "create" }, event.currentTarget)} aria-expanded={editing?.mode === "create"}>
          <Icon node={Plus} aria-hidden size={18} /> Nuova razza
        </button>
      </div>

      {loadError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {loadError}
        </p>
      ) : null}

      {editing ? (
        <BreedForm
          key={opened}
          breed={editing.mode === "edit" ? editing.breed : null}
          onCancel={close}
          onSaved={(message) => {
            setEditing(null);
            setBanner({ kind: "success", text: message, key: Date.now() });
            if (opener.current?.isConnected) opener.current.focus();
          }}
        />
      ) : null}

      {/* Always in the page, so that screen readers announce each new banner. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="mt-4 empty:hidden">
        {banner ? (
          <p
            key={banner.key}
            className={
              banner.kind === "success"
                ? "rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
                : "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            }
          >
            {banner.text}
          </p>
        ) : null}
      </div>

      <Form method="get" role="search" aria-label="Filtra le razze" className="mt-4 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="filter-type" className="block text-sm font-medium text-stone-800">
            Tipo di animale
          </label>
          <select
            id="filter-type"
            name="type"
            defaultValue={filters.petType}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            className="mt-1 w-full rounded-lg border border-stone-300 bg-white p-2"
          >
            <option value="">Tutti</option>
            <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
          </select>
        </div>
        <div>
          <label htmlFor="filter-legal" className="block text-sm font-medium text-stone-800">
            Legalità
          </label>
          <select
            id="filter-legal"
            name="legal"
            defaultValue={filters.legality}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
            className="mt-1 w-full rounded-lg border border-stone-300 bg-white p-2"
          >
            {BREED_LEGALITY_VALUES.map((value) => (
              <option key={value} value={value}>
                {BREED_LEGALITY[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          <Icon node={Filter} aria-hidden size={18} /> Filtra
        </button>
      </Form>

      <p className="mt-4 text-sm text-stone-700" aria-live="polite">
        {M.showing(shown, total)}
      </p>

      {items.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">{M.empty}</p>
      ) : (
        <table className="mt-4 block w-full text-sm md:table md:rounded-2xl md:border md:border-stone-200 md:bg-white">
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b border-stone-200 text-left text-stone-700">
              <th scope="col" className="px-3 py-2 font-semibold">Tipo</th>
              <th scope="col" className="px-3 py-2 font-semibold">Nome</th>
              <th scope="col" className="px-3 py-2 font-semibold">Nome scientifico</th>
              <th scope="col" className="px-3 py-2 font-semibold">Stato</th>
              <th scope="col" className="px-3 py-2 font-semibold">Requisiti</th>
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Azioni</span>
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {items.map((breed) => (
              <tr key={breed.id} className="block rounded-2xl border border-stone-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0">
                <td className={cell}>
                  <span className={cellLabel}>Tipo:</span>
                  {breed.petTypeLabel}
                </td>
                <td className={cell}>
                  <span className="block font-semibold break-words text-stone-900">{breed.breedName}</span>
                  {breed.breedNameEn ? <span className="block break-words text-stone-700" lang="en">{breed.breedNameEn}</span> : null}
                  {breed.notes ? <span className="mt-1 block text-xs break-words text-stone-600">{breed.notes}</span> : null}
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Nome scientifico:</span>
                  {breed.scientificName ? <i className="break-words">{breed.scientificName}</i> : "—"}
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Stato:</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${breed.isLegal ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
                    {breed.isLegal ? M.legal : M.banned}
                  </span>
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Requisiti:</span>
                  <Requirements breed={breed} />
                </td>
                <td className={`${cell} md:whitespace-nowrap`}>
                  <div className="flex flex-wrap gap-2 pt-1 md:pt-0">
                    <button type="button" className="btn-secondary" onClick={(event) => open({ mode: "edit", breed }, event.currentTarget)} aria-label={`Modifica la razza «${breed.breedName}»`}>
                      <Icon node={Pencil} aria-hidden size={16} /> Modifica
                    </button>
                    <button
                      type="button"
                      className="btn-secondary text-red-800"
                      onClick={() => setToDelete(breed)}
                      disabled={remover.state !== "idle"}
                      aria-label={`Elimina la razza «${breed.breedName}»`}
                    >
                      <Icon node={Trash2} aria-hidden size={16} /> Elimina
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        question={toDelete ? M.deleteQuestion(toDelete.breedName, toDelete.petTypeLabel) : ""}
        confirmLabel="Elimina"
        destructive
        busy={remover.state !== "idle"}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remover.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
          if (editing?.mode === "edit" && editing.breed.id === toDelete.id) setEditing(null);
          setToDelete(null);
        }}
      />
    </div>
  );
}

function Requirements({ breed }: { breed: AdminBreed }) {
  const badges = (Object.keys(BREED_BADGES) as (keyof typeof BREED_BADGES)[]).filter((key) => breed[key]);
  if (badges.length === 0) return <span className="text-stone-600">—</span>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badges.map((key) => (
        <span key={key} className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
          {BREED_BADGES[key]}
        </span>
      ))}
    </span>
  );
}

function BreedForm({ breed, onCancel, onSaved }: { breed: AdminBreed | null; onCancel: () => void; onSaved: (message: string) => void }) {
  const { fetcher, busy, form, fields } = useSaveForm({ id: "breed", schema: breedSchema, onSaved });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form opens above the table: the focus goes to it.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "nearest" });
  }, []);

  return (
    <section aria-labelledby="breed-form-title" className="mt-6 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
      <h2 id="breed-form-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold break-words text-stone-900">
        {breed ? `Modifica razza «${breed.breedName}»` : "Nuova razza"}
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={breed ? "update" : "create"} />
        {breed ? <input type="hidden" name="id" value={breed.id} /> : null}
        <div>
          <label htmlFor={fields.petType.id} className="field-label">
            Tipo di animale
          </label>
          <select {...getSelectProps(fields.petType)} defaultValue={breed?.petType ?? "dog"} className="field-input bg-white">
            <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
          </select>
          <FieldError field={fields.petType} />
        </div>
        <div>
          <label htmlFor={fields.breedName.id} className="field-label">
            Nome italiano
          </label>
          <input {...getInputProps(fields.breedName, { type: "text" })} maxLength={BREED_LIMITS.name} defaultValue={breed?.breedName ?? ""} className="field-input" />
          <FieldError field={fields.breedName} />
        </div>
        <div>
          <label htmlFor={fields.breedNameEn.id} className="field-label">
            Nome inglese <span className="font-normal text-stone-600">(facoltativo)</span>
          </label>
          <input {...getInputProps(fields.breedNameEn, { type: "text" })} lang="en" maxLength={BREED_LIMITS.name} defaultValue={breed?.breedNameEn ?? ""} className="field-input" />
          <FieldError field={fields.breedNameEn} />
        </div>
        <div>
          <label htmlFor={fields.scientificName.id} className="field-label">
            Nome scientifico <span className="font-normal text-stone-600">(facoltativo)</span>
          </label>
          <input
            {...getInputProps(fields.scientificName, { type: "text" })}
            maxLength={BREED_LIMITS.scientificName}
            defaultValue={breed?.scientificName ?? ""}
            className="field-input"
          />
          <FieldError field={fields.scientificName} />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="field-label">Stato e requisiti</legend>
          <div className="mt-1 grid gap-2 min-[420px]:grid-cols-2 md:grid-cols-4">
            <Flag name="isLegal" label="Legale" checked={breed?.isLegal ?? true} />
            <Flag name="requiresLicense" label="Richiede licenza" checked={breed?.requiresLicense ?? false} />
            <Flag name="requiresCites" label="Richiede CITES" checked={breed?.requiresCites ?? false} />
            <Flag name="requiresMicrochip" label="Richiede microchip" checked={breed?.requiresMicrochip ?? false} />
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <label htmlFor={fields.notes.id} className="field-label">
            Note <span className="font-normal text-stone-600">(facoltative)</span>
          </label>
          <textarea {...getTextareaProps(fields.notes)} rows={3} maxLength={BREED_LIMITS.notes} defaultValue={breed?.notes ?? ""} className="field-input" />
          <FieldError field={fields.notes} />
        </div>
        <div className="sm:col-span-2">
          <FormErrors title={M.saveError} form={form} />
        </div>
        <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={breed ? "Salva modifiche" : "Crea razza"} className="sm:col-span-2" />
      </fetcher.Form>
    </section>
  );
}

/** A box that always sends a value: the hidden "false" first, "on" after it when ticked (the last wins). */
function Flag({ name, label, checked }: { name: BreedField; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm text-stone-800 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700">
      <input type="hidden" name={name} value="false" />
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}
