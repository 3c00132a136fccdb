// The article form of /admin/articles/new and /admin/articles/edit?id=…. A plain POST form: it
// works before JavaScript loads (the server checks every rule and sends the values back on error);
// with it, the server's schema (articleSchema) checks the form before it is sent, through the form
// kit (decision 0101), the slug and the meta title follow the title as it is typed, the counters move, the save
// bar stays in view and says what became of the save, Ctrl+S saves, leaving with unsaved changes
// asks first, and a draft is autosaved while editing (decision 0103).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { ImageField } from "~/components/admin/image-field";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { EnumOptions } from "~/components/enum-options";
import { ARTICLE_LIMITS, articleSchema, saveError, slugify, type ArticleFormValues } from "~/articles/validation";
import { ARTICLE_STATUSES } from "~/lib/enums";
import type { AiUsage } from "~/ai/types";
import { AiGeneratorPanel, type AcceptedArticle } from "~/components/admin/ai-generator-panel";
import { LeaveDialog } from "~/components/admin/editor/leave-dialog";
import { SaveBar } from "~/components/admin/editor/save-bar";
import { useAutosave } from "~/components/admin/editor/use-autosave";
import { useUnsavedChanges } from "~/components/admin/editor/use-unsaved-changes";
import { ErrorSummary, FieldError } from "~/components/form/form-messages";
import { messagesOf, useZodForm } from "~/components/form/zod-form";
import { formatDateTimeLong } from "~/lib/format";

export interface ArticleFormProps {
  mode: "new" | "edit";
  /** the article's id in edit mode */
  id?: string;
  values: ArticleFormValues;
  categories: { id: string; name: string; slug: string }[];
  /** the AI generator's panel: the day's usage and the model that writes (generation_metadata.generatedBy) */
  ai?: { usage: AiUsage; model: string | null };
  /** the server's answer to the last save ({ ok: false, error: "Errore: …", fieldErrors }), shown until the next one */
  answer?: unknown;
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

type Field = { id: string; name: string; errorId: string; errors?: string[] };

/** A field's ARIA wiring where Conform's helpers do not fit (the editor, a select that must not say `required`). */
function ariaOf(field: Field, ...more: string[]) {
  const invalid = field.errors !== undefined;
  return {
    "aria-invalid": invalid || undefined,
    "aria-describedby": [invalid ? field.errorId : "", ...more].filter(Boolean).join(" ") || undefined,
  };
}

/** Tells the form kit (and the unsaved-changes check) that a field written by code, not typed, changed. */
function announceInput(form: HTMLFormElement | null, names: string[]) {
  window.setTimeout(() => {
    for (const name of names) {
      const field = form?.elements.namedItem(name);
      if (field instanceof HTMLElement) field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, 0);
}

/**
 * Conform puts the focus on the first wrong field by its name. The content and the featured image
 * are hidden inputs that the editor and the upload write, which cannot take it: their visible
 * control does. Once per refusal, so that correcting the form is not interrupted.
 */
function useFocusOnRefusal(formRef: RefObject<HTMLFormElement | null>, allErrors: Record<string, string[]>, answer: unknown) {
  const pending = useRef(false);
  const [refusals, setRefusals] = useState(0);
  const names = Object.keys(allErrors);
  const key = names.join("\n");
  useEffect(() => {
    if (answer) pending.current = true;
  }, [answer]);
  useEffect(() => {
    if (!pending.current || key === "") return;
    pending.current = false;
    const wrong = new Set(key.split("\n"));
    const first = Array.from(formRef.current?.elements ?? []).find((element) => wrong.has((element as HTMLInputElement).name));
    if (!(first instanceof HTMLInputElement) || first.type !== "hidden") return;
    const control = document.getElementById(`${FORM_ID}-${first.name}`);
    const target = control?.matches("textarea, input, [contenteditable]") ? control : control?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, button");
    target?.focus();
  }, [formRef, key, refusals, answer]);
  return () => {
    pending.current = true;
    setRefusals((count) => count + 1);
  };
}

export function ArticleForm({ mode, id, values, categories, ai, answer, message, published = false, publishedAt, version, savedAt, children }: ArticleFormProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef);
  const autosave = useAutosave({ formRef, id: mode === "edit" ? id : undefined, check: unsaved.check, submitting: unsaved.submitting });
  useSaveShortcut(formRef);
  useRoomForTheBar();
  const [form, fields] = useZodForm({ id: FORM_ID, schema: articleSchema, answer });
  const refused = useFocusOnRefusal(formRef, form.allErrors, answer);
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

  // The refusal, from the browser's check or the server's answer: the spec's "Errore: {detail}"
  // with the first problem, or the server's own message when it names no field (a newer version).
  const messages = messagesOf(form.allErrors);
  const refusal = messages.length === 0 ? null : (form.errors?.[0] ?? saveError(messages[0]!));
  const fieldErrorsShown = Object.keys(form.allErrors).some((name) => name !== "");

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
    announceInput(formRef.current, ["title", "slug", "categoryId", "excerpt", "metaTitle", "metaDescription"]);
  };

  return (
    <div className="space-y-6">
      {/* Outside the form: Enter in the generator's fields must not save the article. */}
      {ai ? <AiGeneratorPanel categories={categories} usage={ai.usage} categoryId={categoryId} onAccept={accept} /> : null}
      <Form
        ref={formRef}
        method="post"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          // Refused by the browser's check: nothing was sent, the messages are shown.
          if (event.defaultPrevented) refused();
          else unsaved.sending();
        }}
        className="space-y-6"
      >
        {id ? <input type="hidden" name="id" value={id} /> : null}
        {version ? <input type="hidden" name="baseUpdatedAt" value={version} /> : null}
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="aiGenerated" value={aiGenerated ? "true" : "false"} />
        <input type="hidden" name="generationMetadata" value={generationMetadata} />

        {message && !busy && !refusal ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-medium text-green-900">
            {message}
          </p>
        ) : null}
        {refusal && !busy ? (
          <div id={form.errorId}>
            {messages.length > 1 ? (
              <ErrorSummary title={refusal} errors={messages} />
            ) : (
              // One problem: the title says it all.
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
                {refusal}
              </p>
            )}
          </div>
        ) : null}

        <div>
          <label htmlFor={fields.title.id} className={labelClass}>
            Titolo *
          </label>
          <input
            {...getInputProps(fields.title, { type: "text", value: false })}
            maxLength={ARTICLE_LIMITS.title}
            value={title}
            onChange={(event) => {
              const next = event.target.value;
              setTitle(next);
              if (!slugByHand) setSlug(slugify(next));
              if (!metaTitleByHand) setMetaTitle(next);
            }}
            className={input}
          />
          <FieldError field={fields.title} />
        </div>

        <div>
          <label htmlFor={fields.slug.id} className={labelClass}>
            Slug *
          </label>
          <input
            {...getInputProps(fields.slug, { type: "text", value: false, ariaDescribedBy: fields.slug.descriptionId })}
            maxLength={ARTICLE_LIMITS.slug}
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value);
              setSlugByHand(true);
            }}
            className={`${input} font-mono text-sm`}
          />
          <p id={fields.slug.descriptionId} className="mt-1 text-sm break-all text-stone-600">
            Indirizzo pubblico: /article/{slugify(slug) || "…"}
          </p>
          <FieldError field={fields.slug} />
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.categoryId.id} className={labelClass}>
              Categoria *
            </label>
            <select {...getSelectProps(fields.categoryId, { value: false })} value={categoryId} onChange={(event) => setCategoryId(event.target.value)} className={input}>
              <option value="">Seleziona una categoria</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldError field={fields.categoryId} />
          </div>
          <div>
            <label htmlFor={fields.status.id} className={labelClass}>
              Stato *
            </label>
            {/* aria-required, not required: a required select needs an empty first option, which a status has not. */}
            <select id={fields.status.id} name={fields.status.name} aria-required="true" defaultValue={values.status} {...ariaOf(fields.status)} className={input}>
              <EnumOptions values={ARTICLE_STATUSES.values} labels={ARTICLE_STATUSES.labels} />
            </select>
            <FieldError field={fields.status} />
          </div>
        </div>

        <div>
          <label htmlFor={fields.excerpt.id} className={labelClass}>
            Estratto *
          </label>
          <textarea
            {...getTextareaProps(fields.excerpt, { value: false, ariaDescribedBy: fields.excerpt.descriptionId })}
            rows={3}
            value={excerpt}
            onChange={(event) => setExcerpt(event.target.value)}
            className={input}
          />
          <Counter id={fields.excerpt.descriptionId} length={excerpt.length} hint={ARTICLE_LIMITS.excerptHint} />
          <FieldError field={fields.excerpt} />
        </div>

        <div>
          <label id="content-label" htmlFor={fields.content.id} className={labelClass}>
            Contenuto *
          </label>
          <div className="mt-1">
            <RichTextEditor
              name={fields.content.name}
              id={fields.content.id}
              defaultValue={content}
              labelledBy="content-label"
              invalid={fields.content.errors ? true : undefined}
              describedBy={ariaOf(fields.content)["aria-describedby"]}
              // The editor writes its HTML into a hidden input: the kit hears of it as of a typed field.
              onChange={() => announceInput(formRef.current, [fields.content.name])}
              // The editor writes the HTML its own way: that is the saved text, not a change.
              onReady={(html) => {
                if (!unsaved.check()) unsaved.rebase({ content: html });
              }}
            />
          </div>
          <FieldError field={fields.content} />
        </div>

        <div>
          <ImageField
            name={fields.featuredImage.name}
            id={fields.featuredImage.id}
            label="Immagine in evidenza"
            defaultValue={values.featuredImage}
            invalid={fields.featuredImage.errors ? true : undefined}
            describedBy={ariaOf(fields.featuredImage)["aria-describedby"]}
          />
          <FieldError field={fields.featuredImage} />
        </div>

        <fieldset className="space-y-6 rounded-2xl border border-stone-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">SEO</legend>
          <div>
            <label htmlFor={fields.metaTitle.id} className={labelClass}>
              Meta title
            </label>
            <input
              {...getInputProps(fields.metaTitle, { type: "text", value: false })}
              maxLength={ARTICLE_LIMITS.metaTitle}
              value={metaTitle}
              onChange={(event) => {
                setMetaTitle(event.target.value);
                setMetaTitleByHand(true);
              }}
              className={input}
            />
            <FieldError field={fields.metaTitle} />
          </div>
          <div>
            <label htmlFor={fields.metaDescription.id} className={labelClass}>
              Meta description
            </label>
            <textarea
              {...getTextareaProps(fields.metaDescription, { value: false, ariaDescribedBy: fields.metaDescription.descriptionId })}
              rows={2}
              value={metaDescription}
              onChange={(event) => setMetaDescription(event.target.value)}
              className={input}
            />
            <Counter id={fields.metaDescription.descriptionId} length={metaDescription.length} hint={ARTICLE_LIMITS.metaDescriptionHint} />
            <FieldError field={fields.metaDescription} />
          </div>
        </fieldset>

        {/* The date field shows while the box is ticked, by CSS alone: also before JavaScript loads. */}
        <fieldset className="group rounded-2xl border border-stone-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">Pubblicazione</legend>
          <label className="flex items-center gap-2 text-stone-800">
            {/* Not Conform's props: a box the schema reads as true/false is not "required". */}
            <input type="checkbox" id={fields.isScheduled.id} name={fields.isScheduled.name} defaultChecked={values.isScheduled} className="schedule-toggle size-4" />
            Programma pubblicazione
          </label>
          <div className="mt-4 hidden group-has-[.schedule-toggle:checked]:block">
            <label htmlFor={fields.scheduledPublishDate.id} className={labelClass}>
              Data e ora di pubblicazione (ora italiana)
            </label>
            <input
              {...getInputProps(fields.scheduledPublishDate, { type: "datetime-local", value: false })}
              defaultValue={values.scheduledPublishDate}
              className={`${input} sm:w-auto`}
            />
            <FieldError field={fields.scheduledPublishDate} />
          </div>
          {published ? (
            <div className="mt-4 border-t border-stone-200 pt-4">
              <label className="flex items-center gap-2 text-stone-800">
                <input
                  type="checkbox"
                  id={fields.keepPublishedAt.id}
                  name={fields.keepPublishedAt.name}
                  defaultChecked={values.keepPublishedAt}
                  aria-describedby={fields.keepPublishedAt.descriptionId}
                  className="size-4"
                />
                Mantieni la data di pubblicazione
              </label>
              <p id={fields.keepPublishedAt.descriptionId} className="mt-1 text-sm text-stone-600">
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
        error={refusal}
        errorsId={fieldErrorsShown ? form.errorId : undefined}
        dirty={unsaved.dirty}
        savedAt={savedAt}
        autosave={mode === "edit" ? autosave : undefined}
      />
      <LeaveDialog blocker={unsaved.blocker} />
    </div>
  );
}
