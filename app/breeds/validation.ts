// The breed catalogue's form (back-office spec, section 5) and its Italian messages, shared by the
// server and the back office's page. Client-safe: no server code here.
import { z } from "zod";
import { PET_TYPES } from "~/lib/enums";
import { singleLine } from "~/lib/text";

export const BREED_LIMITS = { name: 100, scientificName: 150, notes: 1_000 } as const;

/** How long a green banner stays on the page (spec section 9: 3 s). */
export const BREED_BANNER_MS = 3_000;

/** The legality filter of /admin/breeds, in the order shown. */
export const BREED_LEGALITY = { all: "Tutte", legal: "Solo legali", banned: "Solo vietate" } as const;
export type BreedLegality = keyof typeof BREED_LEGALITY;
export const BREED_LEGALITY_VALUES = Object.keys(BREED_LEGALITY) as BreedLegality[];

export const BREED_MESSAGES = {
  // Spec section 8, word for word.
  loadError: "Errore nel caricamento delle razze",
  saveError: "Errore durante il salvataggio",
  deleteError: "Errore durante l'eliminazione",
  updated: "Razza aggiornata con successo",
  created: "Razza creata con successo",
  deleted: "Razza eliminata con successo",
  empty: "Nessuna razza trovata",
  // Spec section 2.
  showing: (shown: number, total: number) => `Mostrando ${shown} di ${total} razze`,
  legal: "Legale",
  banned: "Vietata",
  // Ours.
  petTypeRequired: "Scegli il tipo di animale",
  nameRequired: "Il nome italiano è obbligatorio",
  nameTooLong: `Il nome può contenere al massimo ${BREED_LIMITS.name} caratteri`,
  scientificNameTooLong: `Il nome scientifico può contenere al massimo ${BREED_LIMITS.scientificName} caratteri`,
  notesTooLong: "Le note possono contenere al massimo 1.000 caratteri",
  duplicate: "Esiste già una razza con questo nome per questo tipo di animale",
  notFound: "Razza non trovata",
  deleteQuestion: (name: string, type: string) => `Vuoi eliminare la razza «${name}» (${type}) dal catalogo? L'operazione non si può annullare.`,
} as const;

/** The requirement badges of the table, in the spec's order. */
export const BREED_BADGES = { requiresCites: "CITES", requiresMicrochip: "Microchip", requiresLicense: "Licenza" } as const;

const M = BREED_MESSAGES;

/**
 * A checkbox: "on" / "true" is ticked, "false" or empty is not. The form sends a hidden "false"
 * before each box (the last value wins), so a field that is missing altogether takes the spec's
 * default instead.
 */
const flag = (fallback: boolean) =>
  z.preprocess((value) => (value === undefined ? fallback : value === true || value === "on" || value === "true"), z.boolean());

const optionalLine = (max: number, message: string) =>
  z
    .string()
    .overwrite(singleLine)
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/** Defaults (spec): legal, no licence, no CITES, no microchip. The form starts on "dog". */
export const breedSchema = z.object({
  petType: z.enum(PET_TYPES.values, { error: M.petTypeRequired }),
  breedName: z.string({ error: M.nameRequired }).overwrite(singleLine).min(1, M.nameRequired).max(BREED_LIMITS.name, M.nameTooLong),
  breedNameEn: optionalLine(BREED_LIMITS.name, M.nameTooLong),
  scientificName: optionalLine(BREED_LIMITS.scientificName, M.scientificNameTooLong),
  isLegal: flag(true),
  requiresLicense: flag(false),
  requiresCites: flag(false),
  requiresMicrochip: flag(false),
  notes: z
    .string()
    .trim()
    .max(BREED_LIMITS.notes, M.notesTooLong)
    .optional()
    .transform((value) => value || null),
});

export type BreedInput = z.output<typeof breedSchema>;
export type BreedField = keyof BreedInput;
