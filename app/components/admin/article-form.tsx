// The article form of /admin/articles/new and /admin/articles/edit?id=…. A plain POST form: it
// works before JavaScript loads (the server checks every rule and sends the values back on error);
// with it, the slug and the meta title follow the title as it is typed, the counters move, the save
// bar stays in view and says what became of the save, Ctrl+S saves, leaving with unsaved changes
// asks first, and a draft is autosaved while editing (decision 0103).
import { errorId, FieldMessage } from "~/components/admin/card-form";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { ImageField } from "~/components/admin/image-field";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { EnumOptions } from "~/components/enum-options";
import { ARTICLE_LIMITS, slugify, type ArticleField, type ArticleFieldErrors, type ArticleFormValues } from "~/articles/validation";
import { ARTICLE_STATUSES } from "~/lib/enums";
import type { AiUsage } from "~/ai/types";
import { AiGeneratorPanel, type AcceptedArticle } from "~/components/admin/ai-generator-panel";
import { LeaveDialog } from "~/components/admin/editor/leave-dialog";
import { SaveBar } from "~/components/admin/editor/save-bar";
import { useAutosave } from "~/components/admin/editor/use-autosave";
import { useUnsavedChanges } from "~/components/admin/editor/use-unsaved-changes";
import { formatDateTimeLong } from "~/lib/format";

export interface ArticleFormProps {
  mode: "new" | "edit";
  /** the article's id in edit mode */
  id?: string;
  values: ArticleFormValues;
  categories: { id: string; name: string; slug: string }[];
  /** the AI generator's panel: the day's usage and the model that writes (generation_metadata.generatedBy) */
  ai?: { usage: AiUsage; model: string | null };
  fieldErrors?: ArticleFieldErrors;
  /** "Errore: …" of a failed save */
  error?: string | null;
  /** "Articolo creato!" / "Articolo aggiornato!" */
  message?: string | null;
  /** the article as saved is published: its address is not changed by typing the title */
  published?: boolean;
  /** its published_at, which "Mantieni la data di pubblicazione" keeps */
  publishedAt?: Date | string | null;
  /** the article's updated_at when loaded (ISO): a save or autosave over a newer version is refused */
  version?: string;
  /** when this page last saved the article: the bar says "Salvato alle …" */
  savedAt?: Date | string | null;
  /** what the page shows below the form (the revision history): the save bar stays in view over it too */
  children?: ReactNode;
}

/** The form's fields in their order, with the labels the error summary links to. */
const FIELD_LABELS: [ArticleField, string][] = [
  ["title", "Titolo"],
  ["slug", "Slug"],
  ["categoryId", "Categoria"],
  ["excerpt", "Estratto"],
  ["content", "Contenuto"],
  ["featuredImage", "Immagine in evidenza"],
  ["status", "Stato"],
  ["metaTitle", "Meta title"],
  ["metaDescription", "Meta description"],
  ["scheduledPublishDate", "Data di pubblicazione"],
];

const FORM_ID = "article-form";
const input = "mt-1 w-full rounded-lg border border-stone-300 bg-white p-2 text-stone-900 aria-[invalid=true]:border-red-700";
const labelClass = "block text-sm font-medium text-stone-800";

function Counter({ id, length, hint }: { id: string; length: number; hint: number }) {
  return (
    <p id={id} className={`mt-1 text-sm ${length > hint ? "text-amber-800" : "text-stone-600"}`}>
      max {hint} caratteri · <span aria-live="polite">{length}/{hint}</span>
    </p>
  );
}

/** The metadata an accepted generation records; a plan date the article had is kept. */
export function acceptedMetadata(previous: string, model: string | null, topic: string): string {
  let planDate: string | undefined;
  try {
    const parsed = previous ? (JSON.parse(previous) as { planDate?: unknown }) : null;
    if (typeof parsed?.planDate === "string") planDate = parsed.planDate;
  } catch {
    // not ours to repair: the server refuses it on save
  }
  return JSON.stringify({ generatedBy: model || "ai", topic, ...(planDate ? { planDate } : {}) });
}

/** Ctrl+S (⌘S on a Mac) sends the form as its button does, instead of the browser's "save page". */
function useSaveShortcut(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      // A dialog of its own (a link, an image, the leave question) is open: not the moment to save.
      if (event.repeat || document.querySelector("dialog[open]")) return;
      const form = formRef.current;
      const button = document.querySelector<HTMLButtonElement>("[data-save-bar] button[type=submit]");
      if (form && button && !button.disabled) form.requestSubmit(button);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [formRef]);
}

/** Focus moved to a field is scrolled into view above the save bar, not under it, however tall it grows. */
function useRoomForTheBar() {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    const bar = document.querySelector<HTMLElement>("[data-save-bar]");
    const fit = () => {
      root.style.scrollPaddingBottom = `${(bar?.offsetHeight ?? 96) + 16}px`;
    };
    fit();
    const observer = bar && typeof ResizeObserver !== "undefined" ? new ResizeObserver(fit) : null;
    if (bar) observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = before;
    };
  }, []);
}

export function ArticleForm({ mode, id, values, categories, ai, fieldErrors = {}, error, message, published = false, publishedAt, version, savedAt, children }: ArticleFormProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef);
  const autosave = useAutosave({ formRef, id: mode === "edit" ? id : undefined, check: unsaved.check, submitting: unsaved.submitting });
  useSaveShortcut(formRef);
  useRoomForTheBar();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post" && navigation.formData?.get("intent") !== "restore";
  const [title, setTitle] = useState(values.title);
  const [slug, setSlug] = useState(values.slug);
  const [metaTitle, setMetaTitle] = useState(values.metaTitle);
  const [excerpt, setExcerpt] = useState(values.excerpt);
  const [metaDescription, setMetaDescription] = useState(values.metaDescription);
  const [categoryId, setCategoryId] = useState(values.categoryId);
  const [content, setContent] = useState(values.content);
  const [aiGenerated, setAiGenerated] = useState(values.aiGenerated);
  const [generationMetadata, setGenerationMetadata] = useState(values.generationMetadata);
  // The slug follows the title until the admin types one; an article already saved keeps its
  // address unless it was derived from its title and the article is not published (decision 0044).
  const [slugByHand, setSlugByHand] = useState(mode === "edit" && (published || values.slug !== slugify(values.title)));
  const [metaTitleByHand, setMetaTitleByHand] = useState(values.metaTitle !== "" && values.metaTitle !== values.title);

  const invalid = (field: ArticleField) => (fieldErrors[field] ? true : undefined);
  const describedBy = (field: ArticleField, ...more: string[]) => [fieldErrors[field] ? errorId(field) : "", ...more].filter(Boolean).join(" ") || undefined;
  const errors = FIELD_LABELS.filter(([field]) => fieldErrors[field]);

  // The generator's accepted text fills the fields as if typed: the slug follows the title unless
  // the admin set it by hand.
  const accept = (article: AcceptedArticle) => {
    setTitle(article.title);
    if (!slugByHand) setSlug(slugify(article.title));
    setMetaTitle(article.metaTitle || article.title);
    setMetaTitleByHand(article.metaTitle !== "" && article.metaTitle !== article.title);
    setExcerpt(article.excerpt);
    setContent(article.content);
    setMetaDescription(article.metaDescription);
    if (article.categoryId) setCategoryId(article.categoryId);
    setAiGenerated(true);
    setGenerationMetadata(acceptedMetadata(generationMetadata, ai?.model ?? null, article.topic));
  };

  return (
    <div className="space-y-6">
      {/* Outside the form: Enter in the generator's fields must not save the article. */}
      {ai ? <AiGeneratorPanel categories={categories} usage={ai.usage} categoryId={categoryId} onAccept={accept} /> : null}
      <Form ref={formRef} id={FORM_ID} method="post" className="space-y-6" noValidate>
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {version ? <input type="hidden" name="baseUpdatedAt" value={version} /> : null}
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="aiGenerated" value={aiGenerated ? "true" : "false"} />
        <input type="hidden" name="generationMetadata" value={generationMetadata} />

        {message && !busy ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-medium text-green-900">
            {message}
          </p>
        ) : null}
        {error && !busy ? (
          <div id="form-errors" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-semibold">{error}</p>
            {errors.length > 1 ? (
              <ul className="mt-1 list-inside list-disc">
                {errors.map(([field, label]) => (
                  <li key={field}>
                    <a href={`#${field}`} className="underline">
                      {label}
                    </a>
                    : {fieldErrors[field]}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        <div>
          <label htmlFor="title" className={labelClass}>
            Titolo *
          </label>
          <input
            id="title"
            name="title"
            required
            maxLength={ARTICLE_LIMITS.title}
            value={title}
            onChange={(event) => {
              const next = event.target.value;
              setTitle(next);
              if (!slugByHand) setSlug(slugify(next));
              if (!metaTitleByHand) setMetaTitle(next);
            }}
            aria-invalid={invalid("title")}
            aria-describedby={describedBy("title")}
            className={input}
          />
          <FieldMessage fieldId="title" error={fieldErrors.title} />
        </div>

        <div>
          <label htmlFor="slug" className={labelClass}>
            Slug *
          </label>
          <input
            id="slug"
            name="slug"
            required
            maxLength={ARTICLE_LIMITS.slug}
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value);
              setSlugByHand(true);
            }}
            aria-invalid={invalid("slug")}
            aria-describedby={describedBy("slug", "slug-hint")}
            className={`${input} font-mono text-sm`}
          />
          <p id="slug-hint" className="mt-1 text-sm break-all text-stone-600">
            Indirizzo pubblico: /article/{slugify(slug) || "…"}
          </p>
          <FieldMessage fieldId="slug" error={fieldErrors.slug} />
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor="categoryId" className={labelClass}>
              Categoria *
            </label>
            <select
              id="categoryId"
              name="categoryId"
              required
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
              aria-invalid={invalid("categoryId")}
              aria-describedby={describedBy("categoryId")}
              className={input}
            >
              <option value="">Seleziona una categoria</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldMessage fieldId="categoryId" error={fieldErrors.categoryId} />
          </div>
          <div>
            <label htmlFor="status" className={labelClass}>
              Stato *
            </label>
            <select id="status" name="status" aria-required="true" defaultValue={values.status} aria-invalid={invalid("status")} aria-describedby={describedBy("status")} className={input}>
              <EnumOptions values={ARTICLE_STATUSES.values} labels={ARTICLE_STATUSES.labels} />
            </select>
            <FieldMessage fieldId="status" error={fieldErrors.status} />
          </div>
        </div>

        <div>
          <label htmlFor="excerpt" className={labelClass}>
            Estratto *
          </label>
          <textarea
            id="excerpt"
            name="excerpt"
            required
            rows={3}
            value={excerpt}
            onChange={(event) => setExcerpt(event.target.value)}
            aria-invalid={invalid("excerpt")}
            aria-describedby={describedBy("excerpt", "excerpt-count")}
            className={input}
          />
          <Counter id="excerpt-count" length={excerpt.length} hint={ARTICLE_LIMITS.excerptHint} />
          <FieldMessage fieldId="excerpt" error={fieldErrors.excerpt} />
        </div>

        <div>
          <label id="content-label" htmlFor="content" className={labelClass}>
            Contenuto *
          </label>
          <div className="mt-1">
            <RichTextEditor
              name="content"
              id="content"
              defaultValue={content}
              labelledBy="content-label"
              invalid={fieldErrors.content ? true : undefined}
              describedBy={describedBy("content")}
              onChange={() => window.setTimeout(unsaved.check, 0)}
              // The editor writes the HTML its own way: that is the saved text, not a change.
              onReady={(html) => {
                if (!unsaved.check()) unsaved.rebase({ content: html });
              }}
            />
          </div>
          <FieldMessage fieldId="content" error={fieldErrors.content} />
        </div>

        <div>
          <ImageField name="featuredImage" id="featuredImage" label="Immagine in evidenza" defaultValue={values.featuredImage} />
          <FieldMessage fieldId="featuredImage" error={fieldErrors.featuredImage} />
        </div>

        <fieldset className="space-y-6 rounded-2xl border border-stone-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">SEO</legend>
          <div>
            <label htmlFor="metaTitle" className={labelClass}>
              Meta title
            </label>
            <input
              id="metaTitle"
              name="metaTitle"
              maxLength={ARTICLE_LIMITS.metaTitle}
              value={metaTitle}
              onChange={(event) => {
                setMetaTitle(event.target.value);
                setMetaTitleByHand(true);
              }}
              aria-invalid={invalid("metaTitle")}
              aria-describedby={describedBy("metaTitle")}
              className={input}
            />
            <FieldMessage fieldId="metaTitle" error={fieldErrors.metaTitle} />
          </div>
          <div>
            <label htmlFor="metaDescription" className={labelClass}>
              Meta description
            </label>
            <textarea
              id="metaDescription"
              name="metaDescription"
              rows={2}
              value={metaDescription}
              onChange={(event) => setMetaDescription(event.target.value)}
              aria-invalid={invalid("metaDescription")}
              aria-describedby={describedBy("metaDescription", "metaDescription-count")}
              className={input}
            />
            <Counter id="metaDescription-count" length={metaDescription.length} hint={ARTICLE_LIMITS.metaDescriptionHint} />
            <FieldMessage fieldId="metaDescription" error={fieldErrors.metaDescription} />
          </div>
        </fieldset>

        {/* The date field shows while the box is ticked, by CSS alone: also before JavaScript loads. */}
        <fieldset className="group rounded-2xl border border-stone-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">Pubblicazione</legend>
          <label className="flex items-center gap-2 text-stone-800">
            <input type="checkbox" name="isScheduled" defaultChecked={values.isScheduled} className="schedule-toggle size-4" />
            Programma pubblicazione
          </label>
          <div className="mt-4 hidden group-has-[.schedule-toggle:checked]:block">
            <label htmlFor="scheduledPublishDate" className={labelClass}>
              Data e ora di pubblicazione (ora italiana)
            </label>
            <input
              type="datetime-local"
              id="scheduledPublishDate"
              name="scheduledPublishDate"
              defaultValue={values.scheduledPublishDate}
              aria-invalid={invalid("scheduledPublishDate")}
              aria-describedby={describedBy("scheduledPublishDate")}
              className={`${input} sm:w-auto`}
            />
            <FieldMessage fieldId="scheduledPublishDate" error={fieldErrors.scheduledPublishDate} />
          </div>
          {published ? (
            <div className="mt-4 border-t border-stone-200 pt-4">
              <label className="flex items-center gap-2 text-stone-800">
                <input type="checkbox" name="keepPublishedAt" defaultChecked={values.keepPublishedAt} aria-describedby="keepPublishedAt-hint" className="size-4" />
                Mantieni la data di pubblicazione
              </label>
              <p id="keepPublishedAt-hint" className="mt-1 text-sm text-stone-600">
                {publishedAt ? `Pubblicato il ${formatDateTimeLong(publishedAt)}. ` : ""}
                Senza la spunta, salvando l&apos;articolo la data di pubblicazione diventa quella di adesso; spuntala per una correzione.
              </p>
            </div>
          ) : null}
        </fieldset>

      </Form>
      {children}
      {/* After everything the page shows, so that it stays stuck to the window down to the page's end. */}
      <SaveBar
        form={FORM_ID}
        label={mode === "new" ? "Crea articolo" : "Salva modifiche"}
        busy={busy}
        error={error}
        hasFieldErrors={errors.length > 0}
        dirty={unsaved.dirty}
        savedAt={savedAt}
        autosave={mode === "edit" ? autosave : undefined}
      />
      <LeaveDialog blocker={unsaved.blocker} />
    </div>
  );
}
