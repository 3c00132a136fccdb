// Session tokens never reach page scripts (issue 20, decision 0064): the session cookie is HttpOnly,
// and no page, loader data, endpoint or action answer carries a session's token, the current one's or
// another's. Sessions are named by their id, which opens nothing.
import type { APIResponse, BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, signIn, signUpIn, startBrowser } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

/** The session cookie's token (the part before the signature), and the cookie's value as sent. */
async function sessionToken(context: BrowserContext): Promise<{ token: string; value: string; httpOnly: boolean }> {
  const cookie = (await context.cookies()).find((c) => /(^|__Secure-)better-auth\.session_token$/.test(c.name));
  if (!cookie) throw new Error("no session cookie");
  const value = decodeURIComponent(cookie.value);
  return { token: value.split(".")[0]!, value, httpOnly: cookie.httpOnly };
}

/** Every body read, with where it came from. */
async function bodies(context: BrowserContext, requests: { method?: "GET" | "POST"; path: string; form?: Record<string, string> }[]) {
  const read: { path: string; status: number; body: string }[] = [];
  for (const { method = "GET", path, form } of requests) {
    const url = `${baseUrl()}${path}`;
    const response: APIResponse =
      method === "POST" ? await context.request.post(url, { form, headers: { origin: baseUrl() }, maxRedirects: 0 }) : await context.request.get(url);
    read.push({ path: `${method} ${path}`, status: response.status(), body: await response.text() });
  }
  return read;
}

const USER_PAGES = [
  "/",
  "/dashboard",
  "/dashboard/profile",
  "/dashboard/pet-listings",
  "/dashboard/contest-submissions",
  "/create-pet-listing",
  "/login",
  "/_root.data",
  "/dashboard.data",
  "/dashboard/profile.data",
  "/dashboard/pet-listings.data",
  "/dashboard/contest-submissions.data",
  "/create-pet-listing.data",
  "/login.data",
  "/dashboard/data-export",
  // better-auth over HTTP: the token for other services (a JWT, not the session), the public keys,
  // and the session endpoints, which answer 404.
  "/api/auth/token",
  "/api/auth/jwks",
  "/.well-known/jwks.json",
  "/api/auth/get-session",
  "/api/auth/list-sessions",
  "/api/auth/session",
];

describe("session tokens", () => {
  it("are in no page, loader data, endpoint or action answer, and the cookie is HttpOnly", async () => {
    const { context } = await browser.context();
    const account = await signUpIn(context);
    // A second session of the same account (another device): listed on the profile, by id only.
    const other = await browser.context();
    await signIn(other.context, account.email, account.password);
    const mine = await sessionToken(context);
    const theirs = await sessionToken(other.context);
    expect(mine.httpOnly).toBe(true);
    expect(mine.token).not.toBe(theirs.token);
    expect(mine.token.length).toBeGreaterThan(16);

    const read = await bodies(context, [
      ...USER_PAGES.map((path) => ({ path })),
      // A sign-in answered as data (the new session's cookie is in the header only).
      { method: "POST", path: "/login.data", form: { intent: "signin", email: account.email, password: account.password } },
    ]);
    const profile = read.find((r) => r.path === "GET /dashboard/profile.data");
    expect(profile?.status).toBe(200);
    // The sessions list is there (each session named by its id).
    expect(profile?.body).toContain('"current"');
    expect(profile?.body).toContain('"device"');
    const latest = await sessionToken(context);
    read.push(
      ...(await bodies(context, [
        { path: "/dashboard/profile.data" },
        { method: "POST", path: "/dashboard/profile.data", form: { intent: "revoke-other-sessions" } },
      ])),
    );
    for (const { path, body } of read) {
      for (const secret of new Set([mine.token, theirs.token, latest.token, mine.value, theirs.value, latest.value])) {
        expect(body.includes(secret), `${path} carries a session token`).toBe(false);
      }
    }
    const token = read.find((r) => r.path === "GET /api/auth/token");
    expect(token?.status).toBe(200);
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/session"]) {
      expect(read.find((r) => r.path === `GET ${path}`)?.status, path).toBe(404);
    }
  });

  it("are in none of the back office's answers about users", async () => {
    const user = await browser.context();
    await signUpIn(user.context);
    const userToken = await sessionToken(user.context);
    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminToken = await sessionToken(admin.context);
    const read = await bodies(admin.context, [{ path: "/admin/users" }, { path: "/admin/users.data" }, { path: "/admin.data" }, { path: "/_root.data" }]);
    for (const { path, status, body } of read) {
      expect(status, path).toBe(200);
      for (const secret of [userToken.token, userToken.value, adminToken.token, adminToken.value]) {
        expect(body.includes(secret), `${path} carries a session token`).toBe(false);
      }
    }
  });
});
