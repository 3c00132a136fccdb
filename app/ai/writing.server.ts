// The three AI server functions (spec §7 "Server functions"): an article, one field again, an
// editorial plan. Each one: administrators only, the service configured, the input checked (400
// with the Italian message), then a place in the site-wide queue (quota.server.ts), the provider's
// answer streamed (progress) and validated against its schema, and the request logged.
import { APICallError, Output, streamText } from "ai";
import { inArray, or } from "drizzle-orm";
import { z } from "zod";
import { can } from "~/accounts/permissions";
import type { CurrentUser } from "~/accounts/session.server";
import { renderContent, plainText } from "~/content/render.server";
import { db } from "~/db/client.server";
import { categories } from "~/db/schema";
import { AI_LENGTHS, AI_REGENERABLE_FIELDS, AI_TONES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { AI_LIMITS, AI_MESSAGES } from "./messages";
import { isCalendarDate, planDates, planItemCount, romeToday } from "./plan-dates";
import {
  SYSTEM_PROMPT,
  articlePrompt,
  articleSchema,
  expectedCharacters,
  fieldPrompt,
  fieldSchema,
  planPrompt,
  planSchema,
} from "./prompts.server";
import { aiModel } from "./provider.server";
import { acquireSlot, type QueueOptions } from "./quota.server";
import type {
  AiCallHooks,
  AiOutcome,
  AiProgress,
  AiRequestType,
  EditorialPlanItem,
  GeneratedArticle,
} from "./types";
import { estimateTokens, logAiRequest } from "./usage.server";

/** What the server side may add to the screens' hooks: the queue's settings (tests) and a time limit. */
export interface AiServerHooks extends AiCallHooks {
  queue?: QueueOptions;
  /** the provider call's time limit (default 3 minutes: a long article streams for a while) */
  timeoutMs?: number;
}

type Refusal = Extract<AiOutcome<never>, { ok: false }>;

function refusal(status: number, error: string): Refusal {
  return { ok: false, status, error };
}

/** Spec §7: an AI call without a session that holds "ai.use" (401 visitor, 403 anyone else). */
function refuseAiCall(actor: CurrentUser | null): Refusal | null {
  if (!actor) return refusal(401, AI_MESSAGES.notAuthenticated);
  if (!can(actor.role, "ai.use")) return refusal(403, AI_MESSAGES.notAuthenticated);
  return null;
}

function notConfigured(): Refusal | null {
  return aiModel() ? null : refusal(503, AI_MESSAGES.notConfigured);
}

const text = (max = 500) =>
  z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().trim().max(max));

/** A list given as an array or as comma-separated text, without blanks. */
const list = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",") : v === undefined || v === null ? [] : v),
  z.array(z.string().trim().max(200)).transform((items) => items.filter((item) => item.length > 0)),
);

/** An integer given as a number or as digits (a form field). */
const integer = (fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? fallback : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number().int(),
  );

function firstIssue(error: z.ZodError, fallback: string): string {
  const message = error.issues[0]?.message;
  return message && !message.startsWith("Invalid") && !message.startsWith("Too") ? message : fallback;
}

interface CategoryRef {
  id: string;
  name: string;
  slug: string;
}

/** The categories named by slug (or id), in the order asked; unknown ones left out. */
async function findCategories(refs: string[]): Promise<CategoryRef[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter(isUuid);
  const rows = await db()
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(ids.length > 0 ? or(inArray(categories.slug, refs), inArray(categories.id, ids)) : inArray(categories.slug, refs));
  const found: CategoryRef[] = [];
  for (const ref of refs) {
    const row = rows.find((r) => r.slug === ref || r.id === ref);
    if (row && !found.some((f) => f.id === row.id)) found.push(row);
  }
  return found;
}

interface AiJob<S extends z.ZodType, T> {
  actor: CurrentUser;
  type: AiRequestType;
  schema: S;
  prompt: string;
  expected: number | null;
  /** the Italian error the screen shows for this function */
  failure: string;
  /** spec §8: the plan's error prefers the server's own message */
  detailedFailure?: boolean;
  metadata: Record<string, unknown>;
  finish: (output: z.infer<S>) => T;
}

class ProviderFailure extends Error {
  constructor(
    readonly detail: string,
    message: string,
  ) {
    super(message);
  }
}

/** The provider's error as an Italian detail and a technical message for the log. */
function describeFailure(error: unknown): { detail: string; message: string } {
  if (error instanceof ProviderFailure) return { detail: error.detail, message: error.message };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    return {
      detail: status === undefined ? AI_MESSAGES.providerUnreachable : AI_MESSAGES.invalidAnswer,
      message: `${status ? `HTTP ${status}: ` : ""}${error.message}`.slice(0, 2_000),
    };
  }
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "TimeoutError" || name === "AbortError") return { detail: AI_MESSAGES.providerUnreachable, message: `${name}: ${message}` };
  // NoObjectGeneratedError, JSONParseError, TypeValidationError, NoOutputGeneratedError: the answer
  // was not the JSON asked for.
  return { detail: AI_MESSAGES.invalidAnswer, message: `${name || "Error"}: ${message}`.slice(0, 2_000) };
}

async function runAi<S extends z.ZodType, T>(job: AiJob<S, T>, hooks: AiServerHooks): Promise<AiOutcome<T>> {
  const model = aiModel();
  if (!model) return refusal(503, AI_MESSAGES.notConfigured);
  const { signal } = hooks;
  const { metadata } = job;
  const onProgress = (progress: AiProgress) => {
    try {
      hooks.onProgress?.(progress);
    } catch (err) {
      logger.warn({ err }, "AI: notifica di avanzamento non riuscita");
    }
  };

  const slot = await acquireSlot(job.type, job.actor.id, hooks, hooks.queue);
  if (!slot.ok) {
    if (slot.reason === "aborted") return refusal(499, job.failure);
    const message = AI_MESSAGES.dailyLimitReached(slot.used, slot.limit);
    await logAiRequest({ userId: job.actor.id, requestType: job.type, status: "rate_limited", errorMessage: message, metadata });
    return { ok: false, status: 429, error: message, dailyLimit: true };
  }

  const timeout = AbortSignal.timeout(hooks.timeoutMs ?? 180_000);
  const abortSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let received = "";
  let streamError: unknown;
  try {
    const result = streamText({
      model,
      system: SYSTEM_PROMPT,
      prompt: job.prompt,
      output: Output.object({ schema: job.schema }),
      // Each retry would be another request to the provider, outside the queue's spacing.
      maxRetries: 0,
      abortSignal,
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    let reported = -1;
    for await (const chunk of result.textStream) {
      received += chunk;
      // One event per ~200 characters is enough for a progress bar.
      if (received.length - reported >= 200 || reported < 0) {
        reported = received.length;
        const percent = job.expected ? Math.min(99, Math.round((received.length / job.expected) * 100)) : null;
        onProgress({ stage: "generating", characters: received.length, percent });
      }
    }
    if (streamError) throw streamError;
    if (abortSignal.aborted) throw abortSignal.reason;
    let output: z.infer<S>;
    try {
      output = (await result.output) as z.infer<S>;
    } catch (error) {
      throw streamError ?? error;
    }
    const usage = await result.totalUsage;
    const promptTokens = usage.inputTokens ?? estimateTokens(SYSTEM_PROMPT + job.prompt);
    const completionTokens = usage.outputTokens ?? estimateTokens(received);
    const data = job.finish(output);
    onProgress({ stage: "generating", characters: received.length, percent: 100 });
    await logAiRequest({ userId: job.actor.id, requestType: job.type, status: "success", promptTokens, completionTokens, metadata });
    return { ok: true, data };
  } catch (error) {
    const aborted = signal?.aborted === true;
    const { detail, message } = aborted
      ? { detail: job.failure, message: "Richiesta interrotta: il browser ha chiuso la connessione" }
      : describeFailure(error);
    logger.warn({ err: error, type: job.type }, "AI: richiesta non riuscita");
    await logAiRequest({
      userId: job.actor.id,
      requestType: job.type,
      status: "error",
      errorMessage: message,
      promptTokens: estimateTokens(SYSTEM_PROMPT + job.prompt),
      completionTokens: estimateTokens(received),
      metadata,
    });
    if (aborted) return refusal(499, job.failure);
    return refusal(502, job.detailedFailure ? detail : job.failure);
  } finally {
    await slot.slot.release().catch((err: unknown) => logger.error({ err }, "AI: rilascio del posto in coda non riuscito"));
  }
}

// ─── generate-article ──────────────────────────────────────────────────────────────────────────

const articleInput = z.object({
  topic: text(500),
  category: text(200),
  keywords: list.pipe(z.array(z.string()).max(AI_LIMITS.keywordsMax, AI_MESSAGES.tooManyKeywords)),
  tone: z.preprocess((v) => (v === undefined || v === null || v === "" ? "informative" : v), z.enum(AI_TONES.values, AI_MESSAGES.invalidTone)),
  length: z.preprocess((v) => (v === undefined || v === null || v === "" ? "medium" : v), z.enum(AI_LENGTHS.values, AI_MESSAGES.invalidLength)),
});

/** input: { topic, category (slug), keywords: string[] ≤ 5, tone, length } */
export async function generateArticle(
  actor: CurrentUser | null,
  input: unknown,
  hooks: AiServerHooks = {},
): Promise<AiOutcome<GeneratedArticle>> {
  const refused = refuseAiCall(actor) ?? notConfigured();
  if (refused || !actor) return refused ?? refusal(401, AI_MESSAGES.notAuthenticated);
  const parsed = articleInput.safeParse(input ?? {});
  if (!parsed.success) return refusal(400, firstIssue(parsed.error, AI_MESSAGES.topicAndCategoryRequired));
  const { topic, keywords, tone, length } = parsed.data;
  if (!topic || !parsed.data.category) return refusal(400, AI_MESSAGES.topicAndCategoryRequired);
  const [category] = await findCategories([parsed.data.category]);
  if (!category) return refusal(400, AI_MESSAGES.topicAndCategoryRequired);

  return runAi(
    {
      actor,
      type: "generate-article",
      schema: articleSchema,
      prompt: articlePrompt({ topic, categoryName: category.name, keywords, tone, length }),
      expected: expectedCharacters({ article: length }),
      failure: AI_MESSAGES.generateArticleError,
      metadata: { topic, category: category.slug, keywords, tone, length },
      finish: (output) => ({
        title: plainText(output.title),
        excerpt: plainText(output.excerpt),
        content: renderContent(output.content),
        metaTitle: plainText(output.metaTitle),
        metaDescription: plainText(output.metaDescription),
      }),
    },
    hooks,
  );
}

// ─── regenerate-field ──────────────────────────────────────────────────────────────────────────

const fieldInput = z.object({
  field: z.enum(AI_REGENERABLE_FIELDS.values, AI_MESSAGES.invalidField),
  context: z.preprocess(
    (v) => v ?? {},
    z.object({ title: text(500), category: text(200), topic: text(500) }),
  ),
});

/** input: { field: "title" | "excerpt" | "content", context: { title, category, topic } } → the new value */
export async function regenerateField(
  actor: CurrentUser | null,
  input: unknown,
  hooks: AiServerHooks = {},
): Promise<AiOutcome<string>> {
  const refused = refuseAiCall(actor) ?? notConfigured();
  if (refused || !actor) return refused ?? refusal(401, AI_MESSAGES.notAuthenticated);
  const parsed = fieldInput.safeParse(input ?? {});
  if (!parsed.success) return refusal(400, firstIssue(parsed.error, AI_MESSAGES.invalidField));
  const { field, context } = parsed.data;
  if (!context.category || (!context.topic && !context.title)) return refusal(400, AI_MESSAGES.topicAndCategoryRequired);
  // The context names the category by slug or id; a name typed elsewhere is used as it is.
  const [category] = await findCategories([context.category]);
  const categoryName = category?.name ?? context.category;

  return runAi(
    {
      actor,
      type: "regenerate-field",
      schema: fieldSchema,
      prompt: fieldPrompt(field, { title: context.title, categoryName, topic: context.topic }),
      expected: expectedCharacters({ field }),
      failure: AI_MESSAGES.regenerateFieldError,
      metadata: { field, topic: context.topic, category: category?.slug ?? context.category },
      finish: (output) => {
        const value = field === "content" ? renderContent(output.value) : plainText(output.value).replace(/^["«“]+|["»”]+$/g, "").trim();
        if (!value) throw new ProviderFailure(AI_MESSAGES.invalidAnswer, "empty value after sanitising");
        return value;
      },
    },
    hooks,
  );
}

// ─── generate-editorial-plan ───────────────────────────────────────────────────────────────────

const planInput = z.object({
  categories: list,
  articlesPerWeek: integer(AI_LIMITS.articlesPerWeek.default).pipe(
    z.number().min(AI_LIMITS.articlesPerWeek.min, AI_MESSAGES.articlesPerWeekRange).max(AI_LIMITS.articlesPerWeek.max, AI_MESSAGES.articlesPerWeekRange),
  ),
  weeks: integer(AI_LIMITS.weeks.default).pipe(
    z.number().min(AI_LIMITS.weeks.min, AI_MESSAGES.weeksRange).max(AI_LIMITS.weeks.max, AI_MESSAGES.weeksRange),
  ),
  startDate: text(40),
  focusTopics: list,
});

/** input: { categories: slug[], articlesPerWeek, weeks, startDate: "YYYY-MM-DD", focusTopics: string } → at most 10 dated items */
export async function generateEditorialPlan(
  actor: CurrentUser | null,
  input: unknown,
  hooks: AiServerHooks = {},
): Promise<AiOutcome<EditorialPlanItem[]>> {
  const refused = refuseAiCall(actor) ?? notConfigured();
  if (refused || !actor) return refused ?? refusal(401, AI_MESSAGES.notAuthenticated);
  const raw = (input ?? {}) as Record<string, unknown>;
  // The spec's order of checks: the categories first.
  const categoriesOnly = list.safeParse(typeof raw === "object" ? raw.categories : undefined);
  if (!categoriesOnly.success || categoriesOnly.data.length === 0) return refusal(400, AI_MESSAGES.categoriesRequired);
  const parsed = planInput.safeParse(raw);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path[0];
    const fallback = path === "articlesPerWeek" ? AI_MESSAGES.articlesPerWeekRange : path === "weeks" ? AI_MESSAGES.weeksRange : AI_MESSAGES.editorialPlanError;
    return refusal(400, firstIssue(parsed.error, fallback));
  }
  const { articlesPerWeek, weeks, focusTopics } = parsed.data;
  const today = romeToday();
  const startDate = parsed.data.startDate || today;
  if (!isCalendarDate(startDate)) return refusal(400, AI_MESSAGES.startDateInvalid);
  if (startDate < today) return refusal(400, AI_MESSAGES.startDateInPast);
  const chosen = await findCategories(parsed.data.categories);
  if (chosen.length === 0) return refusal(400, AI_MESSAGES.categoriesRequired);

  const count = planItemCount(articlesPerWeek, weeks);
  const dates = planDates(startDate, articlesPerWeek, count);
  return runAi(
    {
      actor,
      type: "generate-editorial-plan",
      schema: planSchema,
      prompt: planPrompt({ count, categories: chosen, focusTopics }),
      expected: expectedCharacters({ planItems: count }),
      failure: AI_MESSAGES.editorialPlanError,
      detailedFailure: true,
      metadata: { categories: chosen.map((c) => c.slug), articlesPerWeek, weeks, startDate, focusTopics, items: count },
      finish: (output) => {
        const items = output.items.slice(0, count).map((item, i) => {
          // The model may answer with a category's name instead of its slug: matched back to it.
          const wanted = item.category.trim().toLowerCase();
          const match = chosen.find((c) => c.slug === wanted || c.name.toLowerCase() === wanted);
          return { title: plainText(item.title), topic: plainText(item.topic), category: match?.slug ?? item.category, date: dates[i]!.toISOString() };
        });
        if (items.length === 0) throw new ProviderFailure(AI_MESSAGES.invalidAnswer, "empty plan");
        return items;
      },
    },
    hooks,
  );
}
