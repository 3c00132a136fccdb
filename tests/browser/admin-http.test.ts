// Every back-office URL over real HTTP, as a visitor, as a signed-in user who is not an
// administrator, and as an administrator signed in with the password only while REQUIRE_ADMIN_2FA
// asks for a second factor (on a server of its own, started with that setting): pages and their
// data are refused (the redirect to /login, or to enrol), and so is every form posted to them,
// as a page or as its `.data`, whatever its intent, and every fetch of the AI endpoints, the
// statistics' events and the image upload. The unit tests beside each route check that nothing changed.
import { loginPathBackTo } from "~/lib/return-path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_ENROL_PATH } from "~/accounts/two-factor.server";
import { ADMIN_ACCESS_MESSAGES as M } from "~/admin/access-messages";
import { ADMIN_SECTIONS } from "~/admin/navigation";
import { SEO_TABS } from "~/admin/seo-tabs";
import { cookieFrom } from "../cookies";
import { freePort, startAppProcess, stopAppProcess, type AppProcess } from "../../harness/load-balancer";
import { baseUrl, uniqueEmail } from "./browser";

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const PAGES = [
  ...ADMIN_SECTIONS.map((s) => s.to),
  ...SEO_TABS.map((t) => t.to).filter((to) => to !== "/admin/seo"),
  "/admin/seo/keywords?edit=new",
  "/admin/articles/new",
  "/admin/adsense/new",
  `/admin/adsense/edit?id=${SOME_ID}`,
  `/admin/articles/edit?id=${SOME_ID}`,
  `/admin/contests/${SOME_ID}/submissions`,
  `/admin/reports/${SOME_ID}/conversazione`,
  `/admin/users/${SOME_ID}`,
  "/admin/qualsiasi/cosa",
];
const AI_POSTS = ["/admin/ai/generate-article", "/admin/ai/regenerate-field", "/admin/ai/editorial-plan"];
/** The fetches of the back office, with what their clients ask for (the usage banner, the EventSource). */
const AI_GETS = [
  { path: "/admin/ai/usage", accept: "application/json" },
  { path: "/admin/api-stats/events", accept: "text/event-stream" },
];
const INTENTS = ["create", "update", "delete", "restore", "toggle", "role", "read", "replied", "archive", "approve", "suspend", "reactivate", "save", "reinstate", "erase"];

async function userCookie(): Promise<string> {
  // A sign-up opens no session (decision 0075): the new account signs in with its password.
  const email = uniqueEmail("admin-http");
  const password = "Pappagallo-Verde-4";
  const signedUp = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signup", fullName: "Marta Neri", email, password, acceptPrivacy: "on", acceptTerms: "on" }),
    headers: { origin: baseUrl() },
    redirect: "manual",
  });
  expect(signedUp.status).toBe(200);
  const response = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email, password }),
    headers: { origin: baseUrl() },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return cookieFrom(response.headers);
}

/** Where a refused page is sent: /login, or (an administrator without the second factor) to enrol. */
const AWAY = new Set(["/login", new URL(TWO_FACTOR_ENROL_PATH, "http://x").pathname]);

/** Refused: a redirect away, 401 or 403. */
function refused(response: Response): boolean {
  if (response.status === 401 || response.status === 403) return true;
  const location = response.headers.get("location") ?? "";
  return response.status >= 300 && response.status < 400 ? AWAY.has(new URL(location || "/x", "http://x").pathname) : false;
}

// REQUIRE_ADMIN_2FA is read at start-up: the administrator without a second factor is tried on a
// server of its own (an empty database, its administrator from ADMIN_EMAIL/ADMIN_PASSWORD).
const STRICT_ADMIN = { email: "admin-2fa@zampa.test", password: "Amministro-Rigoroso-2026" };
let strict: AppProcess;

beforeAll(async () => {
  strict = await startAppProcess(await freePort(), {
    REQUIRE_ADMIN_2FA: "true",
    ADMIN_EMAIL: STRICT_ADMIN.email,
    ADMIN_PASSWORD: STRICT_ADMIN.password,
    SEED_DEMO: "false",
    DATABASE_URL: "",
    RATE_LIMITS: "off",
  });
});

afterAll(async () => {
  if (strict) await stopAppProcess(strict);
});

/** The strict server's administrator, signed in with the password only (a session at aal1). */
async function passwordOnlyAdminCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email: STRICT_ADMIN.email, password: STRICT_ADMIN.password }),
    headers: { origin: base },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return cookieFrom(response.headers);
}

/** fn for every item, at most `width` at a time; rejects with the first failure. */
async function inParallel<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

interface Intruder {
  name: string;
  base: string;
  headers: Record<string, string>;
  /** the status of a refused action or fetch */
  status: 401 | 403;
  /** where a refused page is sent */
  away: (page: string) => string;
  /** what a refused action says */
  message: string;
}

describe("the back office over HTTP", () => {
  it("refuses every admin page, its data and every action to visitors, to users and to administrators without the required second factor", async () => {
    const cookie = await userCookie();
    const people: Intruder[] = [
      // To the sign-in, with the way back to the page asked for (decision 0092).
      { name: "visitatore", base: baseUrl(), headers: {}, status: 401, away: loginPathBackTo, message: M.mustSignIn },
      { name: "utente", base: baseUrl(), headers: { cookie }, status: 403, away: loginPathBackTo, message: M.adminOnly },
      {
        name: "amministratore senza secondo fattore",
        base: strict.url,
        headers: { cookie: await passwordOnlyAdminCookie(strict.url) },
        status: 403,
        away: () => TWO_FACTOR_ENROL_PATH,
        message: M.secondFactorRequired,
      },
    ];
    // The same requests and checks as one after the other, a few at a time (thousands of requests).
    await Promise.all(people.map(async (who) => {
      const origin = { ...who.headers, origin: who.base };
      await inParallel(PAGES, 3, async (page) => {
        const get = await fetch(`${who.base}${page}`, { headers: { ...who.headers, accept: "text/html" }, redirect: "manual" });
        expect(refused(get), `${who.name} GET ${page} → ${get.status}`).toBe(true);
        expect(get.headers.get("location"), `${who.name} GET ${page}`).toBe(who.away(page));
        const [pathname, search] = page.split("?");
        const dataPath = `${pathname}.data${search ? `?${search}` : ""}`;
        // A page's data: React Router's redirect (202, its target in the body) and no admin's data.
        const data = await fetch(`${who.base}${dataPath}`, { headers: who.headers, redirect: "manual" });
        const text = await data.text();
        expect(data.status, `${who.name} GET ${dataPath}`).toBe(202);
        expect(text, `${who.name} GET ${dataPath}`).toContain(who.away(page));
        expect(text, `${who.name} GET ${dataPath}`).not.toMatch(/admin-e2e@zampa\.test|admin@zampa\.test|admin-2fa@zampa\.test/);
        for (const intent of INTENTS) {
          const body = () => new URLSearchParams({ intent, id: SOME_ID, role: "admin", title: "Titolo", name: "Nome", slug: "nome" });
          // Posted as a page (without JavaScript): the error page, with the refusal's message.
          const post = await fetch(`${who.base}${page}`, { method: "POST", body: body(), headers: origin, redirect: "manual" });
          expect(post.status, `${who.name} POST ${page} intent=${intent}`).toBe(who.status);
          expect(await post.text(), `${who.name} POST ${page} intent=${intent}`).toContain(who.message.replaceAll("'", "&#x27;"));
          // As the page's scripts post it (the security probe's way in): the refusal, with its message.
          const dataPost = await fetch(`${who.base}${dataPath}`, { method: "POST", body: body(), headers: origin, redirect: "manual" });
          expect(dataPost.status, `${who.name} POST ${dataPath} intent=${intent}`).toBe(who.status);
          expect(await dataPost.text(), `${who.name} POST ${dataPath} intent=${intent}`).toContain(who.message);
        }
      });
      const upload = new FormData();
      upload.set("file", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" }), "foto.jpg");
      const image = await fetch(`${who.base}/admin/article-images`, { method: "POST", body: upload, headers: origin, redirect: "manual" });
      expect(image.status, `${who.name} POST /admin/article-images`).toBe(who.status);
      expect(await image.json(), `${who.name} POST /admin/article-images`).toEqual({ ok: false, error: who.message });
      // The AI endpoints answer JSON refusals (a fetch, not a page).
      for (const endpoint of AI_POSTS) {
        const post = await fetch(`${who.base}${endpoint}`, {
          method: "POST",
          body: JSON.stringify({ topic: "Gatti", category: "gatti", categories: ["gatti"], field: "title", context: {} }),
          headers: { ...origin, "content-type": "application/json" },
          redirect: "manual",
        });
        expect(post.status, `${who.name} POST ${endpoint}`).toBe(who.status);
        expect(post.headers.get("content-type"), `${who.name} POST ${endpoint}`).toContain("application/json");
        expect(await post.json(), `${who.name} POST ${endpoint}`).toEqual({ ok: false, error: who.message });
      }
      for (const { path, accept } of AI_GETS) {
        const get = await fetch(`${who.base}${path}`, { headers: { ...who.headers, accept }, redirect: "manual" });
        expect(get.status, `${who.name} GET ${path}`).toBe(who.status);
        expect(await get.text(), `${who.name} GET ${path}`).not.toMatch(/"used"|event:/);
        // Opened as a page instead: sent away like every page.
        const asPage = await fetch(`${who.base}${path}`, { headers: { ...who.headers, accept: "text/html" }, redirect: "manual" });
        expect(asPage.headers.get("location"), `${who.name} GET ${path} (pagina)`).toBe(who.away(path));
      }
    }));
  });
});
