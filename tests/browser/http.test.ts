// The server's answers at the HTTP level: health, 404, guards, CSRF, cookies.
import { describe, expect, it } from "vitest";
import { cookieFrom } from "../cookies";
import { baseUrl, uniqueEmail } from "./browser";

function signUpBody(email: string) {
  return new URLSearchParams({
    intent: "signup",
    fullName: "Paola Verdi",
    email,
    password: "Tartaruga-Lenta-9",
    acceptPrivacy: "on",
    acceptTerms: "on",
  });
}

async function signUp(email: string, origin = baseUrl()) {
  return fetch(`${baseUrl()}/login`, { method: "POST", body: signUpBody(email), headers: { origin }, redirect: "manual" });
}

const cookieOf = (response: Response) => cookieFrom(response.headers);

describe("HTTP surface", () => {
  it("answers /healthz with 200 when the database answers", async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("renders unknown paths as an Italian page with status 404", async () => {
    const response = await fetch(`${baseUrl()}/questa-pagina-non-esiste`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain("Pagina non trovata");
  });

  it("sends visitors from /dashboard and every /admin path to /login, with no data", async () => {
    for (const path of ["/dashboard", "/admin", "/admin/articles", "/admin/qualsiasi/cosa"]) {
      const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(new URL(response.headers.get("location")!, baseUrl()).pathname).toBe("/login");
      expect(await response.text()).toBe("");
    }
    // The data endpoints of the same routes are guarded too.
    const data = await fetch(`${baseUrl()}/admin.data`, { redirect: "manual" });
    expect(await data.text()).not.toContain("admin-e2e@zampa.test");
  });

  it("sends a signed-in user who is not an administrator from /admin to /login", async () => {
    const response = await signUp(uniqueEmail());
    expect(response.status).toBe(302);
    const cookie = cookieOf(response);
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const dashboard = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Paola Verdi");
    const admin = await fetch(`${baseUrl()}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toMatch(/\/login$/);
  });

  it("refuses state changes from another origin (CSRF), and they change nothing", async () => {
    const email = uniqueEmail("csrf");
    const forged = await signUp(email, "https://sito-malevolo.example");
    expect(forged.status).toBe(403);
    expect(forged.headers.get("set-cookie")).toBeNull();
    const noOrigin = await fetch(`${baseUrl()}/login`, { method: "POST", body: signUpBody(email), redirect: "manual" });
    expect(noOrigin.status).toBe(403);
    const api = await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: "https://sito-malevolo.example", "content-type": "application/json" },
      body: JSON.stringify({ name: "X", email, password: "Tartaruga-Lenta-9" }),
    });
    expect(api.status).toBe(403);
    // Nothing was created: the same e-mail can still sign up from Zampa itself.
    expect((await signUp(email)).status).toBe(302);
  });

  it("ends the session on the server when signing out", async () => {
    const cookie = cookieOf(await signUp(uniqueEmail()));
    const out = await fetch(`${baseUrl()}/logout`, { method: "POST", headers: { cookie, origin: baseUrl() }, redirect: "manual" });
    expect(out.status).toBe(302);
    // The old cookie no longer opens the dashboard.
    const dashboard = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(302);
  });

  it("sends a page number past the last one to the last page", async () => {
    const articles = await fetch(`${baseUrl()}/articles?page=99`, { redirect: "manual" });
    expect(articles.status).toBe(302);
    expect(articles.headers.get("location")).toBe("/articles?page=2");
    const category = await fetch(`${baseUrl()}/category/cani?page=5`, { redirect: "manual" });
    expect(category.status).toBe(302);
    expect(category.headers.get("location")).toBe("/category/cani");
    const searched = await fetch(`${baseUrl()}/articles?q=gatto&page=9`, { redirect: "manual" });
    expect(searched.headers.get("location")).toBe("/articles?q=gatto");
  });

  it("serves built assets with immutable caching and compresses pages", async () => {
    const html = await (await fetch(`${baseUrl()}/login`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseUrl()}${asset}`);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const page = await fetch(`${baseUrl()}/login`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });
});
