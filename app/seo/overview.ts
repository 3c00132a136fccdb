// The SEO overview's rules (back-office spec, sections 2 and 9): its cards with their good/warning
// state, the checklist, the quick actions and the tips. Client-safe and pure: the server computes
// the figures (app/seo/admin.server.ts), these functions say what they mean.
import { formatNumber } from "~/lib/format";

/** Spec, section 9: more than 10 published articles, more than 5 keywords, over 1500 characters. */
export const SEO_THRESHOLDS = { publishedArticles: 10, keywords: 5, averageLength: 1500 } as const;

export interface SeoFigures {
  publishedArticles: number;
  totalArticles: number;
  keywords: number;
  rankedKeywords: number;
  activeRedirects: number;
  /** mean characters of published articles' text, HTML tags removed (0 with none published) */
  averageLength: number;
}

export type CardState = "good" | "warning";

export interface OverviewCard {
  id: "articles" | "keywords" | "redirects" | "length";
  title: string;
  value: string;
  detail: string;
  state: CardState;
}

export interface ChecklistItem {
  label: string;
  done: boolean;
}

const thousands = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Characters in thousands, as the card shows them: 2345 → "2,3k". */
export function inThousands(characters: number): string {
  return `${thousands.format(characters / 1000)}k`;
}

/**
 * The four cards. Each card has its own rule (the spec's "published articles exceed 10, keywords
 * exceed 0 and average length exceeds 1500" read card by card); the redirects card is always good.
 */
export function overviewCards(f: SeoFigures): OverviewCard[] {
  const state = (good: boolean): CardState => (good ? "good" : "warning");
  return [
    {
      id: "articles",
      title: "Articoli pubblicati",
      value: formatNumber(f.publishedArticles),
      detail: `su ${formatNumber(f.totalArticles)} totali`,
      state: state(f.publishedArticles > SEO_THRESHOLDS.publishedArticles),
    },
    {
      id: "keywords",
      title: "Parole chiave target",
      value: formatNumber(f.keywords),
      detail: f.rankedKeywords === 1 ? "1 posizionata" : `${formatNumber(f.rankedKeywords)} posizionate`,
      state: state(f.keywords > 0),
    },
    {
      id: "redirects",
      title: "Redirect attivi",
      value: formatNumber(f.activeRedirects),
      detail: "Reindirizzamenti in uso",
      state: "good",
    },
    {
      id: "length",
      title: "Lunghezza media",
      value: inThousands(f.averageLength),
      detail: `${formatNumber(f.averageLength)} caratteri per articolo`,
      state: state(f.averageLength > SEO_THRESHOLDS.averageLength),
    },
  ];
}

export function overviewChecklist(f: SeoFigures): ChecklistItem[] {
  return [
    { label: "Contenuti pubblicati", done: f.publishedArticles > 0 },
    { label: `Parole chiave identificate (più di ${SEO_THRESHOLDS.keywords})`, done: f.keywords > SEO_THRESHOLDS.keywords },
    { label: `Contenuti abbastanza lunghi (più di ${formatNumber(SEO_THRESHOLDS.averageLength)} caratteri in media)`, done: f.averageLength > SEO_THRESHOLDS.averageLength },
    // The site writes every page's meta tags itself (title, description, Open Graph).
    { label: "Meta tag configurati", done: true },
  ];
}

export const SEARCH_CONSOLE_URL = "https://search.google.com/search-console";
export const ANALYTICS_URL = "https://analytics.google.com/";

export const SEO_TIPS: readonly string[] = [
  "Pubblica con regolarità: 2-3 articoli a settimana mantengono il sito vivo per i motori di ricerca.",
  "Scrivi articoli completi: oltre 1.500 caratteri di testo utile per chi legge.",
  "Usa la parola chiave principale nel titolo, nel meta title e nel primo paragrafo.",
  "Collega tra loro gli articoli dello stesso argomento con link interni.",
  "Aggiungi a ogni immagine un testo alternativo che ne descriva il contenuto.",
];
