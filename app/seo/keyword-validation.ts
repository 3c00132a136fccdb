// The SEO keywords' form rules and Italian messages (back-office spec, sections 4, 5, 8 and 9),
// shared by the server and the keywords tab. Client-safe: no server code here.
import { z } from "zod";
import { KEYWORD_STATUSES } from "~/lib/enums";
import { singleLine } from "~/lib/text";

export const KEYWORD_LIMITS = {
  keyword: 100,
  notes: 1000,
  /** the column is a PostgreSQL integer */
  volume: 2_147_483_647,
  difficultyMin: 1,
  difficultyMax: 100,
  difficultyDefault: 50,
} as const;

export const KEYWORDS_PAGE_SIZE = 20;

export const KEYWORD_MESSAGES = {
  // Spec, word for word.
  required: "La parola chiave è obbligatoria",
  created: "Parola chiave aggiunta",
  updated: "Parola chiave aggiornata",
  saveError: "Errore nel salvataggio",
  // Ours.
  tooLong: `La parola chiave può contenere al massimo ${KEYWORD_LIMITS.keyword} caratteri`,
  duplicate: "Questa parola chiave è già nell'elenco",
  volumeInvalid: "Il volume di ricerca deve essere un numero intero maggiore o uguale a 0",
  difficultyInvalid: `La difficoltà deve essere un numero intero da ${KEYWORD_LIMITS.difficultyMin} a ${KEYWORD_LIMITS.difficultyMax}`,
  statusInvalid: "Scegli uno stato dall'elenco",
  notesTooLong: `Le note possono contenere al massimo ${KEYWORD_LIMITS.notes} caratteri`,
  notFound: "Parola chiave non trovata",
  deleted: "Parola chiave eliminata",
  deleteError: "Errore nell'eliminazione",
  invalidAction: "Azione non valida",
} as const;

const M = KEYWORD_MESSAGES;

export type KeywordStatus = (typeof KEYWORD_STATUSES.values)[number];

/** The spec's coercion: text that is not a number becomes `fallback`; a number is kept as it is. */
function numberOr(fallback: number) {
  return (value: unknown) => {
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") return fallback;
    const n = Number(text.replace(",", "."));
    return Number.isNaN(n) ? fallback : n;
  };
}

/** A keyword as stored: on one line, runs of spaces as one (case and accents as typed). */
export function normaliseKeyword(text: string): string {
  return singleLine(text);
}

export const keywordSchema = z.object({
  keyword: z
    .string({ error: M.required })
    .transform(normaliseKeyword)
    .pipe(z.string().min(1, M.required).max(KEYWORD_LIMITS.keyword, M.tooLong)),
  // Non-numeric volume becomes 0 and non-numeric difficulty 50 (spec); a number out of range or
  // with decimals is refused, not silently changed.
  searchVolume: z.preprocess(numberOr(0), z.number().int(M.volumeInvalid).min(0, M.volumeInvalid).max(KEYWORD_LIMITS.volume, M.volumeInvalid)),
  difficulty: z.preprocess(
    numberOr(KEYWORD_LIMITS.difficultyDefault),
    z.number().int(M.difficultyInvalid).min(KEYWORD_LIMITS.difficultyMin, M.difficultyInvalid).max(KEYWORD_LIMITS.difficultyMax, M.difficultyInvalid),
  ),
  status: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : "target"),
    z.enum(KEYWORD_STATUSES.values, { error: M.statusInvalid }),
  ),
  notes: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(KEYWORD_LIMITS.notes, M.notesTooLong).nullable()),
});

export type KeywordInput = z.output<typeof keywordSchema>;
export type KeywordField = keyof KeywordInput;

/** Difficulty bands (spec, section 9): under 30 low, under 70 medium, otherwise high. */
export type DifficultyBand = "low" | "medium" | "high";
export function difficultyBand(difficulty: number): DifficultyBand {
  return difficulty < 30 ? "low" : difficulty < 70 ? "medium" : "high";
}
export const DIFFICULTY_LABELS: Record<DifficultyBand, string> = { low: "bassa", medium: "media", high: "alta" };
