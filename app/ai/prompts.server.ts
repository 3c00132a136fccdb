// What the model is asked (Italian, for an Italian readership). The answer's shape is not left to
// the prompt: each request carries its Zod schema (structured output), and the server checks it.
import { z } from "zod";
import { AI_LENGTHS, AI_REGENERABLE_FIELDS, AI_TONES } from "~/lib/enums";
import { AI_LENGTH_WORDS } from "./messages";
import type { AiLength, AiRegenerableField, AiTone } from "./types";

export const SYSTEM_PROMPT =
  "Sei un redattore esperto di Zampa, un portale italiano dedicato agli animali domestici (cani, gatti, " +
  "uccelli, pesci, conigli e altri). Scrivi in italiano corretto, con informazioni accurate e prudenti: " +
  "per la salute degli animali consiglia sempre di rivolgersi al veterinario. Rispondi solo con il JSON richiesto.";

export const articleSchema = z.object({
  title: z.string().trim().min(1).max(200),
  excerpt: z.string().trim().min(1).max(2_000),
  content: z.string().trim().min(1),
  metaTitle: z.string().trim().min(1).max(200),
  metaDescription: z.string().trim().min(1).max(1_000),
});

export const fieldSchema = z.object({ value: z.string().trim().min(1) });

export const planSchema = z.object({
  items: z.array(z.object({ title: z.string().trim().min(1).max(200), topic: z.string().trim().min(1), category: z.string().trim().min(1) })),
});

const TONE_WORDS: Record<AiTone, string> = {
  professional: "professionale e autorevole",
  casual: "informale e colloquiale",
  friendly: "amichevole e caloroso",
  informative: "informativo e chiaro",
};

const HTML_RULES =
  "Il contenuto è HTML semplice: paragrafi <p>, sottotitoli <h2> e <h3>, elenchi <ul>/<ol> con <li>, " +
  "<strong> ed <em>; niente <h1>, script, stili o immagini.";

export function articlePrompt(input: { topic: string; categoryName: string; keywords: string[]; tone: AiTone; length: AiLength }): string {
  const words = AI_LENGTH_WORDS[input.length];
  return [
    `Scrivi un articolo per la categoria "${input.categoryName}" sull'argomento: ${input.topic}.`,
    input.keywords.length > 0 ? `Parole chiave da usare in modo naturale: ${input.keywords.join(", ")}.` : "",
    `Tono: ${TONE_WORDS[input.tone]} (${AI_TONES.labels[input.tone]}).`,
    `Lunghezza del contenuto: tra ${words.min} e ${words.max} parole (${AI_LENGTHS.labels[input.length]}).`,
    HTML_RULES,
    "Restituisci: title (titolo, al massimo 70 caratteri), excerpt (riassunto di 1-2 frasi, al massimo 200 caratteri), " +
      "content (l'articolo in HTML), metaTitle (al massimo 60 caratteri), metaDescription (al massimo 160 caratteri).",
  ]
    .filter(Boolean)
    .join("\n");
}

export function fieldPrompt(field: AiRegenerableField, context: { title: string; categoryName: string; topic: string }): string {
  const what: Record<AiRegenerableField, string> = {
    title: "un nuovo titolo (al massimo 70 caratteri, senza virgolette)",
    excerpt: "un nuovo riassunto di 1-2 frasi (al massimo 200 caratteri)",
    content: `un nuovo contenuto completo dell'articolo (tra ${AI_LENGTH_WORDS.medium.min} e ${AI_LENGTH_WORDS.medium.max} parole). ${HTML_RULES}`,
  };
  return [
    `Articolo della categoria "${context.categoryName}"${context.topic ? ` sull'argomento: ${context.topic}` : ""}.`,
    context.title ? `Titolo attuale: ${context.title}.` : "",
    `Scrivi ${what[field]} (campo: ${AI_REGENERABLE_FIELDS.labels[field]}). Restituisci value con il nuovo testo.`,
  ]
    .filter(Boolean)
    .join("\n");
}

export function planPrompt(input: { count: number; categories: { slug: string; name: string }[]; focusTopics: string[] }): string {
  return [
    `Prepara un piano editoriale di ${input.count} articoli per un portale italiano sugli animali domestici.`,
    `Categorie disponibili (usa lo slug nel campo category): ${input.categories.map((c) => `${c.slug} (${c.name})`).join(", ")}.`,
    "Distribuisci gli articoli tra le categorie in modo equilibrato e varia gli argomenti.",
    input.focusTopics.length > 0 ? `Temi su cui concentrarsi: ${input.focusTopics.join(", ")}.` : "",
    `Restituisci items: esattamente ${input.count} elementi, ciascuno con title (titolo dell'articolo), topic (l'argomento in una frase) e category (lo slug).`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** Characters an answer is expected to have, for the progress estimate (null: no estimate). */
export function expectedCharacters(kind: { article: AiLength } | { field: AiRegenerableField } | { planItems: number }): number | null {
  // An Italian word is ~6 characters with its space; HTML tags and the JSON around add ~15 %.
  const perWord = 7;
  if ("article" in kind) {
    const words = AI_LENGTH_WORDS[kind.article];
    return Math.round(((words.min + words.max) / 2) * perWord + 600);
  }
  if ("field" in kind) {
    if (kind.field === "content") return Math.round(((AI_LENGTH_WORDS.medium.min + AI_LENGTH_WORDS.medium.max) / 2) * perWord);
    return kind.field === "title" ? 90 : 260;
  }
  return kind.planItems * 170 + 20;
}
