// The article form's rules (spec section 5) and their Italian messages, shared by the server (which
// decides) and the form (which shows the same texts and derives the slug as the admin types). No
// server code here.
import { slugify as slugifyText } from "~/lib/slug";
import { z } from "zod";
import { checkbox } from "~/accounts/validation";
import { ARTICLE_STATUSES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { romeDateTimeInput, romeInstant, ROME_TIME_ZONE } from "~/lib/rome-time";

export const ARTICLE_LIMITS = {
  title: 200,
  slug: 200,
  /** A hint shown by the form, not enforced (spec section 5). */
  excerptHint: 200,
  excerpt: 2_000,
  /** Characters of HTML: a very long article is a few tens of thousands. */
  content: 500_000,
  metaTitle: 200,
  /** A hint shown by the form, not enforced (spec section 5). */
  metaDescriptionHint: 160,
  metaDescription: 1_000,
  featuredImage: 2_000,
} as const;

/** Rows per page of /admin/articles. */
export const ADMIN_ARTICLES_PAGE_SIZE = 20;
/**
 * What the new and edit pages accept: content of ARTICLE_LIMITS.content characters, each up to nine
 * bytes once percent-encoded (an accented letter), plus the other fields.
 */
export const ARTICLE_BODY_LIMIT = 6 * 1024 * 1024;
/** Saves kept in an article's revision history. */
export const ARTICLE_REVISIONS_KEPT = 25;
/** The editor's automatic drafts kept per article, beside the saves (decision 0103). */
export const ARTICLE_AUTOSAVES_KEPT = 5;
/** How often the editor saves a draft revision while the form has unsaved changes. */
export const ARTICLE_AUTOSAVE_INTERVAL_MS = 30_000;
/** The time zone of the scheduled date typed in the form (a datetime-local field has none). */
export const SCHEDULE_TIME_ZONE = ROME_TIME_ZONE;

export const ARTICLE_MESSAGES = {
  // Spec section 8, word for word.
  created: "Articolo creato!",
  updated: "Articolo aggiornato!",
  loadError: "Errore nel caricamento dell'articolo",
  deleteError: "Errore durante l'eliminazione dell'articolo",
  // Ours.
  deleted: "Articolo eliminato",
  restored: "Versione ripristinata: l'articolo è stato aggiornato",
  revisionNotFound: "Versione non trovata",
  saveFailed: "salvataggio non riuscito, riprova",
  titleRequired: "Inserisci il titolo",
  titleTooLong: `Il titolo può contenere al massimo ${ARTICLE_LIMITS.title} caratteri`,
  slugRequired: "Inserisci lo slug (l'indirizzo dell'articolo)",
  slugInvalid: "Lo slug deve contenere almeno una lettera o un numero",
  slugTooLong: `Lo slug può contenere al massimo ${ARTICLE_LIMITS.slug} caratteri`,
  slugInUse: "Questo slug è già usato da un altro articolo: scegline un altro",
  categoryRequired: "Seleziona una categoria",
  excerptRequired: "Inserisci l'estratto",
  excerptTooLong: `L'estratto può contenere al massimo ${ARTICLE_LIMITS.excerpt.toLocaleString("it-IT")} caratteri`,
  contentRequired: "Inserisci il contenuto dell'articolo",
  contentTooLong: "Il contenuto è troppo lungo: al massimo 500.000 caratteri",
  statusRequired: "Scegli lo stato dell'articolo",
  imageInvalid: "Inserisci un indirizzo valido per l'immagine (http, https o /uploads/…)",
  metaTitleTooLong: `Il meta title può contenere al massimo ${ARTICLE_LIMITS.metaTitle} caratteri`,
  metaDescriptionTooLong: `La meta description può contenere al massimo ${ARTICLE_LIMITS.metaDescription.toLocaleString("it-IT")} caratteri`,
  scheduleRequired: "Inserisci la data e l'ora di pubblicazione programmata",
  scheduleInvalid: "Inserisci una data e un'ora valide",
  schedulePast: "La data di pubblicazione programmata non può essere nel passato",
  generationMetadataInvalid: "I dati della generazione AI non sono validi: ricarica la pagina e riprova",
  stale:
    "Questo articolo è stato salvato in un'altra scheda o da un altro amministratore dopo che l'hai aperto: copia le tue modifiche, ricarica la pagina e riprova",
  autosaveStale: "L'articolo è stato salvato in un'altra scheda o da un altro amministratore: la bozza automatica è sospesa, ricarica la pagina",
  autosaveFailed: "Bozza automatica non salvata: riproverò tra poco",
  versionInvalid: "La versione dell'articolo inviata non è valida: ricarica la pagina",
} as const;

const M = ARTICLE_MESSAGES;

/** "Errore: {detail}" (spec section 8), the message shown when a save fails. */
export function saveError(detail: string): string {
  return `Errore: ${detail}`;
}

/** An article's slug: the site's one slug rule (app/lib/slug.ts), up to ARTICLE_LIMITS.slug characters. */
export function slugify(text: string): string {
  return slugifyText(text, ARTICLE_LIMITS.slug);
}

/** An editor's HTML with nothing visible in it ("<p></p>", "<p><br></p>", spaces) counts as empty. */
export function isBlankContent(content: string): boolean {
  if (/<(img|iframe|video|hr)\b/i.test(content)) return false;
  const text = content
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;/gi, " ")
    .trim();
  return text === "";
}

// --- The scheduled date: a datetime-local value, read as Rome's wall-clock time --------------

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a `datetime-local` value ("2026-12-01T09:30") names in Rome; null when it is not a
 * real date. A time skipped by the spring change (02:30 on that Sunday) is read one hour later.
 */
export function parseRomeDateTime(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return romeInstant({ y, mo, d, h, mi, s });
}

/** The `datetime-local` value of an instant in Rome ("2026-12-01T09:30"). */
export function toRomeDateTimeInput(date: Date | string | null | undefined): string {
  return date ? romeDateTimeInput(new Date(date)) : "";
}

/**
 * A scheduled date is refused when it is before the current minute (a datetime-local field has no
 * seconds: the minute being typed counts as now). A date kept as it was saved is accepted even once
 * passed: the admin editing something else is not asked to reschedule.
 */
export function isPastSchedule(date: Date, now: Date, saved: Date | null = null): boolean {
  if (saved && Math.floor(saved.getTime() / 60_000) === Math.floor(date.getTime() / 60_000)) return false;
  return Math.floor(date.getTime() / 60_000) < Math.floor(now.getTime() / 60_000);
}

// --- The form ---------------------------------------------------------------------------------

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);

/** An uploaded image's own path, or an absolute http(s) address. */
function isImageAddress(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s<>"']/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** generation_metadata: who wrote the text, on which topic, for which plan date (spec §3). */
export const generationMetadataSchema = z.strictObject({
  generatedBy: z.string().trim().min(1).max(100).optional(),
  topic: z.string().trim().max(300).optional(),
  planDate: z.string().trim().max(40).optional(),
});
export type GenerationMetadata = z.output<typeof generationMetadataSchema>;

/** The hidden field's JSON: "" is none (null); undefined when it is not valid. */
export function parseGenerationMetadata(text: string): GenerationMetadata | null | undefined {
  if (text.trim() === "") return null;
  try {
    const parsed = generationMetadataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The form's copy of updated_at (an ISO instant); anything else is refused. */
const baseUpdatedAt = z
  .string({ error: M.versionInvalid })
  .trim()
  .max(40, M.versionInvalid)
  .transform((text, ctx) => {
    if (text === "") return undefined;
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: M.versionInvalid });
      return z.NEVER;
    }
    return date;
  });

/**
 * The article form's fields as the server reads them. The scheduled date is checked against the
 * clock by the server (isPastSchedule), which knows the date saved before.
 */
export const articleSchema = z
  .object({
    title: requiredText(M.titleRequired, ARTICLE_LIMITS.title, M.titleTooLong),
    slug: z
      .string({ error: M.slugRequired })
      .trim()
      .min(1, M.slugRequired)
      .max(ARTICLE_LIMITS.slug * 2, M.slugTooLong)
      // Typed by hand, it is normalised as a derived one would be ("Mio Articolo" → "mio-articolo").
      .transform((value) => slugify(value))
      .pipe(z.string().min(1, M.slugInvalid).max(ARTICLE_LIMITS.slug, M.slugTooLong)),
    categoryId: z.string({ error: M.categoryRequired }).trim().refine(isUuid, M.categoryRequired).transform((v) => v.toLowerCase()),
    excerpt: requiredText(M.excerptRequired, ARTICLE_LIMITS.excerpt, M.excerptTooLong),
    content: z
      .string({ error: M.contentRequired })
      .max(ARTICLE_LIMITS.content, M.contentTooLong)
      .refine((value) => !isBlankContent(value), M.contentRequired),
    featuredImage: z
      .string()
      .trim()
      .max(ARTICLE_LIMITS.featuredImage, M.imageInvalid)
      .optional()
      .transform((value) => value || null)
      .refine((value) => value === null || isImageAddress(value), M.imageInvalid),
    status: z.enum(ARTICLE_STATUSES.values, { error: M.statusRequired }),
    metaTitle: optionalText(ARTICLE_LIMITS.metaTitle, M.metaTitleTooLong),
    metaDescription: optionalText(ARTICLE_LIMITS.metaDescription, M.metaDescriptionTooLong),
    isScheduled: checkbox,
    scheduledPublishDate: z.string().optional(),
    /** an already published article keeps its published_at (a correction); otherwise a save sets it to now */
    keepPublishedAt: checkbox,
    /** the article's updated_at when the form was loaded: a save over a newer version is refused */
    baseUpdatedAt: baseUpdatedAt.optional(),
    aiGenerated: checkbox,
    // Absent: an update keeps what the article had (a form from before this field existed).
    generationMetadata: z
      .string()
      .max(2_000, M.generationMetadataInvalid)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const parsed = parseGenerationMetadata(text);
        if (parsed === undefined) {
          ctx.addIssue({ code: "custom", message: M.generationMetadataInvalid });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  .superRefine((value, ctx) => {
    if (!value.isScheduled) return;
    const typed = value.scheduledPublishDate?.trim() ?? "";
    if (typed === "") ctx.addIssue({ code: "custom", message: M.scheduleRequired, path: ["scheduledPublishDate"] });
    else if (!parseRomeDateTime(typed)) ctx.addIssue({ code: "custom", message: M.scheduleInvalid, path: ["scheduledPublishDate"] });
  })
  .transform(({ scheduledPublishDate, ...rest }) => ({
    ...rest,
    // Not scheduled: no date is kept, whatever the hidden field still held.
    scheduledPublishDate: rest.isScheduled ? parseRomeDateTime(scheduledPublishDate ?? "") : null,
  }));

export type ArticleInput = z.output<typeof articleSchema>;
export type ArticleField = keyof z.input<typeof articleSchema>;
export type ArticleFieldErrors = Partial<Record<ArticleField, string>>;

/**
 * An autosave's fields: a draft being typed, so nothing is required, but every bound of a save
 * holds. What is missing or unusable (an empty slug, no category) is filled from the article by the
 * server; status and scheduling are not read: a draft never publishes.
 */
export const autosaveSchema = z.object({
  title: z.string().trim().max(ARTICLE_LIMITS.title, M.titleTooLong).default(""),
  slug: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.slug * 2, M.slugTooLong)
    .default("")
    .transform((value) => slugify(value)),
  categoryId: z
    .string()
    .trim()
    .default("")
    .transform((value) => (isUuid(value) ? value.toLowerCase() : null)),
  excerpt: z.string().trim().max(ARTICLE_LIMITS.excerpt, M.excerptTooLong).default(""),
  content: z.string().max(ARTICLE_LIMITS.content, M.contentTooLong).default(""),
  featuredImage: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.featuredImage, M.imageInvalid)
    .default("")
    .transform((value) => (value && isImageAddress(value) ? value : null)),
  metaTitle: optionalText(ARTICLE_LIMITS.metaTitle, M.metaTitleTooLong),
  metaDescription: optionalText(ARTICLE_LIMITS.metaDescription, M.metaDescriptionTooLong),
  // Required here: a draft is only written over the version it was typed on.
  baseUpdatedAt: baseUpdatedAt.pipe(z.date({ error: M.versionInvalid })),
});
export type AutosaveInput = z.output<typeof autosaveSchema>;

/** The revision history's heading: how many saves (and automatic drafts) are listed. */
export function revisionsSummary(saves: number, drafts = 0): string {
  const kept = `se ne conservano al massimo ${ARTICLE_REVISIONS_KEPT}`;
  let text =
    saves === 0
      ? "Nessun salvataggio registrato: la cronologia comincia dal prossimo."
      : saves === 1
        ? `Un salvataggio (${kept}).`
        : `Gli ultimi ${saves} salvataggi (${kept}).`;
  if (drafts === 1) text += " Una bozza salvata automaticamente.";
  else if (drafts > 1) text += ` ${drafts} bozze salvate automaticamente (al massimo ${ARTICLE_AUTOSAVES_KEPT}).`;
  return text;
}

/** The first message for each field, in the form's order. */
export function fieldErrorsOf(error: z.ZodError): ArticleFieldErrors {
  const errors: ArticleFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ArticleField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The fields the form sends back when a save fails (so the admin's text is kept). */
export interface ArticleFormValues {
  title: string;
  slug: string;
  categoryId: string;
  excerpt: string;
  content: string;
  featuredImage: string;
  status: string;
  metaTitle: string;
  metaDescription: string;
  isScheduled: boolean;
  scheduledPublishDate: string;
  keepPublishedAt: boolean;
  aiGenerated: boolean;
  /** the hidden field's JSON ("" for none) */
  generationMetadata: string;
}

export const EMPTY_ARTICLE_FORM: ArticleFormValues = {
  title: "",
  slug: "",
  categoryId: "",
  excerpt: "",
  content: "",
  featuredImage: "",
  status: "draft",
  metaTitle: "",
  metaDescription: "",
  isScheduled: false,
  scheduledPublishDate: "",
  keepPublishedAt: false,
  aiGenerated: false,
  generationMetadata: "",
};

/** What was posted, as the form shows it again. */
export function formValuesOf(fields: Record<string, string>): ArticleFormValues {
  const text = (name: keyof ArticleFormValues) => (typeof fields[name] === "string" ? fields[name] : "");
  return {
    title: text("title"),
    slug: text("slug"),
    categoryId: text("categoryId"),
    excerpt: text("excerpt"),
    content: text("content"),
    featuredImage: text("featuredImage"),
    status: text("status") || "draft",
    metaTitle: text("metaTitle"),
    metaDescription: text("metaDescription"),
    isScheduled: fields.isScheduled === "on" || fields.isScheduled === "true",
    scheduledPublishDate: text("scheduledPublishDate"),
    keepPublishedAt: fields.keepPublishedAt === "on" || fields.keepPublishedAt === "true",
    aiGenerated: fields.aiGenerated === "on" || fields.aiGenerated === "true",
    generationMetadata: text("generationMetadata"),
  };
}
