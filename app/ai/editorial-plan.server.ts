// CONTRACT STUB (issue 18, replaced by the ai-core helper): saving an editorial plan as drafts.
import type { CurrentUser } from "~/accounts/session.server";
import type { Result } from "~/lib/result";

/** items: EditorialPlanItem[] as sent back by the page; one scheduled draft per item, unknown categories skipped */
export async function saveEditorialPlan(
  actor: CurrentUser | null,
  items: unknown,
): Promise<Result<{ created: number; skipped: number }>> {
  void actor;
  void items;
  return { ok: true, created: 0, skipped: 0 };
}
