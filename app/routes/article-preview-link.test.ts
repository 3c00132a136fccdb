// /anteprima/{token} over the page cache as the server runs it (decision 0111): the draft for
// anyone holding the link, never cached by the page cache nor by anyone else, noindex; 404 in
// Italian for a revoked, expired or unknown link. And the editor's action that makes and revokes
// links: editors and administrators only, through the back office's gate.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { PREVIEW_LINK_MESSAGES as M } from "~/articles/preview-links";
import { createPreviewLink, revokePreviewLink } from "~/articles/preview-links.server";
import { setCacheEnabled } from "~/cache/cache.server";
import { CACHE_TAG_HEADER, servePage } from "~/cache/page-cache.server";
import { db } from "~/db/client.server";
import { articlePreviewLinks, articles, profiles } from "~/db/schema";
import { asUser } from "../../tests/actors";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { outcomeOf, throughAdminGate } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { createArticle } from "../../tests/factories";
import { postForm } from "../../tests/route-calls";
import * as edit from "./admin/articles/edit";
import { headers, loader, meta } from "./article-preview-link";

const base = "http://localhost:3000";
const args = (request: Request, token: string) => ({ request, params: { token }, context: {}, url: new URL(request.url) }) as never;

/** The page as the server would send it: status, the route's headers, a body. */
async function render(request: Request, token: string): Promise<Response> {
  let value: unknown;
  try {
    value = await loader(args(request, token));
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return value;
  const { data, init } = value as { data: unknown; init?: ResponseInit };
  const routeHeaders = new Headers(headers({ loaderHeaders: new Headers(init?.headers), parentHeaders: new Headers() } as never) as HeadersInit);
  routeHeaders.set("content-type", "text/html; charset=utf-8");
  return new Response(JSON.stringify(data), { status: init?.status ?? 200, headers: routeHeaders });
}

async function linkTo(title = "Bozza condivisa") {
  const editor = asUser(await createAccount(), "editor");
  const draft = await createArticle({ status: "draft", publishedAt: null, title });
  const made = await createPreviewLink(editor, draft.id, 7);
  if (!made.ok) throw new Error(made.error);
  const token = made.url.slice(made.url.lastIndexOf("/") + 1);
  return { editor, draft, token, url: `${base}/anteprima/${token}` };
}

describe("the preview page", () => {
  beforeEach(() => setCacheEnabled(true));
  afterEach(() => setCacheEnabled(false));

  itDb("shows the draft to a visitor, private and noindex, and the page cache never keeps it", async () => {
    const { token, url } = await linkTo();
    for (let i = 0; i < 3; i++) {
      const page = await servePage(requestAs(null, url), (r) => render(r, token));
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.headers.get("x-robots-tag")).toBe("noindex");
      expect(page.headers.get(CACHE_TAG_HEADER)).toBeNull();
      // Rendered each time: never a hit.
      expect(page.headers.get("x-zampa-cache")).toBeNull();
      expect(await page.json()).toMatchObject({ preview: { article: { title: "Bozza condivisa" } } });
    }
    const tags = meta({ data: { preview: { article: { title: "Bozza condivisa", metaTitle: null } } }, matches: [] } as never);
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });

  itDb("a signed-in reader sees it the same way", async () => {
    const { token, url } = await linkTo();
    const reader = await createAccount();
    const page = await servePage(requestAs(reader, url), (r) => render(r, token));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });

  itDb("revoked, expired or unknown: 404, not cached, noindex, with the Italian title", async () => {
    const { editor, draft, token, url } = await linkTo();
    const [link] = await db().select().from(articlePreviewLinks).where(eq(articlePreviewLinks.articleId, draft.id));
    await revokePreviewLink(editor, draft.id, link!.id);
    for (const [t, u] of [
      [token, url],
      ["A".repeat(43), `${base}/anteprima/${"A".repeat(43)}`],
      ["nulla", `${base}/anteprima/nulla`],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const page = await servePage(requestAs(null, u), (r) => render(r, t));
        expect(page.status).toBe(404);
        expect(page.headers.get("cache-control")).toBe("private, no-store");
        expect(page.headers.get("x-robots-tag")).toBe("noindex");
        expect(page.headers.get("x-zampa-cache")).toBeNull();
      }
    }
    const tags = meta({ data: { preview: null }, matches: [] } as never);
    expect(tags[0]).toEqual({ title: `${M.invalidTitle} | Zampa` });
  });

  itDb("once the article is published, the link leads to its public page", async () => {
    const { draft, token, url } = await linkTo();
    await db().update(articles).set({ status: "published", publishedAt: new Date() }).where(eq(articles.id, draft.id));
    const page = await servePage(requestAs(null, url), (r) => render(r, token));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/article/${draft.slug}`);
  });
});

describe("the editor's preview-link actions", () => {
  async function withRole(role: "editor" | "moderator"): Promise<TestAccount> {
    const account = await createAccount();
    await db().update(profiles).set({ role }).where(eq(profiles.id, account.id));
    return account;
  }

  itDb("an editor makes and revokes a link; a moderator, a user and a visitor are refused with nothing made", async () => {
    const draft = await createArticle({ status: "draft", publishedAt: null });
    const url = `${base}/admin/articles/edit?id=${draft.id}`;
    const post = (who: TestAccount | null, fields: Record<string, string>) =>
      outcomeOf(() => throughAdminGate(edit.action, { request: postForm(who, url, { id: draft.id, ...fields }) }));

    const moderator = await withRole("moderator");
    const user = await createAccount();
    for (const who of [moderator, user, null]) {
      const refused = await post(who, { intent: "preview-create", days: "7" });
      expect([401, 403]).toContain(refused.status);
    }
    expect(await db().select().from(articlePreviewLinks).where(eq(articlePreviewLinks.articleId, draft.id))).toEqual([]);

    const editor = await withRole("editor");
    const bad = await post(editor, { intent: "preview-create", days: "45" });
    expect(bad).toMatchObject({ status: 400, data: { intent: "preview-create", ok: false, error: M.daysInvalid } });
    const made = await post(editor, { intent: "preview-create", days: "3" });
    expect(made).toMatchObject({ status: 200, data: { intent: "preview-create", ok: true, message: M.created } });
    expect((made.data as { url: string }).url).toMatch(/\/anteprima\/[A-Za-z0-9_-]{43}$/);

    const page = await outcomeOf(() => throughAdminGate(edit.loader, { request: requestAs(editor, url) }));
    const links = (page.data as { previewLinks: { id: string }[] }).previewLinks;
    expect(links).toHaveLength(1);

    const refusedRevoke = await post(moderator, { intent: "preview-revoke", linkId: links[0]!.id });
    expect(refusedRevoke.status).toBe(403);
    const revoked = await post(editor, { intent: "preview-revoke", linkId: links[0]!.id });
    expect(revoked).toMatchObject({ status: 200, data: { intent: "preview-revoke", ok: true, message: M.revoked } });
  });
});
