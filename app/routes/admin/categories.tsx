import { Plus } from "lucide";
import { useMemo, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/categories";
import { adminActor } from "~/admin/gate.server";
import { createCategory, deleteCategory, listCategoriesForAdmin, updateCategory, type AdminCategory } from "~/categories/admin.server";
import { CATEGORY_ICON_NODES } from "~/categories/icons";
import { articleCountLabel } from "~/categories/labels";
import { CATEGORY_ICON_KEYS, CATEGORY_ICONS, CATEGORY_MESSAGES as M, categorySchema, type CategoryField } from "~/categories/validation";
import { cardGridAction } from "~/admin/card-grid-action.server";
import { getFieldsetProps, getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { CardActions, EditDeleteButtons, SaveOrCancel, StatusLine, useCardGrid } from "~/components/admin/card-form";
import { FieldError, FormErrors } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
import { ConfirmDialog, Dialog } from "~/components/admin/dialog";
import { Icon } from "~/components/icon";
import { CategoryIcon } from "~/content/category-icon";
import { slugify } from "~/lib/slug";

// /admin/categories — the categories as cards, created and edited in a modal, deleted after a
// confirmation. The admin layout's gate guards the page and its actions; the domain module checks
// the role again for every action.

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await listCategoriesForAdmin(admin);
  if (!result.ok) throw data(result.error, { status: result.status });
  return { categories: result.categories };
}

export function action(args: Route.ActionArgs) {
  return cardGridAction<CategoryField>(args, { create: createCategory, update: updateCategory, delete: deleteCategory, unknownIntent: M.saveError });
}

export const meta: Route.MetaFunction = () => [{ title: "Categorie — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const grid = useCardGrid<AdminCategory>(M.deleteError);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Categorie</h1>
          <p className="mt-1 text-sm text-stone-700">Gli argomenti in cui sono ordinati gli articoli del sito.</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => grid.open(null)}>
          <Icon node={Plus} aria-hidden size={18} /> Nuova categoria
        </button>
      </div>

      <StatusLine feedback={grid.feedback} focusRef={grid.statusRef} />

      {categories.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">Nessuna categoria: creane una.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Elenco delle categorie">
          {categories.map((category) => (
            <li key={category.id} className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <div className="flex items-start gap-3">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                  <CategoryIcon icon={category.icon} name={category.name} size={26} />
                </span>
                <div className="min-w-0">
                  <h2 className="text-lg font-bold break-words text-stone-900">{category.name}</h2>
                  <p className="text-sm break-all text-stone-600">/category/{category.slug}</p>
                </div>
              </div>
              {category.description ? <p className="mt-3 text-sm break-words text-stone-800">{category.description}</p> : null}
              <p className="mt-3 text-sm font-medium text-stone-700">
                {articleCountLabel(category.articleCount)}
                {category.articleCount > 0 ? ` (${category.publishedCount} ${category.publishedCount === 1 ? "pubblicato" : "pubblicati"})` : ""}
              </p>
              <CardActions>
                <EditDeleteButtons what={`la categoria «${category.name}»`} onEdit={() => grid.open(category)} onDelete={() => grid.askDelete(category)} deleting={grid.deleting} />
              </CardActions>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={grid.editing !== null} title={grid.editing?.item ? "Modifica categoria" : "Nuova categoria"} onClose={grid.close}>
        {grid.editing ? (
          <CategoryForm
            key={grid.opened}
            category={grid.editing.item}
            onCancel={grid.close}
            onSaved={grid.saved}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={grid.toDelete !== null}
        question={grid.toDelete ? `Vuoi eliminare la categoria «${grid.toDelete.name}»? L'operazione non si può annullare.` : ""}
        confirmLabel="Elimina"
        destructive
        busy={grid.deleting}
        onCancel={grid.cancelDelete}
        onConfirm={grid.confirmDelete}
      />
    </>
  );
}

function CategoryForm({ category, onCancel, onSaved }: { category: AdminCategory | null; onCancel: () => void; onSaved: (message: string) => void }) {
  // An icon outside the twelve (written before the list existed) stays selectable, as it is.
  const legacyIcon = category?.icon && !(category.icon in CATEGORY_ICONS) ? category.icon : null;
  const schema = useMemo(() => categorySchema(legacyIcon), [legacyIcon]);
  const { fetcher, busy, form, fields } = useSaveForm({ id: "category", schema, onSaved });
  const [name, setName] = useState(category?.name ?? "");
  // The slug follows the name until the admin types one (a new category), or keeps the current one
  // (an edit: a category's address does not change unless asked). Emptied, it follows again.
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(category !== null);
  const shownSlug = slugTouched ? slug : slugify(name);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={category ? "update" : "create"} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <div>
        <label htmlFor={fields.name.id} className="field-label">
          Nome
        </label>
        <input {...getInputProps(fields.name, { type: "text", value: false })} value={name} onChange={(event) => setName(event.target.value)} className="field-input" />
        <FieldError field={fields.name} />
      </div>
      <div>
        <label htmlFor={fields.slug.id} className="field-label">
          Slug
        </label>
        <input
          {...getInputProps(fields.slug, { type: "text", value: false, ariaDescribedBy: fields.slug.descriptionId })}
          value={shownSlug}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugTouched(event.target.value !== "");
          }}
          autoCapitalize="none"
          spellCheck={false}
          className="field-input font-mono"
        />
        <p id={fields.slug.descriptionId} className="mt-1 text-sm text-stone-600">
          L'indirizzo della pagina: /category/{shownSlug || "…"}. Lettere minuscole, numeri e trattini.
        </p>
        <FieldError field={fields.slug} />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="field-label">
          Descrizione <span className="font-normal text-stone-600">(facoltativa)</span>
        </label>
        <textarea {...getTextareaProps(fields.description)} rows={3} defaultValue={category?.description ?? ""} className="field-input" />
        <FieldError field={fields.description} />
      </div>
      <fieldset {...getFieldsetProps(fields.icon)}>
        <legend className="field-label">Icona</legend>
        <div className="grid grid-cols-2 gap-2 min-[400px]:grid-cols-3 sm:grid-cols-4">
          <IconChoice value="" label="Automatica" defaultChecked={!category?.icon} />
          {legacyIcon ? <IconChoice value={legacyIcon} label={`Attuale (${legacyIcon})`} defaultChecked preview={{ icon: legacyIcon, name }} /> : null}
          {CATEGORY_ICON_KEYS.map((key) => (
            <IconChoice key={key} value={key} label={CATEGORY_ICONS[key]} defaultChecked={category?.icon === key} />
          ))}
        </div>
        <p className="mt-1 text-sm text-stone-600">«Automatica» sceglie l'icona dal nome della categoria.</p>
        <FieldError field={fields.icon} />
      </fieldset>
      <FormErrors title={M.saveError} form={form} />
      <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={category ? "Salva modifiche" : "Crea categoria"} />
    </fetcher.Form>
  );
}

function IconChoice({ value, label, defaultChecked, preview }: { value: string; label: string; defaultChecked: boolean; preview?: { icon: string; name: string } }) {
  const node = value in CATEGORY_ICON_NODES ? CATEGORY_ICON_NODES[value as keyof typeof CATEGORY_ICON_NODES] : null;
  return (
    <label className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-stone-300 bg-white px-2 py-2 text-center text-sm text-stone-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:text-brand-900 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700">
      <input type="radio" name="icon" value={value} defaultChecked={defaultChecked} className="sr-only" />
      {node ? (
        <Icon node={node} aria-hidden size={24} />
      ) : preview ? (
        <CategoryIcon icon={preview.icon} name={preview.name} size={24} />
      ) : (
        <span aria-hidden className="flex h-6 items-center text-xs font-bold text-stone-600">
          A
        </span>
      )}
      <span>{label}</span>
    </label>
  );
}
