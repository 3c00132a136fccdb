import { cardGridAction } from "~/admin/card-grid-action.server";
import { data } from "react-router";
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
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { StatusBanner } from "~/components/admin/kit/status-banner";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { Field } from "~/components/admin/kit/field";
import { FilterSelect } from "~/components/admin/kit/filter-select";
import { ItemEditorForms, ItemForm, useItemEditor, type ItemFormProps } from "~/components/admin/kit/item-editor";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { AddButton, PageHeader } from "~/components/admin/kit/page-header";
import { EditDeleteMenu } from "~/components/admin/kit/row-actions";
import { useSaveForm } from "~/components/form/use-save-form";
import { EnumOptions } from "~/components/enum-options";
import { PlainLink } from "~/components/plain-link";
import { PET_TYPES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";
import { logger } from "~/lib/logger.server";

// /admin/breeds — the breed catalogue the listing form offers: filtered by pet type and legality,
// created and edited in a dialog, deleted after a confirmation. Green banners go after 3 seconds
// (spec). The admin layout's gate guards the page and its actions; the domain module checks the
// role again for every action.

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

const requirements = (breed: AdminBreed) => (Object.keys(BREED_BADGES) as (keyof typeof BREED_BADGES)[]).filter((key) => breed[key]);

const columns: Column<AdminBreed>[] = [
  { id: "type", header: "Tipo", cell: (breed) => breed.petTypeLabel },
  {
    id: "name",
    header: "Nome",
    labelOnCards: false,
    cell: (breed) => (
      <>
        <span className="block font-semibold break-words text-stone-900">{breed.breedName}</span>
        {breed.breedNameEn ? <span className="block break-words text-stone-700" lang="en">{breed.breedNameEn}</span> : null}
        {breed.notes ? <span className="mt-1 block text-xs break-words text-stone-600">{breed.notes}</span> : null}
      </>
    ),
  },
  { id: "scientific", header: "Nome scientifico", cell: (breed) => (breed.scientificName ? <i className="break-words">{breed.scientificName}</i> : "—") },
  {
    id: "status",
    header: "Stato",
    cell: (breed) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${breed.isLegal ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>{breed.isLegal ? M.legal : M.banned}</span>
    ),
  },
  {
    id: "requirements",
    header: "Requisiti",
    cell: (breed) =>
      requirements(breed).length === 0 ? (
        <span className="text-stone-600">—</span>
      ) : (
        <span className="inline-flex flex-wrap gap-1">
          {requirements(breed).map((key) => (
            <span key={key} className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
              {BREED_BADGES[key]}
            </span>
          ))}
        </span>
      ),
  },
];

export default function AdminBreeds({ loaderData }: Route.ComponentProps) {
  const { items, shown, total, filters, loadError } = loaderData as LoaderData;
  const editor = useItemEditor<AdminBreed>({ deleteError: M.deleteError, successFor: BREED_BANNER_MS });
  const filtered = filters.petType !== "" || filters.legality !== "all";

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Razze" intro="Il catalogo delle razze che il modulo degli annunci propone, con i requisiti di legge.">
        <AddButton label="Nuova razza" onClick={() => editor.open(null)} />
      </PageHeader>

      {loadError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {loadError}
        </p>
      ) : null}
      <StatusBanner status={editor.feedback} focusRef={editor.statusRef} />

      <ListFilters label="Filtra le razze" filtered={filtered} submitLabel="Filtra">
        <FilterSelect id="filter-type" name="type" label="Tipo di animale" value={filters.petType} all="Tutti">
          <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
        </FilterSelect>
        <FilterSelect id="filter-legal" name="legal" label="Legalità" value={filters.legality}>
          <EnumOptions values={BREED_LEGALITY_VALUES} labels={BREED_LEGALITY} />
        </FilterSelect>
      </ListFilters>

      <p className="mt-4 text-sm text-stone-700" aria-live="polite">
        {M.showing(shown, total)}
      </p>

      {items.length === 0 ? (
        <EmptyState title={M.empty}>
          {filtered ? (
            <PlainLink to="/admin/breeds" className="btn-secondary">
              Mostra tutte le razze
            </PlainLink>
          ) : (
            <AddButton label="Aggiungi la prima razza" onClick={() => editor.open(null)} />
          )}
        </EmptyState>
      ) : (
        <DataTable
          label="Catalogo delle razze"
          columns={columns}
          rows={items}
          rowKey={(breed) => breed.id}
          actions={(breed) => <EditDeleteMenu name={breed.breedName} onEdit={() => editor.open(breed)} onDelete={() => editor.askDelete(breed)} deleting={editor.deleting} />}
        />
      )}

      <ItemEditorForms
        editor={editor}
        name="breed"
        formTitle={(breed) => (breed ? `Modifica razza «${breed.breedName}»` : "Nuova razza")}
        form={(props) => <BreedForm {...props} />}
        deleteQuestion={(breed) => M.deleteQuestion(breed.breedName, breed.petTypeLabel)}
      />
    </div>
  );
}

function BreedForm({ item: breed, onCancel, onSaved }: ItemFormProps<AdminBreed>) {
  const save = useSaveForm({ id: "breed", schema: breedSchema, onSaved });
  const { fields } = save;

  return (
    <ItemForm save={save} item={breed} saveError={M.saveError} saveLabel={{ create: "Crea razza", update: "Salva modifiche" }} onCancel={onCancel} twoColumns>
      <Field field={fields.petType} label="Tipo di animale">
        <select {...getSelectProps(fields.petType)} defaultValue={breed?.petType ?? "dog"} className="field-input bg-white">
          <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
        </select>
      </Field>
      <Field field={fields.breedName} label="Nome italiano">
        <input {...getInputProps(fields.breedName, { type: "text" })} maxLength={BREED_LIMITS.name} defaultValue={breed?.breedName ?? ""} className="field-input" />
      </Field>
      <Field field={fields.breedNameEn} label="Nome inglese" optional="facoltativo">
        <input {...getInputProps(fields.breedNameEn, { type: "text" })} lang="en" maxLength={BREED_LIMITS.name} defaultValue={breed?.breedNameEn ?? ""} className="field-input" />
      </Field>
      <Field field={fields.scientificName} label="Nome scientifico" optional="facoltativo">
        <input {...getInputProps(fields.scientificName, { type: "text" })} maxLength={BREED_LIMITS.scientificName} defaultValue={breed?.scientificName ?? ""} className="field-input" />
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="field-label">Stato e requisiti</legend>
        <div className="mt-1 grid gap-2 min-[420px]:grid-cols-2">
          <Flag name="isLegal" label="Legale" checked={breed?.isLegal ?? true} />
          <Flag name="requiresLicense" label="Richiede licenza" checked={breed?.requiresLicense ?? false} />
          <Flag name="requiresCites" label="Richiede CITES" checked={breed?.requiresCites ?? false} />
          <Flag name="requiresMicrochip" label="Richiede microchip" checked={breed?.requiresMicrochip ?? false} />
        </div>
      </fieldset>
      <Field field={fields.notes} label="Note" optional="facoltative" className="sm:col-span-2">
        <textarea {...getTextareaProps(fields.notes)} rows={3} maxLength={BREED_LIMITS.notes} defaultValue={breed?.notes ?? ""} className="field-input" />
      </Field>
    </ItemForm>
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
