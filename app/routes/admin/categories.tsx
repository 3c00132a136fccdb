import { useMemo, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/categories";
import { adminActor } from "~/admin/gate.server";
import { createCategory, deleteCategory, listCategoriesForAdmin, updateCategory, type AdminCategory } from "~/categories/admin.server";
import { CATEGORY_ICON_NODES } from "~/categories/icons";
import { articleCountLabel } from "~/categories/labels";
import { CATEGORY_ICON_KEYS, CATEGORY_ICONS, CATEGORY_MESSAGES as M, categorySchema, type CategoryField } from "~/categories/validation";
import { cardGridAction } from "~/admin/card-grid-action.server";
import { getFieldsetProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { CardGrid } from "~/components/admin/kit/card-grid";
import { Field } from "~/components/admin/kit/field";
import { ItemForm, type ItemFormProps } from "~/components/admin/kit/item-editor";
import { FieldError } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
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
  return (
    <CardGrid<AdminCategory>
      title="Categorie"
      intro="Gli argomenti in cui sono ordinati gli articoli del sito."
      addLabel="Nuova categoria"
      items={loaderData.categories}
      listLabel="Elenco delle categorie"
      empty={{ title: "Nessuna categoria: creane una.", action: "Crea la prima categoria" }}
      what={(category) => `la categoria «${category.name}»`}
      card={(category) => (
        <>
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
        </>
      )}
      name="category"
      formTitle={(category) => (category ? "Modifica categoria" : "Nuova categoria")}
      form={(props) => <CategoryForm {...props} />}
      deleteQuestion={(category) => `Vuoi eliminare la categoria «${category.name}»? L'operazione non si può annullare.`}
      deleteError={M.deleteError}
    />
  );
}

function CategoryForm({ item: category, onCancel, onSaved }: ItemFormProps<AdminCategory>) {
  // An icon outside the twelve (written before the list existed) stays selectable, as it is.
  const legacyIcon = category?.icon && !(category.icon in CATEGORY_ICONS) ? category.icon : null;
  const schema = useMemo(() => categorySchema(legacyIcon), [legacyIcon]);
  const save = useSaveForm({ id: "category", schema, onSaved });
  const { fields } = save;
  const [name, setName] = useState(category?.name ?? "");
  // The slug follows the name until the admin types one (a new category), or keeps the current one
  // (an edit: a category's address does not change unless asked). Emptied, it follows again.
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(category !== null);
  const shownSlug = slugTouched ? slug : slugify(name);

  return (
    <ItemForm save={save} item={category} saveError={M.saveError} saveLabel={{ create: "Crea categoria", update: "Salva modifiche" }} onCancel={onCancel}>
      <Field field={fields.name} label="Nome">
        <input {...getInputProps(fields.name, { type: "text", value: false })} value={name} onChange={(event) => setName(event.target.value)} className="field-input" />
      </Field>
      <Field field={fields.slug} label="Slug" hint={`L'indirizzo della pagina: /category/${shownSlug || "…"}. Lettere minuscole, numeri e trattini.`}>
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
      </Field>
      <Field field={fields.description} label="Descrizione" optional="facoltativa">
        <textarea {...getTextareaProps(fields.description)} rows={3} defaultValue={category?.description ?? ""} className="field-input" />
      </Field>
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
    </ItemForm>
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
