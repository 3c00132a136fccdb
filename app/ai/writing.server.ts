// CONTRACT STUB (issue 18, replaced by the ai-core helper): the three AI server functions.
import type { CurrentUser } from "~/accounts/session.server";
import { AI_MESSAGES } from "./messages";
import type {
  AiCallHooks,
  AiOutcome,
  EditorialPlanItem,
  GeneratedArticle,
} from "./types";

/** input: { topic, category (slug), keywords: string[] ≤ 5, tone, length } */
export async function generateArticle(
  actor: CurrentUser | null,
  input: unknown,
  hooks: AiCallHooks = {},
): Promise<AiOutcome<GeneratedArticle>> {
  void actor;
  void input;
  void hooks;
  return { ok: false, status: 503, error: AI_MESSAGES.notConfigured };
}

/** input: { field: "title" | "excerpt" | "content", context: { title, category, topic } } → the new value */
export async function regenerateField(
  actor: CurrentUser | null,
  input: unknown,
  hooks: AiCallHooks = {},
): Promise<AiOutcome<string>> {
  void actor;
  void input;
  void hooks;
  return { ok: false, status: 503, error: AI_MESSAGES.notConfigured };
}

/** input: { categories: slug[], articlesPerWeek, weeks, startDate: "YYYY-MM-DD", focusTopics: string } → at most 10 dated items */
export async function generateEditorialPlan(
  actor: CurrentUser | null,
  input: unknown,
  hooks: AiCallHooks = {},
): Promise<AiOutcome<EditorialPlanItem[]>> {
  void actor;
  void input;
  void hooks;
  return { ok: false, status: 503, error: AI_MESSAGES.notConfigured };
}
