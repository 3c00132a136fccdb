// The category form's rules and the categories' Italian messages, shared by the server and the
// back office's modal. Client-safe: no server code here.
import { z } from "zod";
import { isSlug, SLUG_MAX_LENGTH } from "~/lib/slug";
import { singleLine } from "~/lib/text";

export const CATEGORY_LIMITS = { name: 80, slug: SLUG_MAX_LENGTH, description: 500 } as const;

/**
 * The icons an admin may choose (back-office spec, section 5), in the spec's order, with the
 * Italian names the picker shows. Stored as these keys; `app/content/category-icon.tsx` draws them.
 */
export const CATEGORY_ICONS = {
  dog: "Cane",
  cat: "Gatto",
  bird: "Uccello",
  fish: "Pesce",
  rabbit: "Coniglio",
  "heart-pulse": "Salute",
  utensils: "Alimentazione",
  "graduation-cap": "Educazione",
  stethoscope: "Veterinario",
  home: "Casa",
  "shopping-bag": "Acquisti",
  activity: "Attività",
} as const;

export type CategoryIconKey = keyof typeof CATEGORY_ICONS;
export const CATEGORY_ICON_KEYS = Object.keys(CATEGORY_ICONS) as [CategoryIconKey, ...CategoryIconKey[]];

export function isCategoryIconKey(value: string): value is CategoryIconKey {
  return Object.hasOwn(CATEGORY_ICONS, value);
}

export const CATEGORY_MESSAGES = {
  // Spec section 8, word for word.
  saveError: "Errore durante il salvataggio della categoria",
  deleteError: "Errore durante l'eliminazione della categoria",
  // Ours.
  nameRequired: "Il nome è obbligatorio",
  nameTooLong: `Il nome può contenere al massimo ${CATEGORY_LIMITS.name} caratteri`,
  slugRequired: "Lo slug è obbligatorio",
  slugInvalid: "Lo slug può contenere solo lettere minuscole senza accenti, numeri e trattini (es. salute-e-benessere)",
  slugTooLong: `Lo slug può contenere al massimo ${CATEGORY_LIMITS.slug} caratteri`,
  slugTaken: "Esiste già una categoria con questo slug: scegline un altro",
  descriptionTooLong: `La descrizione può contenere al massimo ${CATEGORY_LIMITS.description} caratteri`,
  iconInvalid: "Scegli un'icona dall'elenco",
  notFound: "Categoria non trovata",
  hasArticles: (n: number) =>
    `Impossibile eliminare la categoria: contiene ${n === 1 ? "1 articolo" : `${n} articoli`}. ` +
    `Sposta prima ${n === 1 ? "l'articolo" : "gli articoli"} in un'altra categoria.`,
  created: "Categoria creata",
  updated: "Categoria aggiornata",
  deleted: "Categoria eliminata",
} as const;

const M = CATEGORY_MESSAGES;

/**
 * The form's fields. `icon` is one of the twelve keys or empty (no icon chosen: the public pages
 * pick one from the name); `keepIcon` is the icon a category already has, accepted unchanged on
 * edit even when it is not one of the twelve (rows written before the list existed).
 */
export function categorySchema(keepIcon: string | null = null) {
  return z.object({
    name: z.string({ error: M.nameRequired }).overwrite(singleLine).min(1, M.nameRequired).max(CATEGORY_LIMITS.name, M.nameTooLong),
    slug: z
      .string({ error: M.slugRequired })
      .trim()
      .min(1, M.slugRequired)
      .max(CATEGORY_LIMITS.slug, M.slugTooLong)
      .refine(isSlug, M.slugInvalid),
    description: z
      .string()
      .trim()
      .max(CATEGORY_LIMITS.description, M.descriptionTooLong)
      .optional()
      .transform((value) => value || null),
    icon: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isCategoryIconKey(value) || value === keepIcon, M.iconInvalid)
      .transform((value) => value || null),
  });
}

export type CategoryInput = z.output<ReturnType<typeof categorySchema>>;
export type CategoryField = keyof CategoryInput;

