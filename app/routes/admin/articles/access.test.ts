// Every loader and action of the articles' back office refuses visitors and users (redirect to
// /login, or 401/403), and changes nothing.
import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { articleRevisions, articles, seoRedirects } from "~/db/schema";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { itDb } from "../../../../tests/db";
import { createCategory } from "../../../../tests/factories";
import { createArticle, listRevisions } from "~/articles/admin.server";
import * as edit from "./edit";
import * as list from "./list";
import * as create from "./new";

const base = "http://localhost:3000";

/** An article saved by an admin (so it has a revision), published, and what could change. */
async function fixture() {
  const account = await createAccount({ role: "admin", fullName: "Admin Prova" });
  const admin = { id: account.id, email: account.email, fullName: "Admin Prova", role: "admin" as const };
  const category = await createCategory();
  const fields = {
    title: "Il gatto e il giardino",
    slug: "il-gatto-e-il-giardino",
    categoryId: category.id,
    excerpt: "Estratto",
    content: "<p>Testo</p>",
    status: "published",
  };
  const saved = await createArticle(admin, fields);
  if (!saved.ok) throw new Error(saved.error);
  await createArticle(admin, { ...fields, slug: "secondo" });
  const history = await listRevisions(admin, saved.id);
  if (!history.ok) throw new Error(history.error);
  const state = async () => ({
    articles: await db().select().from(articles).orderBy(asc(articles.slug)),
    revisions: await db().select().from(articleRevisions).orderBy(asc(articleRevisions.id)),
    redirects: await db().select().from(seoRedirects),
  });
  return { id: saved.id, revisionId: history.revisions[0]!.id, category, fields, state };
}

const formBody = (fields: Record<string, string>) => () => new URLSearchParams(fields);
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

describe("/admin/articles is for admins only", () => {
  itDb("list: loader, and the delete action", async () => {
    const { id, state } = await fixture();
    await expectAdminOnly({ call: (r) => throughAdminGate(list.loader, { request: r }), url: `${base}/admin/articles?q=gatto`, state });
    await expectAdminOnly({ call: (r) => throughAdminGate(list.action, { request: r }), url: `${base}/admin/articles`, body: formBody({ id }), headers: formHeaders, state });
  });

  itDb("new: loader and the create action", async () => {
    const { fields, state } = await fixture();
    await expectAdminOnly({ call: (r) => throughAdminGate(create.loader, { request: r }), url: `${base}/admin/articles/new`, state });
    await expectAdminOnly({
      call: (r) => throughAdminGate(create.action, { request: r }),
      url: `${base}/admin/articles/new`,
      body: formBody({ ...fields, slug: "nuovo-da-intruso" }),
      headers: formHeaders,
      state,
    });
  });

  itDb("edit: loader, revision view, update, restore and autosave", async () => {
    const { id, revisionId, fields, state } = await fixture();
    await expectAdminOnly({ call: (r) => throughAdminGate(edit.loader, { request: r }), url: `${base}/admin/articles/edit?id=${id}`, state });
    await expectAdminOnly({ call: (r) => throughAdminGate(edit.loader, { request: r }), url: `${base}/admin/articles/edit?id=${id}&revision=${revisionId}`, state });
    await expectAdminOnly({
      call: (r) => throughAdminGate(edit.action, { request: r }),
      url: `${base}/admin/articles/edit?id=${id}`,
      body: formBody({ ...fields, id, intent: "save", title: "Titolo cambiato", slug: "indirizzo-cambiato" }),
      headers: formHeaders,
      state,
    });
    await expectAdminOnly({
      call: (r) => throughAdminGate(edit.action, { request: r }),
      url: `${base}/admin/articles/edit?id=${id}`,
      body: formBody({ id, intent: "restore", revisionId }),
      headers: formHeaders,
      state,
    });
    const [loaded] = await db().select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, id));
    await expectAdminOnly({
      call: (r) => throughAdminGate(edit.action, { request: r }),
      url: `${base}/admin/articles/edit?id=${id}`,
      body: formBody({ ...fields, id, intent: "autosave", title: "Bozza da intruso", baseUpdatedAt: loaded!.updatedAt.toISOString() }),
      headers: formHeaders,
      state,
    });
    // The article is still there, untouched.
    const [row] = await db().select({ title: articles.title }).from(articles).where(eq(articles.id, id));
    if (row?.title !== fields.title) throw new Error("article changed");
  });
});

describe("/admin/articles for an admin", () => {
  itDb("creates (then on to the edit page), lists, updates, restores and deletes through the routes", async () => {
    const account = await createAccount({ role: "admin" });
    const category = await createCategory({ name: "Gatti" });
    const post = (url: string, fields: Record<string, string>) =>
      requestAs(account, url, { method: "POST", body: new URLSearchParams(fields), headers: formHeaders });
    const fields = { title: "Perché il cane è felice?", slug: "Perché il cane è felice?", categoryId: category.id, excerpt: "E", content: "<p>C</p>", status: "draft" };

    const created = await outcomeOf(() => throughAdminGate(create.action, { request: post(`${base}/admin/articles/new`, fields) }));
    expect(created.status).toBe(302);
    const id = /id=([0-9a-f-]+)&saved=created$/.exec(created.location ?? "")?.[1];
    expect(id).toBeTruthy();

    const again = await outcomeOf(() => throughAdminGate(create.action, { request: post(`${base}/admin/articles/new`, fields) }));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "Errore: Questo slug è già usato da un altro articolo: scegline un altro", values: { title: fields.title } });

    const listed = await outcomeOf(() => throughAdminGate(list.loader, { request: requestAs(account, `${base}/admin/articles?q=CANE&category=${category.id}`) }));
    expect(listed.data).toMatchObject({ total: 1, items: [{ slug: "perche-il-cane-e-felice", categoryName: "Gatti", statusLabel: "Bozza" }] });

    const page = await outcomeOf(() => throughAdminGate(edit.loader, { request: requestAs(account, `${base}/admin/articles/edit?id=${id}&saved=created`) }));
    expect(page.data).toMatchObject({ saved: "Articolo creato!", article: { title: fields.title }, revisions: [{ title: fields.title }] });

    const updated = await outcomeOf(() => throughAdminGate(edit.action, { request: post(`${base}/admin/articles/edit?id=${id}`, { ...fields, id: id!, slug: "cane-felice", title: "Nuovo" }) }));
    expect(updated.data).toMatchObject({ ok: true, message: "Articolo aggiornato!" });

    const version = (page.data as { article: { updatedAt: Date } }).article.updatedAt;
    const stale = await outcomeOf(() =>
      throughAdminGate(edit.action, { request: post(`${base}/admin/articles/edit?id=${id}`, { ...fields, id: id!, title: "Vecchia scheda", baseUpdatedAt: version.toISOString() }) }),
    );
    expect(stale).toMatchObject({ status: 409, data: { ok: false, intent: "save", values: { title: "Vecchia scheda" } } });
    const current = await outcomeOf(() => throughAdminGate(edit.loader, { request: requestAs(account, `${base}/admin/articles/edit?id=${id}`) }));
    const draft = await outcomeOf(() =>
      throughAdminGate(edit.action, {
        request: post(`${base}/admin/articles/edit?id=${id}`, {
          ...fields,
          id: id!,
          intent: "autosave",
          title: "Bozza",
          baseUpdatedAt: (current.data as { article: { updatedAt: Date } }).article.updatedAt.toISOString(),
        }),
      }),
    );
    expect(draft.data).toMatchObject({ intent: "autosave", ok: true });
    const staleDraft = await outcomeOf(() =>
      throughAdminGate(edit.action, { request: post(`${base}/admin/articles/edit?id=${id}`, { ...fields, id: id!, intent: "autosave", baseUpdatedAt: version.toISOString() }) }),
    );
    expect(staleDraft).toMatchObject({ status: 409, data: { intent: "autosave", ok: false, stale: true } });

    const revisions = (page.data as { revisions: { id: string }[] }).revisions;
    const restored = await outcomeOf(() => throughAdminGate(edit.action, { request: post(`${base}/admin/articles/edit?id=${id}`, { intent: "restore", id: id!, revisionId: revisions[0]!.id }) }));
    expect(restored.data).toMatchObject({ ok: true, intent: "restore" });
    const view = await outcomeOf(() => throughAdminGate(edit.loader, { request: requestAs(account, `${base}/admin/articles/edit?id=${id}&revision=${revisions[0]!.id}`) }));
    expect(view.data).toMatchObject({ article: { title: fields.title }, revision: { html: "<p>C</p>" } });
    const badView = await outcomeOf(() => throughAdminGate(edit.loader, { request: requestAs(account, `${base}/admin/articles/edit?id=${id}&revision=nope`) }));
    expect(badView.data).toMatchObject({ revisionError: "Versione non trovata" });

    const missing = await outcomeOf(() => throughAdminGate(edit.loader, { request: requestAs(account, `${base}/admin/articles/edit?id=nope`) }));
    expect(missing).toMatchObject({ status: 404, data: { error: "Errore nel caricamento dell'articolo" } });

    const deleted = await outcomeOf(() => throughAdminGate(list.action, { request: post(`${base}/admin/articles`, { id: id! }) }));
    expect(deleted.data).toMatchObject({ ok: true });
    const deletedAgain = await outcomeOf(() => throughAdminGate(list.action, { request: post(`${base}/admin/articles`, { id: id! }) }));
    expect(deletedAgain).toMatchObject({ status: 404, data: { error: "Errore durante l'eliminazione dell'articolo" } });
  });
});
