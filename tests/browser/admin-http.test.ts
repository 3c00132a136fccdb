// Every back-office URL over real HTTP, as a visitor and as a signed-in user who is not an
// administrator: pages and their data are refused (the redirect to /login), and so is every form
// posted to them, whatever its intent. The unit tests beside each route check that nothing changed.
import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS } from "~/admin/navigation";
import { SEO_TABS } from "~/admin/seo-tabs";
import { cookieFrom } from "../cookies";
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
  "/admin/qualsiasi/cosa",
];
const AI_POSTS = ["/admin/ai/generate-article", "/admin/ai/regenerate-field", "/admin/ai/editorial-plan"];
const AI_GETS = ["/admin/ai/usage", "/admin/api-stats/events"];
const INTENTS = ["create", "update", "delete", "restore", "toggle", "role", "read", "replied", "archive", "approve", "suspend", "reactivate", "save"];

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

/** Refused: the redirect to /login, 401 or 403; or 405 where the page has no action at all. */
function refused(response: Response, method = "GET"): boolean {
  if (response.status === 401 || response.status === 403) return true;
  if (method === "POST" && response.status === 405) return true;
  const location = response.headers.get("location") ?? response.headers.get("x-remix-redirect") ?? "";
  return (response.status >= 300 && response.status < 400) || response.status === 202 ? new URL(location || "/x", baseUrl()).pathname === "/login" : false;
}

describe("the back office over HTTP", () => {
  it("refuses every admin page, its data and every action to visitors and to users", async () => {
    const cookie = await userCookie();
    const people: { name: string; headers: Record<string, string> }[] = [
      { name: "visitatore", headers: {} },
      { name: "utente", headers: { cookie } },
    ];
    for (const who of people) {
      for (const page of PAGES) {
        const get = await fetch(`${baseUrl()}${page}`, { headers: who.headers, redirect: "manual" });
        expect(refused(get), `${who.name} GET ${page} → ${get.status}`).toBe(true);
        const [pathname, search] = page.split("?");
        const dataUrl = `${baseUrl()}${pathname}.data${search ? `?${search}` : ""}`;
        const data = await fetch(dataUrl, { headers: who.headers, redirect: "manual" });
        const text = await data.text();
        expect(text, `${who.name} GET ${dataUrl}`).not.toMatch(/admin-e2e@zampa\.test|admin@zampa\.test/);
        for (const intent of INTENTS) {
          const body = new URLSearchParams({ intent, id: SOME_ID, role: "admin", title: "Titolo", name: "Nome" });
          const post = await fetch(`${baseUrl()}${page}`, { method: "POST", body, headers: { ...who.headers, origin: baseUrl() }, redirect: "manual" });
          expect(refused(post, "POST"), `${who.name} POST ${page} intent=${intent} → ${post.status}`).toBe(true);
          // A page without an action answers 405 to any intent (and the server logs each one).
          if (post.status === 405) break;
        }
      }
      const upload = new FormData();
      upload.set("file", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" }), "foto.jpg");
      const image = await fetch(`${baseUrl()}/admin/article-images`, { method: "POST", body: upload, headers: { ...who.headers, origin: baseUrl() }, redirect: "manual" });
      expect(refused(image, "POST"), `${who.name} POST /admin/article-images → ${image.status}`).toBe(true);
      // The AI endpoints answer JSON refusals (a fetch, not a page): 401 for a visitor, 403 for a user.
      for (const endpoint of AI_POSTS) {
        const post = await fetch(`${baseUrl()}${endpoint}`, {
          method: "POST",
          body: JSON.stringify({ topic: "Gatti", category: "gatti", categories: ["gatti"], field: "title", context: {} }),
          headers: { ...who.headers, origin: baseUrl(), "content-type": "application/json" },
          redirect: "manual",
        });
        expect(post.status, `${who.name} POST ${endpoint}`).toBe(who.headers.cookie ? 403 : 401);
        expect(post.headers.get("content-type"), `${who.name} POST ${endpoint}`).toContain("application/json");
      }
      for (const endpoint of AI_GETS) {
        const get = await fetch(`${baseUrl()}${endpoint}`, { headers: who.headers, redirect: "manual" });
        expect(get.status, `${who.name} GET ${endpoint}`).toBe(who.headers.cookie ? 403 : 401);
        expect(await get.text(), `${who.name} GET ${endpoint}`).not.toMatch(/"used"|event:/);
      }
    }
  });
});
