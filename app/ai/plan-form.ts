// The editorial plan's form as the page checks it before asking the server (which checks again):
// the spec's rules and messages (§5), and how many items the request would make. Client-safe.
import { AI_LIMITS, AI_MESSAGES } from "./messages";
import { isCalendarDate } from "./plan-dates";

export interface PlanFormInput {
  categories: string[];
  articlesPerWeek: number;
  weeks: number;
  /** YYYY-MM-DD */
  startDate: string;
  focusTopics: string;
}

/** The first rule broken, or null. */
export function planFormError(input: PlanFormInput, today: string): string | null {
  if (input.categories.length === 0) return AI_MESSAGES.categoriesRequired;
  const { articlesPerWeek: perWeek, weeks } = AI_LIMITS;
  if (!Number.isInteger(input.articlesPerWeek) || input.articlesPerWeek < perWeek.min || input.articlesPerWeek > perWeek.max) return AI_MESSAGES.articlesPerWeekRange;
  if (!Number.isInteger(input.weeks) || input.weeks < weeks.min || input.weeks > weeks.max) return AI_MESSAGES.weeksRange;
  if (!isCalendarDate(input.startDate)) return AI_MESSAGES.startDateInvalid;
  if (input.startDate < today) return AI_MESSAGES.startDateInPast;
  return null;
}

/** Items asked for; above AI_LIMITS.planMaxItems the page asks before generating only the first ones. */
export function planTotal(input: Pick<PlanFormInput, "articlesPerWeek" | "weeks">): number {
  return input.articlesPerWeek * input.weeks;
}
