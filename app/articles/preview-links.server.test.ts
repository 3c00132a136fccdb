// Shareable previews of a draft (decision 0111): made for 1–30 days by whoever manages articles,
// revoked, expired; recorded in the activity log; refused to other roles and for published articles.
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { db } from "~/db/client.server";
import { articlePreviewLinks, articles, auditEvents } from "~/db/schema";
import { asUser, REFUSED_ACTORS } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createArticle } from "../../tests/factories";
import { PREVIEW_LINK_MESSAGES as M } from "./preview-links";
import { createPreviewLink, listPreviewLinks, previewByToken, revokePreviewLink } from "./preview-links.server";

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

async function editorAndDraft() {
  const editor = asUser(await createAccount(), "editor");
  const draft = await createArticle({ status: "draft", publishedAt: null, title: "Bozza da condividere" });
  return { editor, draft };
}

async function linkRows(articleId: string) {
  return db().select().from(articlePreviewLinks).where(eq(articlePreviewLinks.articleId, articleId));
}

describe("preview links", () => {
  itDb("an editor makes a link for the days chosen: the full address once, only the token's hash kept, the act recorded", async () => {
    const { editor, draft } = await editorAndDraft();
    const made = await createPreviewLink(editor, draft.id, "7");
    if (!made.ok) throw new Error(made.error);
    expect(made.message).toBe(M.created);
    expect(made.url).toMatch(/\/anteprima\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(made.url);

    const [row] = await linkRows(draft.id);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(row!.createdBy).toBe(editor.id);

    const opened = await previewByToken(token);
    expect(opened).toMatchObject({ kind: "draft", article: { title: "Bozza da condividere", slug: draft.slug } });

    const listed = await listPreviewLinks(editor, draft.id);
    expect(listed.ok && listed.links.map((l) => l.id)).toEqual([row!.id]);

    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.itemId, draft.id), eq(auditEvents.action, "preview_link")));
    expect(audit).toMatchObject({ area: "articles", actorId: editor.id, itemLabel: "Bozza da condividere" });
    expect(audit!.changes.map((c) => c.field).sort()).toEqual(["days", "expiresAt"]);
  });

  itDb("a scheduled draft may be shared too, for 1 and for 30 days", async () => {
    const editor = asUser(await createAccount(), "editor");
    const scheduled = await createArticle({ status: "draft", publishedAt: null, isScheduled: true, scheduledPublishDate: new Date(Date.now() + 86_400_000) });
    expect((await createPreviewLink(editor, scheduled.id, 1)).ok).toBe(true);
    expect((await createPreviewLink(editor, scheduled.id, "30")).ok).toBe(true);
    expect(await linkRows(scheduled.id)).toHaveLength(2);
  });

  itDb("revoked: the address opens nothing, the list no longer shows it, the revocation is recorded", async () => {
    const { editor, draft } = await editorAndDraft();
    const made = await createPreviewLink(editor, draft.id, 7);
    if (!made.ok) throw new Error(made.error);
    const [row] = await linkRows(draft.id);

    expect(await revokePreviewLink(editor, draft.id, row!.id)).toEqual({ ok: true, message: M.revoked });
    expect(await previewByToken(tokenOf(made.url))).toEqual({ kind: "invalid" });
    const listed = await listPreviewLinks(editor, draft.id);
    expect(listed.ok && listed.links).toEqual([]);
    // Twice, or another article's link: not found.
    expect(await revokePreviewLink(editor, draft.id, row!.id)).toMatchObject({ ok: false, status: 404, error: M.linkNotFound });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.itemId, draft.id), eq(auditEvents.action, "preview_revoke")));
    expect(audit).toMatchObject({ area: "articles", actorId: editor.id });
  });

  itDb("expired: the address opens nothing and the list leaves it out", async () => {
    const { editor, draft } = await editorAndDraft();
    const made = await createPreviewLink(editor, draft.id, 7);
    if (!made.ok) throw new Error(made.error);
    await db()
      .update(articlePreviewLinks)
      .set({ createdAt: sql`now() - interval '8 days'`, expiresAt: sql`now() - interval '1 second'` })
      .where(eq(articlePreviewLinks.articleId, draft.id));
    expect(await previewByToken(tokenOf(made.url))).toEqual({ kind: "invalid" });
    const listed = await listPreviewLinks(editor, draft.id);
    expect(listed.ok && listed.links).toEqual([]);
  });

  itDb("once the article is published the link leads to its public page; archived, to nothing", async () => {
    const { editor, draft } = await editorAndDraft();
    const made = await createPreviewLink(editor, draft.id, 7);
    if (!made.ok) throw new Error(made.error);
    await db().update(articles).set({ status: "published", publishedAt: new Date() }).where(eq(articles.id, draft.id));
    expect(await previewByToken(tokenOf(made.url))).toEqual({ kind: "published", path: `/article/${draft.slug}` });
    await db().update(articles).set({ status: "archived" }).where(eq(articles.id, draft.id));
    expect(await previewByToken(tokenOf(made.url))).toEqual({ kind: "invalid" });
  });

  itDb("unknown or malformed tokens open nothing", async () => {
    expect(await previewByToken("x".repeat(43))).toEqual({ kind: "invalid" });
    expect(await previewByToken("corto")).toEqual({ kind: "invalid" });
    expect(await previewByToken("'; drop table articles; --")).toEqual({ kind: "invalid" });
  });

  itDb("refused: visitors, users and moderators; a published or archived article; days out of range — nothing made, nothing recorded", async () => {
    const { editor, draft } = await editorAndDraft();
    const moderator = asUser(await createAccount(), "moderator");
    for (const [actor, status, error] of REFUSED_ACTORS) {
      expect(await createPreviewLink(actor, draft.id, 7)).toEqual({ ok: false, status, error });
      expect(await revokePreviewLink(actor, draft.id, draft.id)).toEqual({ ok: false, status, error });
      expect(await listPreviewLinks(actor, draft.id)).toEqual({ ok: false, status, error });
    }
    const notPermitted = { ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.notPermitted };
    expect(await createPreviewLink(moderator, draft.id, 7)).toEqual(notPermitted);
    expect(await revokePreviewLink(moderator, draft.id, draft.id)).toEqual(notPermitted);

    for (const days of [0, 31, "", "tre", "2.5", -1, null]) {
      expect(await createPreviewLink(editor, draft.id, days)).toEqual({ ok: false, status: 400, error: M.daysInvalid });
    }
    const published = await createArticle({ status: "published" });
    expect(await createPreviewLink(editor, published.id, 7)).toEqual({ ok: false, status: 409, error: M.published });
    const archived = await createArticle({ status: "archived", publishedAt: null });
    expect(await createPreviewLink(editor, archived.id, 7)).toEqual({ ok: false, status: 409, error: M.archived });
    expect(await createPreviewLink(editor, "non-un-id", 7)).toMatchObject({ ok: false, status: 404 });

    expect(await linkRows(draft.id)).toEqual([]);
    const recorded = await db()
      .select()
      .from(auditEvents)
      .where(and(inArray(auditEvents.itemId, [draft.id, published.id, archived.id]), inArray(auditEvents.action, ["preview_link", "preview_revoke"])));
    expect(recorded).toEqual([]);
  });
});
