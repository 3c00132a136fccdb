// Shareable previews of a draft article (issue 32, decision 0111). A link carries a random 32-byte
// token; only its SHA-256 is stored, so the table cannot hand a working link back and the lookup is
// an equality on the hash's unique index (no comparison of the secret in the code, nothing to time).
// The editor sees the full link once, when it is made. A link works until it expires or is revoked;
// once the article is published it leads to the public page, and an archived article's links lead
// nowhere. Creating and revoking need "articles.manage" and are recorded in the activity log in the
// same transaction.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { recordAudit } from "~/audit/record.server";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { articlePreviewLinks, articles, profiles } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { findArticleDetail, type ArticleDetail } from "./articles.server";
import { PREVIEW_LINK_MESSAGES as M, previewDaysSchema, previewPath } from "./preview-links";

/** A token as the links carry it: 32 random bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface PreviewLinkSummary {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  createdByName: string | null;
}

type ArticleState = { id: string; title: string; status: string };

/** Only a draft (scheduled or not) is previewed: a published article is public already, an archived one withdrawn. */
function refuseState(article: ArticleState) {
  if (article.status === "published") return fail(409, M.published);
  if (article.status !== "draft") return fail(409, M.archived);
  return null;
}

/** The links of an article still working (not revoked, not expired), newest first. */
export async function listPreviewLinks(actor: CurrentUser | null, articleId: string): Promise<Result<{ links: PreviewLinkSummary[] }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(articleId)) return fail(404, M.articleNotFound);
  const links = await db()
    .select({
      id: articlePreviewLinks.id,
      createdAt: articlePreviewLinks.createdAt,
      expiresAt: articlePreviewLinks.expiresAt,
      createdByName: profiles.fullName,
    })
    .from(articlePreviewLinks)
    .leftJoin(profiles, eq(profiles.id, articlePreviewLinks.createdBy))
    .where(and(eq(articlePreviewLinks.articleId, articleId), isNull(articlePreviewLinks.revokedAt), gt(articlePreviewLinks.expiresAt, sql`now()`)))
    .orderBy(desc(articlePreviewLinks.createdAt), desc(articlePreviewLinks.id));
  return { ok: true, links: links.map((link) => ({ ...link, createdByName: link.createdByName || null })) };
}

/**
 * Makes a link to a draft for `days` days (1–30). The answer carries the full address, which is
 * never shown again: only the token's hash is kept.
 */
export async function createPreviewLink(
  actor: CurrentUser | null,
  articleId: string,
  days: unknown,
): Promise<Result<{ link: PreviewLinkSummary; url: string; message: string }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(articleId)) return fail(404, M.articleNotFound);
  const parsed = previewDaysSchema.safeParse(days);
  if (!parsed.success) return fail(400, M.daysInvalid);
  const token = randomBytes(32).toString("base64url");
  try {
    const created = await transaction(async (tx) => {
      // Locked, so that a publish at the same moment cannot slip between the check and the insert.
      const [article] = await tx
        .select({ id: articles.id, title: articles.title, status: articles.status })
        .from(articles)
        .where(eq(articles.id, articleId))
        .for("update")
        .limit(1);
      if (!article) return fail(404, M.articleNotFound);
      const wrong = refuseState(article);
      if (wrong) return wrong;
      const [link] = await tx
        .insert(articlePreviewLinks)
        .values({
          articleId: article.id,
          tokenHash: hashOf(token),
          expiresAt: sql`now() + make_interval(days => ${parsed.data})`,
          createdBy: actor!.id,
        })
        .returning({ id: articlePreviewLinks.id, createdAt: articlePreviewLinks.createdAt, expiresAt: articlePreviewLinks.expiresAt });
      await recordAudit({
        actor: actor!,
        area: "articles",
        action: "preview_link",
        item: { id: article.id, label: article.title },
        after: { days: parsed.data, expiresAt: link!.expiresAt },
      });
      return { ok: true as const, link: { ...link!, createdByName: actor!.fullName || null } };
    });
    if (!created.ok) return created;
    return { ok: true, link: created.link, url: `${config().publicUrl}${previewPath(token)}`, message: M.created };
  } catch (error) {
    logger.error({ err: error, articleId }, "anteprima: creazione del link non riuscita");
    return fail(500, M.error);
  }
}

/** Revokes one of an article's working links: from now on its address answers 404. */
export async function revokePreviewLink(actor: CurrentUser | null, articleId: string, linkId: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(articleId) || !isUuid(linkId)) return fail(404, M.linkNotFound);
  try {
    return await transaction(async (tx) => {
      const [revoked] = await tx
        .update(articlePreviewLinks)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(articlePreviewLinks.id, linkId), eq(articlePreviewLinks.articleId, articleId), isNull(articlePreviewLinks.revokedAt)))
        .returning({ expiresAt: articlePreviewLinks.expiresAt });
      if (!revoked) return fail(404, M.linkNotFound);
      const [article] = await tx.select({ title: articles.title }).from(articles).where(eq(articles.id, articleId)).limit(1);
      await recordAudit({
        actor: actor!,
        area: "articles",
        action: "preview_revoke",
        item: { id: articleId, label: article?.title ?? null },
        before: { link: linkId, expiresAt: revoked.expiresAt },
        after: { link: linkId, revoked: true },
      });
      return { ok: true as const, message: M.revoked };
    });
  } catch (error) {
    logger.error({ err: error, articleId, linkId }, "anteprima: revoca del link non riuscita");
    return fail(500, M.error);
  }
}

export type PreviewByToken =
  | { kind: "draft"; article: ArticleDetail; expiresAt: Date }
  /** published since the link was made: its public page */
  | { kind: "published"; path: string }
  | { kind: "invalid" };

/** What a link's token opens, for anyone, signed in or not. */
export async function previewByToken(token: string): Promise<PreviewByToken> {
  if (!TOKEN_SHAPE.test(token)) return { kind: "invalid" };
  const [row] = await db()
    .select({ slug: articles.slug, status: articles.status, expiresAt: articlePreviewLinks.expiresAt })
    .from(articlePreviewLinks)
    .innerJoin(articles, eq(articles.id, articlePreviewLinks.articleId))
    .where(and(eq(articlePreviewLinks.tokenHash, hashOf(token)), isNull(articlePreviewLinks.revokedAt), gt(articlePreviewLinks.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return { kind: "invalid" };
  if (row.status === "published") return { kind: "published", path: `/article/${row.slug}` };
  if (row.status !== "draft") return { kind: "invalid" };
  const found = await findArticleDetail(row.slug, eq(articles.status, "draft"), "last-update");
  if (!found) return { kind: "invalid" };
  const { status: _status, ...article } = found;
  return { kind: "draft", article, expiresAt: row.expiresAt };
}
