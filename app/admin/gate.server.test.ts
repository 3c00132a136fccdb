// The back office's gate, run as React Router runs it (the admin layout's middleware, then the
// handler): who passes, and the shape of each refusal for a page, its `.data`, an action and a fetch.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { TWO_FACTOR_ENROL_PATH } from "~/accounts/two-factor.server";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { categories, sessions } from "~/db/schema";
import { action as categoriesAction } from "~/routes/admin/categories";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { outcomeOf, throughAdminGate } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { ADMIN_ACCESS_MESSAGES as M } from "./access.server";
import { adminActor } from "./gate.server";
import { permissionOf } from "./navigation";

const BASE = "http://localhost:3000";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: BASE };

/** The handler the gate guards here: it answers with the actor it was handed. */
const whoIsThere = ({ context }: { context: RouterContextProvider }) => ({ actor: adminActor(context) });

async function asks(who: TestAccount | null, url: string, init: RequestInit = {}) {
  let ran = false;
  const outcome = await outcomeOf(() =>
    throughAdminGate(
      (args: { context: RouterContextProvider }) => {
        ran = true;
        return whoIsThere(args);
      },
      { request: requestAs(who, url, init) },
    ),
  );
  return { ...outcome, ran };
}

async function withAdmin2fa<T>(run: () => Promise<T>): Promise<T> {
  const saved = config();
  setConfig({ ...saved, requireAdmin2fa: true });
  try {
    return await run();
  } finally {
    setConfig(saved);
  }
}

describe("the back office's gate", () => {
  itDb("hands an administrator to the loader or action through the context", async () => {
    const admin = await createAccount({ role: "admin", fullName: "Anna Admin" });
    const page = await asks(admin, `${BASE}/admin/users`);
    expect(page).toMatchObject({ status: 200, ran: true, data: { actor: { id: admin.id, role: "admin", fullName: "Anna Admin" } } });
    const post = await asks(admin, `${BASE}/admin/users.data`, { method: "POST", body: "intent=role", headers: FORM });
    expect(post).toMatchObject({ status: 200, ran: true });
  });

  itDb("sends a visitor's and a user's pages and page data to /login, with the way back to the page (decision 0092)", async () => {
    const user = await createAccount();
    const forged = { id: "", email: "", cookie: "better-auth.session_token=abc.def" };
    const pages = {
      [`${BASE}/admin`]: "/login?redirectTo=%2Fadmin",
      [`${BASE}/admin/categories.data?_routes=routes%2Fadmin%2Fcategories`]: "/login?redirectTo=%2Fadmin%2Fcategories",
      [`${BASE}/admin/seo/keywords?edit=new`]: "/login?redirectTo=%2Fadmin%2Fseo%2Fkeywords%3Fedit%3Dnew",
    };
    for (const who of [null, user, forged]) {
      for (const [url, location] of Object.entries(pages)) {
        expect(await asks(who, url, { headers: { accept: "text/html" } }), url).toMatchObject({ status: 302, location, ran: false });
      }
    }
  });

  itDb("answers a visitor's and a user's actions and fetches 401/403 with the message, running nothing", async () => {
    const user = await createAccount();
    const post = { method: "POST", body: "intent=create&name=X&slug=x", headers: FORM };
    expect(await asks(null, `${BASE}/admin/categories.data`, post)).toMatchObject({ status: 401, ran: false, data: { ok: false, error: M.mustSignIn } });
    expect(await asks(user, `${BASE}/admin/categories`, post)).toMatchObject({ status: 403, ran: false, data: { ok: false, error: M.adminOnly } });
    // The AI usage poll and the statistics' EventSource read JSON, not the login page.
    expect(await asks(null, `${BASE}/admin/ai/usage`, { headers: { accept: "application/json" } })).toMatchObject({ status: 401, ran: false, data: { ok: false } });
    expect(await asks(user, `${BASE}/admin/api-stats/events`, { headers: { accept: "text/event-stream" } })).toMatchObject({ status: 403, ran: false, data: { ok: false } });
  });

  itDb("answers a form posted with JavaScript (.data) as its action would, so the page keeps what was typed", async () => {
    const user = await createAccount();
    const post = { method: "POST", body: "intent=create&name=X&slug=x", headers: FORM };
    let answer: unknown;
    try {
      answer = await throughAdminGate(() => ({ ran: true }), { request: requestAs(user, `${BASE}/admin/categories.data`, post) });
    } catch (thrown) {
      answer = thrown;
    }
    // Returned, not thrown: React Router sends it as the action's answer, not as the route's error.
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(403);
    expect((answer as Response).headers.get("content-type")).toBe("text/x-script");
    expect(await asks(user, `${BASE}/admin/categories.data`, post)).toMatchObject({ status: 403, ran: false, data: { ok: false, error: M.adminOnly } });
  });

  itDb("REQUIRE_ADMIN_2FA: an administrator at aal1 is sent to enrol from a page, and refused an action with its message", async () => {
    const admin = await createAccount({ role: "admin" });
    await withAdmin2fa(async () => {
      for (const url of [`${BASE}/admin`, `${BASE}/admin/users.data`]) {
        expect(await asks(admin, url), url).toMatchObject({ status: 302, location: TWO_FACTOR_ENROL_PATH, ran: false });
      }
      const post = await asks(admin, `${BASE}/admin/users.data`, { method: "POST", body: `intent=role&id=${admin.id}&role=admin`, headers: FORM });
      expect(post).toMatchObject({ status: 403, ran: false, data: { ok: false, error: M.secondFactorRequired } });
      const fetch = await asks(admin, `${BASE}/admin/ai/usage`, { headers: { accept: "application/json" } });
      expect(fetch).toMatchObject({ status: 403, ran: false, data: { ok: false, error: M.secondFactorRequired } });
      // The same session once a second factor was checked (decision 0059): let through.
      await db().update(sessions).set({ aal: "aal2" }).where(eq(sessions.userId, admin.id));
      expect(await asks(admin, `${BASE}/admin/users`)).toMatchObject({ status: 200, ran: true });
    });
  });

  // The security probe's finding: the action used to read the user itself and never asked for the factor.
  itDb("REQUIRE_ADMIN_2FA: an administrator at aal1 cannot create a category", async () => {
    const admin = await createAccount({ role: "admin" });
    const body = new URLSearchParams({ intent: "create", name: "Rettili", slug: "rettili-gate", description: "x", icon: "" });
    const outcome = await withAdmin2fa(() =>
      outcomeOf(() => throughAdminGate(categoriesAction, { request: requestAs(admin, `${BASE}/admin/categories.data`, { method: "POST", body, headers: FORM }) })),
    );
    expect(outcome).toMatchObject({ status: 403, data: { ok: false, error: M.secondFactorRequired } });
    expect(await db().select().from(categories).where(eq(categories.slug, "rettili-gate"))).toEqual([]);
  });

  itDb("a loader or action outside the gate has no actor: it fails instead of running unchecked", async () => {
    expect(() => adminActor(new RouterContextProvider())).toThrow();
  });

  itDb("finds the permission of a route from its pattern", async () => {
    expect(permissionOf("/admin")).toBe("backoffice.enter");
    expect(permissionOf("/admin/*")).toBe("backoffice.enter");
    expect(permissionOf("/admin/users")).toBe("users.manage");
    expect(permissionOf("/admin/contests/:id/submissions")).toBe("contests.manage");
    expect(permissionOf("/admin/seo")).toBe("seo.keywords");
    expect(permissionOf("/admin/seo/keywords")).toBe("seo.keywords");
    expect(permissionOf("/admin/seo/sitemap")).toBe("seo.sitemap");
    expect(permissionOf("/admin/seo/redirects")).toBe("seo.settings");
    expect(permissionOf("/admin/ai/generate-article")).toBe("ai.use");
    expect(permissionOf("/admin/ai/editorial-plan")).toBe("editorialPlan.manage");
    expect(permissionOf("/admin/article-images")).toBe("articles.manage");
    expect(permissionOf("/admin/api-stats/events")).toBe("ai.stats");
    expect(permissionOf("/admin/usersx")).toBe("backoffice.enter");
    expect(permissionOf("/admin/registro")).toBe("audit.view");
    expect(permissionOf("/admin/registro.csv")).toBe("audit.view");
  });
});
