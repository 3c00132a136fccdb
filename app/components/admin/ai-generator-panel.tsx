// The AI generator inside the article form (spec §4: closed → form → result preview → accepted).
// The admin gives a topic, a category, up to 5 keywords, a tone and a length; the answer is shown
// for review (each of title, excerpt and content can be written again alone, or all at once), and
// accepting it fills the article form, which the admin then saves as usual.
import { useEffect, useId, useRef, useState } from "react";
import { AI_LIMITS, AI_MESSAGES } from "~/ai/messages";
import { contentPreview } from "~/ai/preview";
import type { AiLength, AiRegenerableField, AiTone, AiUsage, GeneratedArticle } from "~/ai/types";
import { EnumOptions } from "~/components/enum-options";
import { AI_LENGTHS, AI_REGENERABLE_FIELDS, AI_TONES } from "~/lib/enums";
import { AiProgressView } from "./ai-progress";
import { AiUsageBanner, useAiUsage } from "./ai-usage-banner";
import { useAiRequest, type AiRequestError } from "./use-ai-request";

export interface AiCategoryOption {
  id: string;
  name: string;
  slug: string;
}

export interface AcceptedArticle extends GeneratedArticle {
  categoryId: string;
  topic: string;
}

export interface AiGeneratorPanelProps {
  categories: AiCategoryOption[];
  usage: AiUsage;
  /** the form's category when the panel opens */
  categoryId?: string;
  onAccept: (article: AcceptedArticle) => void;
}

type Stage = "closed" | "form" | "preview" | "accepted";

const input = "mt-1 w-full rounded-lg border border-stone-300 bg-white p-2 text-stone-900 aria-[invalid=true]:border-red-700";
const labelClass = "block text-sm font-medium text-stone-800";

/** "cane, cucciolo ,, gioco" → ["cane", "cucciolo", "gioco"] */
export function splitKeywords(text: string): string[] {
  return text
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
}

export function AiErrorBox({ title, error }: { title: string; error: AiRequestError }) {
  if (error.dailyLimit) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        <p className="font-semibold">{AI_MESSAGES.dailyLimitPanel}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      {error.message && error.message !== title ? <p className="mt-1">{error.message}</p> : null}
    </div>
  );
}

export function AiGeneratorPanel({ categories, usage: initialUsage, categoryId = "", onAccept }: AiGeneratorPanelProps) {
  const id = useId();
  const { usage, refresh } = useAiUsage(initialUsage);
  const [stage, setStage] = useState<Stage>("closed");
  const [topic, setTopic] = useState("");
  const [category, setCategory] = useState(categoryId);
  const [keywords, setKeywords] = useState("");
  const [tone, setTone] = useState<AiTone>("informative");
  const [length, setLength] = useState<AiLength>("medium");
  const [formError, setFormError] = useState<string | null>(null);
  const [draft, setDraft] = useState<GeneratedArticle | null>(null);
  const [regenerating, setRegenerating] = useState<AiRegenerableField | null>(null);
  const generation = useAiRequest<GeneratedArticle>("/admin/ai/generate-article");
  const regeneration = useAiRequest<string>("/admin/ai/regenerate-field");
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // The button that started the generation is gone once the preview shows: focus its heading.
  useEffect(() => {
    if (stage === "preview") previewHeading.current?.focus();
  }, [stage]);

  const open = () => {
    // The form's category, chosen since the page loaded, is the likely one.
    if (!category && categoryId) setCategory(categoryId);
    setStage("form");
  };

  const slugOf = (categoryIdValue: string) => categories.find((c) => c.id === categoryIdValue)?.slug ?? "";

  async function generate() {
    const keywordList = splitKeywords(keywords);
    if (topic.trim() === "" || !slugOf(category)) {
      setFormError(AI_MESSAGES.topicAndCategoryRequired);
      return;
    }
    if (keywordList.length > AI_LIMITS.keywordsMax) {
      setFormError(AI_MESSAGES.tooManyKeywords);
      return;
    }
    setFormError(null);
    regeneration.reset();
    const article = await generation.run({ topic: topic.trim(), category: slugOf(category), keywords: keywordList, tone, length });
    refresh();
    if (article) {
      setDraft(article);
      setStage("preview");
    }
  }

  async function regenerate(field: AiRegenerableField) {
    if (!draft) return;
    setRegenerating(field);
    const value = await regeneration.run({ field, context: { title: draft.title, category: slugOf(category), topic: topic.trim() } });
    refresh();
    setRegenerating(null);
    if (value !== null) setDraft((current) => (current ? { ...current, [field]: value } : current));
  }

  const waiting = generation.state === "waiting" || regeneration.state === "waiting";

  if (stage === "closed" || stage === "accepted") {
    return (
      <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="text-base font-semibold text-stone-900">
            Generatore AI
          </h2>
          <button type="button" className="btn-secondary" aria-expanded="false" onClick={open}>
            {stage === "accepted" ? "Genera un altro articolo" : "Genera con l'AI"}
          </button>
        </div>
        {stage === "accepted" ? (
          <p role="status" className="mt-2 text-sm text-green-900">
            Articolo generato inserito nel modulo: controllalo e salvalo.
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-brand-100 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold text-stone-900">
          Generatore AI
        </h2>
        <button
          type="button"
          className="btn-secondary"
          aria-expanded="true"
          onClick={() => {
            generation.reset();
            regeneration.reset();
            setStage("closed");
          }}
        >
          Chiudi
        </button>
      </div>
      <AiUsageBanner usage={usage} />

      {!usage.configured ? null : stage === "form" ? (
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!waiting) void generate();
          }}
        >
          {formError ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
              {formError}
            </p>
          ) : null}
          <div>
            <label htmlFor={`${id}-topic`} className={labelClass}>
              Argomento *
            </label>
            <input id={`${id}-topic`} value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={300} className={input} disabled={waiting} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-category`} className={labelClass}>
                Categoria *
              </label>
              <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)} className={input} disabled={waiting}>
                <option value="">Seleziona una categoria</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-keywords`} className={labelClass}>
                Parole chiave
              </label>
              <input
                id={`${id}-keywords`}
                value={keywords}
                onChange={(e) => setKeywords(e.target.value)}
                aria-describedby={`${id}-keywords-hint`}
                className={input}
                disabled={waiting}
              />
              <p id={`${id}-keywords-hint`} className="mt-1 text-sm text-stone-600">
                Separate da virgole, al massimo {AI_LIMITS.keywordsMax}
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-tone`} className={labelClass}>
                Tono
              </label>
              <select id={`${id}-tone`} value={tone} onChange={(e) => setTone(e.target.value as AiTone)} className={input} disabled={waiting}>
                <EnumOptions values={AI_TONES.values} labels={AI_TONES.labels} />
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-length`} className={labelClass}>
                Lunghezza
              </label>
              <select id={`${id}-length`} value={length} onChange={(e) => setLength(e.target.value as AiLength)} className={input} disabled={waiting}>
                <EnumOptions values={AI_LENGTHS.values} labels={AI_LENGTHS.labels} />
              </select>
            </div>
          </div>
          {generation.error ? <AiErrorBox title={AI_MESSAGES.generateArticleError} error={generation.error} /> : null}
          {generation.state === "waiting" ? (
            <AiProgressView progress={generation.progress} label="Avanzamento della generazione" onCancel={generation.cancel} />
          ) : (
            <button type="submit" className="btn-primary">
              Genera articolo
            </button>
          )}
        </form>
      ) : draft ? (
        <div className="space-y-4">
          <h3 ref={previewHeading} tabIndex={-1} className="text-sm font-semibold tracking-wide text-stone-700 uppercase">
            Anteprima
          </h3>
          <div className="space-y-3 text-sm">
            {(["title", "excerpt", "content"] as const).map((field) => (
              <div key={field} className="rounded-lg border border-stone-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h4 className="font-semibold text-stone-900">{AI_REGENERABLE_FIELDS.labels[field]}</h4>
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={waiting}
                    aria-label={`Rigenera ${AI_REGENERABLE_FIELDS.labels[field].toLowerCase()}`}
                    onClick={() => void regenerate(field)}
                  >
                    Rigenera
                  </button>
                </div>
                <p className="mt-1 break-words whitespace-pre-line text-stone-800" data-ai-preview={field}>
                  {field === "content" ? contentPreview(draft.content) : draft[field]}
                </p>
                {regenerating === field && regeneration.state === "waiting" ? (
                  <div className="mt-2">
                    <AiProgressView progress={regeneration.progress} label={`Avanzamento: ${AI_REGENERABLE_FIELDS.labels[field]}`} onCancel={regeneration.cancel} />
                  </div>
                ) : null}
              </div>
            ))}
            <div className="rounded-lg border border-stone-200 p-3">
              <h4 className="font-semibold text-stone-900">Meta title</h4>
              <p className="mt-1 break-words text-stone-800" data-ai-preview="metaTitle">
                {draft.metaTitle}
              </p>
            </div>
            <div className="rounded-lg border border-stone-200 p-3">
              <h4 className="font-semibold text-stone-900">Meta description</h4>
              <p className="mt-1 break-words text-stone-800" data-ai-preview="metaDescription">
                {draft.metaDescription}
              </p>
            </div>
          </div>
          {regeneration.error ? <AiErrorBox title={AI_MESSAGES.regenerateFieldError} error={regeneration.error} /> : null}
          {generation.error ? <AiErrorBox title={AI_MESSAGES.generateArticleError} error={generation.error} /> : null}
          {generation.state === "waiting" ? (
            <AiProgressView progress={generation.progress} label="Avanzamento della generazione" onCancel={generation.cancel} />
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={waiting}
              onClick={() => {
                onAccept({ ...draft, categoryId: category, topic: topic.trim() });
                setStage("accepted");
              }}
            >
              Usa questo articolo
            </button>
            <button type="button" className="btn-secondary" disabled={waiting} onClick={() => void generate()}>
              Rigenera tutto
            </button>
            <button type="button" className="btn-secondary" disabled={waiting} onClick={() => setStage("form")}>
              Modifica richiesta
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
