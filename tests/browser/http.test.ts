// The server's answers at the HTTP level: health, 404, guards, CSRF, cookies, hostile input.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { INPUT_MESSAGES } from "~/lib/input";
import { cookieFrom } from "../cookies";
import { baseUrl, linkMailedTo, uniqueEmail } from "./browser";
import { E2E_ADMIN, E2E_METRICS_TOKEN } from "./e2e-accounts";

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

/** A new account signed in: the sign-up opens no session (decision 0075), the password does. The sign-in's answer. */
async function signUpAndIn(email: string, fullName?: string): Promise<Response> {
  const body = signUpBody(email);
  if (fullName) body.set("fullName", fullName);
  const signedUp = await fetch(`${baseUrl()}/login`, { method: "POST", body, headers: { origin: baseUrl() }, redirect: "manual" });
  expect(signedUp.status).toBe(200);
  expect(signedUp.headers.get("set-cookie")).toBeNull();
  return fetch(`${baseUrl()}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email, password: body.get("password")! }),
    headers: { origin: baseUrl() },
    redirect: "manual",
  });
}

const cookieOf = (response: Response) => cookieFrom(response.headers);

describe("HTTP surface", () => {
  it("answers /metrics only with its token, and counts each route's requests (decision 0067)", async () => {
    expect((await fetch(`${baseUrl()}/metrics`)).status).toBe(401);
    expect((await fetch(`${baseUrl()}/metrics`, { headers: { authorization: "Bearer sbagliato" } })).status).toBe(401);
    const scrape = async () => {
      const response = await fetch(`${baseUrl()}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const line = (await response.text()).split("\n").find((l) => l.startsWith('zampa_http_request_duration_seconds_count{method="GET",route="routes/categories"}'));
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl()}/categories`)).status).toBe(200);
    expect(await scrape()).toBe(before + 3);
  });

  it("gives every response a request id, its own unless a trusted proxy sent one", async () => {
    const a = (await fetch(`${baseUrl()}/healthz`)).headers.get("x-request-id");
    const b = (await fetch(`${baseUrl()}/healthz`, { headers: { "x-request-id": "scelto-dal-client" } })).headers.get("x-request-id");
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    // No TRUST_PROXY here: a client cannot choose the id its lines are logged under.
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).not.toBe(a);
  });

  it("answers /healthz with 200 when the database answers", async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("answers /readyz with 200 when the database and the uploads folder are usable", async () => {
    const response = await fetch(`${baseUrl()}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ ready: true, database: "ok", storage: "ok" });
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
    const response = await signUpAndIn(uniqueEmail());
    expect(response.status).toBe(302);
    const cookie = cookieOf(response);
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const dashboard = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Paola Verdi");
    const admin = await fetch(`${baseUrl()}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/login?redirectTo=%2Fadmin");
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
    // Nothing was created: the same e-mail can still sign up from Zampa itself, as a new address
    // (its mail is the confirmation link, not the notice to a registered address's owner).
    expect((await signUp(email)).status).toBe(200);
    await linkMailedTo(email, "/api/auth/verify-email?");
  });

  it("ends the session on the server when signing out", async () => {
    const cookie = cookieOf(await signUpAndIn(uniqueEmail()));
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

// Hostile input (issue 15): whatever a request carries, the answer is never a 500. A form that
// cannot be read is answered 400 with the one Italian message and changes nothing; so is a query.
describe("hostile input", () => {
  const BOUNDARY = "zampa-ostile";
  const multipartOf = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${BOUNDARY}--\r\n`;
  const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
  const URLENCODED = "application/x-www-form-urlencoded";

  /**
   * Bodies no form of ours sends, each built on the route's valid `fields` with one flaw: a NUL in
   * the value of `target` (urlencoded and multipart), malformed percent-encoding, bytes that are not
   * UTF-8, a malformed and a cut-off multipart body, a body that is not a form.
   */
  function hostileBodies(fields: Record<string, string>, target: string): { label: string; type: string; body: BodyInit }[] {
    const withValue = (value: string) => ({ ...fields, [target]: value });
    const encoded = (value: string) =>
      Object.entries(withValue("§")).map(([k, v]) => `${encodeURIComponent(k)}=${v === "§" ? value : encodeURIComponent(v)}`).join("&");
    const notUtf8 = new Uint8Array(Buffer.concat([Buffer.from(multipartOf(withValue("§")).split("§")[0]!), Buffer.from([0xc3, 0x28]), Buffer.from(multipartOf(withValue("§")).split("§")[1]!)]));
    return [
      { label: "NUL, urlencoded", type: URLENCODED, body: encoded("a%00b") },
      { label: "NUL, multipart", type: MULTIPART, body: multipartOf(withValue("a\0b")) },
      { label: "malformed percent-encoding", type: URLENCODED, body: encoded("%E0%A4%A") },
      { label: "%ZZ", type: URLENCODED, body: encoded("%ZZ") },
      { label: "not UTF-8, urlencoded", type: URLENCODED, body: new Uint8Array(Buffer.from(encoded("§").replace("§", "\xff"), "latin1")) },
      { label: "not UTF-8, multipart", type: MULTIPART, body: notUtf8 },
      { label: "malformed multipart", type: MULTIPART, body: `--${BOUNDARY}\r\nnon è un'intestazione` },
      { label: "cut-off multipart", type: MULTIPART, body: multipartOf(fields).slice(0, -20) },
      { label: "multipart without boundary", type: "multipart/form-data", body: multipartOf(fields) },
      { label: "not a form", type: "text/plain", body: "ciao" },
    ];
  }

  /** Posts every hostile body to the page and to its single-fetch URL (as the page's script does): 400, the message, never a 500. */
  async function expectRefused(pagePath: string, fields: Record<string, string>, target: string, cookie = "") {
    const [pathname, search = ""] = pagePath.split("?");
    for (const { label, type, body } of hostileBodies(fields, target)) {
      for (const url of [`${pathname}${search ? `?${search}` : ""}`, `${pathname}.data${search ? `?${search}` : ""}`]) {
        const response = await fetch(`${baseUrl()}${url}`, {
          method: "POST",
          headers: { origin: baseUrl(), "content-type": type, cookie },
          body,
          redirect: "manual",
        });
        expect(response.status, `${url}: ${label}`).toBe(400);
        if (url.includes(".data")) expect(await response.text(), `${url}: ${label}`).toContain(INPUT_MESSAGES.badForm);
        else await response.arrayBuffer();
      }
    }
  }

  const signedUp = async (fullName = "Paola Verdi") => {
    const email = uniqueEmail("ostile");
    const response = await signUpAndIn(email, fullName);
    expect(response.status).toBe(302);
    return { email, cookie: cookieOf(response) };
  };
  const outbox = () => {
    const dir = path.join(inject("dataDir"), "outbox");
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const firstMatch = async (page: string, pattern: RegExp) => {
    const found = pattern.exec(await (await fetch(`${baseUrl()}${page}`)).text())?.[1];
    if (!found) throw new Error(`nothing matches ${pattern} in ${page}`);
    return found;
  };

  it("answers a search with a NUL or a malformed encoding with 400 and the Italian message: list, map, articles", async () => {
    for (const query of ["q=a%00b", "q=%E0%A4%A", "q=%ZZ", "q=%FF", "q%00=gatto", "petType=cat&q=%"]) {
      for (const page of ["/pet-listings", "/articles", "/category/cani"]) {
        const response = await fetch(`${baseUrl()}${page}?${query}`);
        expect(response.status, `${page}?${query}`).toBe(400);
        const html = await response.text();
        expect(html).toContain(INPUT_MESSAGES.badRequestTitle);
        expect(html).toContain(INPUT_MESSAGES.badAddress.replace("'", "&#x27;"));
        const data = await fetch(`${baseUrl()}${page}.data?${query}`);
        expect(data.status, `${page}.data?${query}`).toBe(400);
        expect(await data.text()).toContain(INPUT_MESSAGES.badAddress);
      }
      for (const api of ["/api/pet-listings/map", "/api/breeds", "/api/ads", "/api/geocode", "/api/geocode/reverse"]) {
        const response = await fetch(`${baseUrl()}${api}?${query}`);
        expect(response.status, `${api}?${query}`).toBe(400);
        expect(await response.json()).toEqual({ error: INPUT_MESSAGES.badAddress });
      }
    }
    // A search typed in the form (the browser encodes it) is still a search.
    expect((await fetch(`${baseUrl()}/pet-listings?q=100%25+gatti`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/articles?q=cura+del+gatto&category=salute`)).status).toBe(200);
  });

  it("answers an address whose path holds a NUL with 400, not a 500", async () => {
    for (const page of ["/article/a%00b", "/category/a%00b", "/article/a%00b.data", "/article/a%00b/view", "/contests/a%00"]) {
      const response = await fetch(`${baseUrl()}${page}`);
      expect(response.status, page).toBe(400);
      expect(await response.text()).toBe(INPUT_MESSAGES.badAddress);
    }
  });

  it("refuses unreadable sign-in and sign-up forms on /login, and creates no account", async () => {
    const email = uniqueEmail("ostile");
    const fields = { intent: "signup", fullName: "Paola Verdi", email, password: "Tartaruga-Lenta-9", acceptPrivacy: "on", acceptTerms: "on" };
    await expectRefused("/login", fields, "fullName");
    await expectRefused("/login", { intent: "signin", email, password: "Tartaruga-Lenta-9" }, "email");
    // Nothing was created: the same e-mail signs up now, as a new address (the confirmation link is mailed).
    const response = await fetch(`${baseUrl()}/login`, { method: "POST", body: new URLSearchParams(fields), headers: { origin: baseUrl() }, redirect: "manual" });
    expect(response.status).toBe(200);
    await linkMailedTo(email, "/api/auth/verify-email?");
  });

  it("refuses unreadable messages on /contact, and sends nothing", async () => {
    const before = outbox();
    const fields = { name: "Giulia", email: "giulia@example.it", subject: "Domanda", message: "Vorrei sapere come adottare un gatto." };
    await expectRefused("/contact", fields, "message");
    expect(outbox()).toBe(before);
  });

  it("refuses unreadable reports on /report-listing/{id}, and sends nothing", async () => {
    const id = await firstMatch("/pet-listings", /href="\/pet-listing\/([0-9a-f-]{36})"/);
    const before = outbox();
    const fields = { name: "Giulia", email: "giulia@example.it", reason: "fraud", description: "Questo annuncio chiede un anticipo per la spedizione del cucciolo, sembra una truffa." };
    await expectRefused(`/report-listing/${id}`, fields, "description");
    expect(outbox()).toBe(before);
  });

  it("refuses unreadable forms on /dashboard/profile and /dashboard/pet-listings, and changes nothing", async () => {
    const { cookie, email } = await signedUp("Paola Verdi");
    await expectRefused("/dashboard/profile", { intent: "profile", fullName: "Nome Cambiato", email }, "fullName", cookie);
    await expectRefused("/dashboard/profile", { intent: "password", newPassword: "Nuova-Password-77", confirmPassword: "Nuova-Password-77" }, "newPassword", cookie);
    await expectRefused("/dashboard/pet-listings", { intent: "availability", id: "00000000-0000-4000-8000-000000000000", availability: "pending" }, "id", cookie);
    const profile = await (await fetch(`${baseUrl()}/dashboard/profile`, { headers: { cookie } })).text();
    expect(profile).toContain("Paola Verdi");
    expect(profile).not.toContain("Nome Cambiato");
  });

  it("refuses unreadable votes and entries on /contests/{id}, and unreadable listings", async () => {
    const { cookie } = await signedUp();
    const contest = await firstMatch("/contests", /href="(\/contests\/[0-9a-f-]{36})"/);
    await expectRefused(contest, { submissionId: "00000000-0000-4000-8000-000000000000" }, "submissionId", cookie);
    await expectRefused(contest, { title: "Pepe", petName: "Pepe", petType: "dog" }, "title", cookie);
    const fields = { title: "Gattina", description: "Dolcissima", petType: "cat", listingType: "free", city: "Roma", region: "Lazio" };
    await expectRefused("/create-pet-listing", fields, "title", cookie);
    for (const { label, type, body } of hostileBodies(fields, "title")) {
      const response = await fetch(`${baseUrl()}/api/pet-listings`, { method: "POST", headers: { origin: baseUrl(), "content-type": type, cookie }, body });
      expect(response.status, label).toBe(400);
      expect(await response.json(), label).toEqual({ ok: false, error: INPUT_MESSAGES.badForm });
    }
    // Nothing was published.
    expect(await (await fetch(`${baseUrl()}/dashboard/pet-listings`, { headers: { cookie } })).text()).toContain("Non hai ancora pubblicato annunci");
  });

  it("refuses unreadable moderation decisions in the back office", async () => {
    const login = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      body: new URLSearchParams({ intent: "signin", email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
      headers: { origin: baseUrl() },
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const cookie = cookieOf(login);
    const contest = await firstMatch("/contests", /href="\/contests\/([0-9a-f-]{36})"/);
    await expectRefused(`/admin/contests/${contest}/submissions`, { intent: "approve", id: "00000000-0000-4000-8000-000000000000" }, "id", cookie);
  });
});
