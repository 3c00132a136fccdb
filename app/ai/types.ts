// The shapes the AI features exchange between the server functions, their HTTP endpoints and the
// screens (client-safe: no server imports).
import type {
  AI_LENGTHS,
  AI_REGENERABLE_FIELDS,
  AI_REQUEST_TYPES,
  AI_TONES,
} from "~/lib/enums";

export type AiRequestType = (typeof AI_REQUEST_TYPES.values)[number];
export type AiTone = (typeof AI_TONES.values)[number];
export type AiLength = (typeof AI_LENGTHS.values)[number];
export type AiRegenerableField = (typeof AI_REGENERABLE_FIELDS.values)[number];

/** What a request hears while it waits in the site-wide queue and then runs. */
export type AiProgress =
  | { stage: "queued"; position: number; waitSeconds: number }
  | { stage: "started" }
  | { stage: "generating"; characters: number; percent: number | null };

export interface AiCallHooks {
  /** aborted when the browser goes away: the request leaves the queue, or its provider call stops */
  signal?: AbortSignal;
  onProgress?: (progress: AiProgress) => void;
}

/** A server function's answer: `data` (spec: "Response field data") or `error` with an HTTP status. */
export type AiOutcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      error: string;
      /** refused by the daily limit: the panel shows its own text */
      dailyLimit?: boolean;
    };

export interface GeneratedArticle {
  title: string;
  excerpt: string;
  /** Italian HTML, sanitised like all article content */
  content: string;
  metaTitle: string;
  metaDescription: string;
}

export interface EditorialPlanItem {
  title: string;
  topic: string;
  /** the category's slug, one of those asked for */
  category: string;
  /** ISO instant: 10:00 Europe/Rome on the item's day */
  date: string;
}

/** The day's use of the site-wide quota (banner). */
export interface AiUsage {
  configured: boolean;
  used: number;
  limit: number;
  remaining: number;
  /** 0-100 */
  percent: number;
}

/** One event of an AI endpoint's server-sent stream (the last one is `result` or `failure`). */
export type AiStreamEvent<T> =
  | { event: "progress"; data: AiProgress }
  | { event: "result"; data: { data: T } }
  | { event: "failure"; data: { error: string; dailyLimit?: boolean } };

export interface AiUsageDay {
  /** YYYY-MM-DD, Europe/Rome */
  date: string;
  requests: number;
  success: number;
  error: number;
  rateLimited: number;
  tokens: number;
}

/** /admin/api-stats over the last `days` days (today included). */
export interface AiUsageStats {
  days: number;
  totals: {
    requests: number;
    success: number;
    error: number;
    rateLimited: number;
    promptTokens: number;
    completionTokens: number;
    totalTokens: number;
  };
  /** one entry per day of the period, oldest first, zero-filled */
  perDay: AiUsageDay[];
  /** per request type over the period */
  byType: {
    type: AiRequestType;
    requests: number;
    success: number;
    error: number;
    rateLimited: number;
    tokens: number;
  }[];
}
