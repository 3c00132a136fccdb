// Saving an editorial plan (spec §7): one scheduled draft per item, with the placeholder image and
// the plan's metadata; items whose category is unknown are skipped (spec §8, silently). All drafts
// in one transaction, so a plan is saved whole or not at all.
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { ARTICLE_LIMITS } from "~/articles/validation";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { recordAudit } from "~/audit/record.server";
import { db, queryRows, transaction } from "~/db/client.server";
import { articles, categories } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { slugify } from "~/lib/slug";
import { AI_MESSAGES, AI_PLAN_PLACEHOLDER_IMAGE } from "./messages";

/** generation_metadata.generatedBy of the drafts a plan creates */
export const PLAN_GENERATED_BY = "editorial-plan";

const item = z.object({
  title: z.string().trim().min(1).max(ARTICLE_LIMITS.title),
  topic: z.string().trim().max(2_000).default(""),
  category: z.string().trim().min(1).max(200),
  date: z.iso.datetime({ offset: true }),
});

/**
 * The first free slug among base, base-2, base-3, …: one read of the taken ones, then the insert
 * itself decides (on conflict do nothing), so a slug taken meanwhile only moves to the next number.
 */
async function insertWithFreeSlug(title: string, values: Omit<typeof articles.$inferInsert, "slug">): Promise<{ id: string; slug: string }> {
  const base = slugify(title, ARTICLE_LIMITS.slug - 4) || "articolo";
  const taken = new Set(
    (
      await queryRows<{ slug: string }>(sql`
        select slug from articles where slug = ${base} or slug ~ ${`^${base}-[0-9]+$`}`)
    ).map((r) => r.slug),
  );
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (taken.has(slug)) continue;
    const inserted = await db().insert(articles).values({ ...values, slug }).onConflictDoNothing({ target: articles.slug }).returning({ id: articles.id });
    if (inserted[0]) return { id: inserted[0].id, slug };
    taken.add(slug);
  }
}

/** Whether a plan's draft with this title and date exists already (the same plan saved before). */
async function alreadySaved(title: string, date: Date): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(sql`
    select id from articles
    where title = ${title} and scheduled_publish_date = ${date.toISOString()}::timestamptz
      and generation_metadata ->> 'generatedBy' = ${PLAN_GENERATED_BY}
    limit 1`);
  return row !== undefined;
}

/** items: EditorialPlanItem[] as sent back by the page; one scheduled draft per item, unknown categories skipped */
export async function saveEditorialPlan(actor: CurrentUser | null, items: unknown): Promise<Result<{ created: number; skipped: number }>> {
  const refused = refuseWithout(actor, "editorialPlan.manage");
  if (refused || !actor) return refused ?? fail(401, AI_MESSAGES.notAuthenticated);
  if (!Array.isArray(items) || items.length === 0) return fail(400, AI_MESSAGES.planRequired);
  const parsed = z.array(item).max(100).safeParse(items);
  if (!parsed.success) return fail(400, AI_MESSAGES.planInvalid);

  const slugs = [...new Set(parsed.data.map((i) => i.category))];
  try {
    return await transaction(async () => {
      // Saves of plans one at a time, so that the same plan posted twice (a double click, a retry)
      // finds its drafts from the first save and does not make them again.
      await db().execute(sql`select pg_advisory_xact_lock(hashtext('zampa:editorial-plan'))`);
      const known = new Map(
        (await db().select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))).map((c) => [c.slug, c.id]),
      );
      let created = 0;
      let skipped = 0;
      for (const planned of parsed.data) {
        const categoryId = known.get(planned.category);
        if (!categoryId) {
          skipped += 1;
          continue;
        }
        const date = new Date(planned.date);
        if (await alreadySaved(planned.title, date)) continue;
        const draft = await insertWithFreeSlug(planned.title, {
          title: planned.title,
          // The topic is what the admin writes the article from; the content stays empty, so the
          // scheduler refuses to publish a draft nobody has written (it logs the missing fields).
          excerpt: planned.topic,
          content: "",
          featuredImage: AI_PLAN_PLACEHOLDER_IMAGE,
          categoryId,
          authorId: actor.id,
          status: "draft",
          isScheduled: true,
          scheduledPublishDate: date,
          aiGenerated: true,
          generationMetadata: { generatedBy: PLAN_GENERATED_BY, topic: planned.topic, planDate: date.toISOString() },
        });
        await recordAudit({
          actor,
          area: "editorial_plan",
          action: "create",
          item: { id: draft.id, label: planned.title },
          after: { title: planned.title, slug: draft.slug, excerpt: planned.topic, categoryId, status: "draft", isScheduled: true, scheduledPublishDate: date },
        });
        created += 1;
      }
      if (created > 0) await invalidate(CACHE_TAGS.articles);
      return { ok: true as const, created, skipped };
    });
  } catch (error) {
    logger.error({ err: error }, "piano editoriale: salvataggio non riuscito");
    return fail(500, AI_MESSAGES.saveError(error instanceof Error ? error.message : String(error)));
  }
}
