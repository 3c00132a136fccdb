import { eq } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { seoRedirects } from "~/db/schema";
import { sortOf } from "~/lib/list-sort";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { MISSING_ID as MISSING } from "../../tests/factories";
import { REDIRECT_MESSAGES as M, REDIRECTS_PAGE_SIZE, redirectSchema, redirectSortSchema } from "./redirect-validation";
import { createRedirect, deleteRedirect, findLoop, listRedirectsForAdmin, MAX_REDIRECT_HOPS } from "./redirects-admin.server";
import { applyRedirect } from "./redirects.server";

const get = (path: string) => new Request(`http://localhost:3000${path}`);
const all = () => db().select().from(seoRedirects).orderBy(seoRedirects.fromPath);
const add = (fromPath: string, toPath: string, redirectType?: string) =>
  createRedirect(admin, { fromPath, toPath, ...(redirectType === undefined ? {} : { redirectType }) });

afterEach(() => setCacheEnabled(false));

describe("redirects in the back office", () => {
  itDb("refuses visitors (401) and users (403), changing nothing", async () => {
    const [existing] = await db().insert(seoRedirects).values({ fromPath: "/esistente", toPath: "/altra" }).returning();
    const before = await all();
    for (const [who, status, error] of refusedActors("seo.settings")) {
      expect(await listRedirectsForAdmin(who)).toEqual({ ok: false, status, error });
      expect(await createRedirect(who, { fromPath: "/nuovo", toPath: "/x" })).toEqual({ ok: false, status, error });
      expect(await deleteRedirect(who, existing!.id)).toEqual({ ok: false, status, error });
    }
    expect(await all()).toEqual(before);
  });

  itDb("adds an active 301 by default, and a 302 when asked", async () => {
    const created = await add("/Vecchia-Pagina", "/nuova-pagina");
    expect(created).toMatchObject({ ok: true, message: "Redirect aggiunto", redirect: { fromPath: "/Vecchia-Pagina", toPath: "/nuova-pagina", redirectType: 301, isActive: true, hitCount: 0 } });
    expect(await add("/promo", "https://negozio.example.it/saldi?x=1", "302")).toMatchObject({ ok: true, redirect: { redirectType: 302 } });
    expect((await all()).map((r) => [r.fromPath, r.redirectType, r.isActive])).toEqual([
      ["/Vecchia-Pagina", 301, true],
      ["/promo", 302, true],
    ]);
  });

  itDb("requires both paths", async () => {
    for (const [from, to] of [
      ["", "/x"],
      ["/x", ""],
      ["   ", "  "],
    ]) {
      const result = await add(from!, to!);
      expect(result).toMatchObject({ ok: false, status: 400, error: "Entrambi i percorsi sono obbligatori" });
    }
    expect(await createRedirect(admin, {})).toMatchObject({ ok: false, status: 400, error: "Entrambi i percorsi sono obbligatori" });
    expect(await all()).toEqual([]);
  });

  itDb("wants a relative from path with no domain", async () => {
    const cases: [string, string][] = [
      ["https://x/y", M.fromIsUrl],
      ["http://zampa.it/vecchia", M.fromIsUrl],
      ["zampa.it/vecchia", M.fromIsUrl],
      ["javascript:alert(1)", M.fromIsUrl],
      ["pagina", M.fromNoSlash],
      ["vecchia/pagina", M.fromNoSlash],
      ["//x", M.fromDoubleSlash],
      ["//evil.example/y", M.fromDoubleSlash],
      ["/\\evil.example", M.fromDoubleSlash],
      ["/vecchia pagina", M.fromSpaces],
      ["/vecchia?id=3", M.fromQuery],
      ["/a".repeat(300), M.fromTooLong],
    ];
    for (const [from, message] of cases) {
      const result = await add(from, "/nuova");
      expect(result, from).toMatchObject({ ok: false, status: 400, error: message, fieldErrors: { fromPath: message } });
    }
    expect(await all()).toEqual([]);
  });

  itDb("wants a to path of the site or a full http(s) address", async () => {
    for (const [to, message] of [
      ["nuova", M.toInvalid],
      ["javascript:alert(1)", M.toInvalid],
      ["ftp://files.example/x", M.toInvalid],
      ["//evil.example", M.toDoubleSlash],
      ["/nuova\r\nSet-Cookie: x=1", M.toSpaces],
      ["https://", M.toInvalid],
    ] as const) {
      expect(await add("/vecchia", to), to).toMatchObject({ ok: false, status: 400, error: message });
    }
    expect(await add("/vecchia", "/tipo", "307")).toMatchObject({ ok: false, status: 400, error: M.typeInvalid });
    expect(await all()).toEqual([]);
  });

  itDb("refuses the paths the site needs to work", async () => {
    for (const from of ["/", "/admin", "/Admin/", "/admin/seo", "/api/ads", "/login", "/logout", "/assets/app.js", "/dashboard", "/robots.txt", "/sitemap.xml", "/healthz"]) {
      expect(await add(from, "/altrove"), from).toMatchObject({ ok: false, status: 400, error: M.fromReserved(from) });
    }
    // Only whole segments: a page whose name merely starts the same way is fine.
    expect(await add("/administrator-guida", "/guida")).toMatchObject({ ok: true });
    expect(await add("/login-help", "/aiuto")).toMatchObject({ ok: true });
  });

  itDb("refuses a from path another redirect has, case and trailing slash ignored", async () => {
    await add("/vecchia", "/nuova");
    for (const from of ["/vecchia", "/VECCHIA", "/vecchia/"]) {
      expect(await add(from, "/altra"), from).toMatchObject({ ok: false, status: 409, error: M.duplicate, fieldErrors: { fromPath: M.duplicate } });
    }
    // An inactive one still holds its path (the unique index).
    await db().insert(seoRedirects).values({ fromPath: "/spenta", toPath: "/x", isActive: false });
    expect(await add("/spenta", "/y")).toMatchObject({ ok: false, status: 409 });
    expect(await all()).toHaveLength(2);
  });

  itDb("refuses loops: to itself, A→B→A, A→B→C→A", async () => {
    expect(await add("/a", "/a")).toMatchObject({ ok: false, status: 409, error: M.toItself });
    expect(await add("/a", "/A/")).toMatchObject({ ok: false, status: 409, error: M.toItself });
    expect(await add("/a", "http://localhost:3000/a")).toMatchObject({ ok: false, status: 409, error: M.toItself });

    expect(await add("/a", "/b")).toMatchObject({ ok: true });
    expect(await add("/b", "/a")).toMatchObject({ ok: false, status: 409, error: M.loop(["/b", "/a", "/b"]) });
    expect(await add("/b", "/A?utm=1")).toMatchObject({ ok: false, status: 409 });

    expect(await add("/b", "/c")).toMatchObject({ ok: true });
    expect(await add("/c", "/a")).toMatchObject({ ok: false, status: 409, error: M.loop(["/c", "/a", "/b", "/c"]) });
    // The same site by its full address is followed too; another site ends the chain.
    expect(await add("/c", "http://localhost:3000/a")).toMatchObject({ ok: false, status: 409 });
    expect(await add("/c", "https://altro.example/a")).toMatchObject({ ok: true });
    expect((await all()).map((r) => r.fromPath)).toEqual(["/a", "/b", "/c"]);
  });

  itDb("an inactive redirect does not count towards a loop", async () => {
    await db().insert(seoRedirects).values({ fromPath: "/b", toPath: "/a", isActive: false });
    expect(await add("/a", "/b")).toMatchObject({ ok: true });
  });

  itDb("follows a chain at most MAX_REDIRECT_HOPS far, and stops at a loop it did not make", () => {
    const chain = new Map(Array.from({ length: MAX_REDIRECT_HOPS + 5 }, (_, i) => [`/p${i}`, `/p${i + 1}`]));
    expect(findLoop({ fromPath: "/start", toPath: "/p0" }, chain)).toMatchObject({ status: 409, error: M.tooLong(MAX_REDIRECT_HOPS) });
    expect(findLoop({ fromPath: "/start", toPath: "/p10" }, chain)).toBeNull();
    const looping = new Map([
      ["/x", "/y"],
      ["/y", "/x"],
    ]);
    expect(findLoop({ fromPath: "/start", toPath: "/x" }, looping)).toMatchObject({ status: 409 });
    return Promise.resolve();
  });

  itDb("a saved redirect answers at once through applyRedirect, its visits rising; 302 too", async () => {
    setCacheEnabled(true);
    // The table of active redirects is memoized: the add must drop it.
    expect(await applyRedirect(get("/vecchia"))).toBeNull();
    const created = await add("/vecchia", "/nuova");
    const temporary = await add("/promo", "/saldi", "302");
    if (!created.ok || !temporary.ok) throw new Error("not created");
    const response = await applyRedirect(get("/vecchia"));
    expect(response?.status).toBe(301);
    expect(response?.headers.get("location")).toBe("/nuova");
    expect((await applyRedirect(get("/Vecchia/")))?.status).toBe(301);
    const [row] = await db().select().from(seoRedirects).where(eq(seoRedirects.id, created.redirect.id));
    expect(row!.hitCount).toBe(2);
    expect((await applyRedirect(get("/promo")))?.status).toBe(302);

    const listed = await listRedirectsForAdmin(admin);
    expect(listed.ok && listed.items.find((r) => r.fromPath === "/vecchia")?.hitCount).toBe(2);

    // Deleted, it stops at once.
    expect(await deleteRedirect(admin, created.redirect.id)).toEqual({ ok: true, message: "Redirect eliminato" });
    expect(await applyRedirect(get("/vecchia"))).toBeNull();
  });

  itDb("delete: an unknown or malformed id is 404, nothing changed", async () => {
    await add("/resta", "/qui");
    expect(await deleteRedirect(admin, MISSING)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await deleteRedirect(admin, "nessuno")).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await all()).toHaveLength(1);
  });

  itDb("lists newest first, 20 a page", async () => {
    const rows = Array.from({ length: REDIRECTS_PAGE_SIZE + 3 }, (_, i) => ({
      fromPath: `/vecchia-${i}`,
      toPath: "/nuova",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await db().insert(seoRedirects).values(rows);
    const first = await listRedirectsForAdmin(admin);
    expect(first).toMatchObject({ ok: true, total: REDIRECTS_PAGE_SIZE + 3, page: 1, pageCount: 2 });
    if (!first.ok) return;
    expect(first.items).toHaveLength(REDIRECTS_PAGE_SIZE);
    expect(first.items[0]!.fromPath).toBe(`/vecchia-${REDIRECTS_PAGE_SIZE + 2}`);
    const second = await listRedirectsForAdmin(admin, { page: 2 });
    expect(second.ok && second.items.map((r) => r.fromPath)).toEqual(["/vecchia-2", "/vecchia-1", "/vecchia-0"]);
  });

  itDb("orders by the from path either way when asked; an unknown order is newest first", async () => {
    await db().insert(seoRedirects).values(["/b", "/c", "/a"].map((fromPath, i) => ({ fromPath, toPath: "/nuova", createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })));
    const order = async (query: Record<string, string>) => {
      const listed = await listRedirectsForAdmin(admin, { sort: sortOf(redirectSortSchema.parse(query)) });
      return listed.ok ? listed.items.map((r) => r.fromPath) : [];
    };
    expect(await order({ sort: "from", dir: "asc" })).toEqual(["/a", "/b", "/c"]);
    expect(await order({ sort: "from", dir: "desc" })).toEqual(["/c", "/b", "/a"]);
    expect(await order({ sort: "visits", dir: "sideways" })).toEqual(["/a", "/c", "/b"]);
  });

  itDb("the form's schema trims the paths and defaults to 301", () => {
    expect(redirectSchema.parse({ fromPath: "  /a  ", toPath: " /b " })).toEqual({ fromPath: "/a", toPath: "/b", redirectType: 301 });
    return Promise.resolve();
  });
});
