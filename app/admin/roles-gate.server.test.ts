// Every route under /admin, for every role: the gate lets through exactly the roles whose set holds
// the route's permission (decision 0107), for the page, its `.data` and an action; a refused
// request never reaches the loader or action, so it changes nothing.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type RouterContextProvider } from "react-router";
import { describe, expect } from "vitest";
import { can, isStaff, type Role } from "~/accounts/permissions";
import routeConfig from "~/routes";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { outcomeOf, throughAdminGate } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { ADMIN_ACCESS_MESSAGES as M } from "./access-messages";
import { adminActor } from "./gate.server";
import { permissionOf } from "./navigation";

const BASE = "http://localhost:3000";
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: BASE };
const SOME_ID = "00000000-0000-4000-8000-00000000abcd";

/** The admin routes' patterns, as React Router hands them to the middleware. */
function adminPatterns(): string[] {
  const patterns: string[] = [];
  const walk = (entries: RouteConfigEntry[], base: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
      if (!entry.children?.length && path.startsWith("/admin")) patterns.push(path);
      walk(entry.children ?? [], path);
    }
  };
  walk(routeConfig, "");
  return [...new Set(patterns)];
}

function urlOf(pattern: string): string {
  return `${BASE}${pattern.replace(/:[a-z]+/gi, SOME_ID).replace("/*", "/sconosciuta")}`;
}

async function attempt(who: TestAccount, pattern: string, init: RequestInit & { data?: boolean } = {}) {
  let ran = false;
  const url = urlOf(pattern);
  const target = init.data ? `${url.replace(/\/$/, "")}.data` : url;
  const outcome = await outcomeOf(() =>
    throughAdminGate(
      ({ context }: { context: RouterContextProvider }) => {
        ran = true;
        return { role: adminActor(context).role };
      },
      { request: requestAs(who, target, init), url: Object.assign(new URL(target), { pathname: pattern }) },
    ),
  );
  return { ...outcome, ran };
}

describe("the gate, route by route and role by role", () => {
  itDb("lets through exactly the roles that hold each area's permission, for pages, their data and actions", async () => {
    const patterns = adminPatterns();
    // The sidebar's sections, the SEO tabs, the AI endpoints, image upload and the not-found page.
    expect(patterns.length).toBeGreaterThan(30);
    const accounts = Object.fromEntries(
      await Promise.all((["editor", "moderator", "admin"] as const).map(async (role) => [role, await createAccount({ role })] as const)),
    ) as Record<Exclude<Role, "user">, TestAccount>;
    for (const pattern of patterns) {
      const permission = permissionOf(pattern);
      for (const [role, account] of Object.entries(accounts) as [Role, TestAccount][]) {
        const allowed = can(role, permission);
        const page = await attempt(account, pattern);
        const data = await attempt(account, pattern, { data: true });
        const post = await attempt(account, pattern, { method: "POST", body: "intent=x", headers: FORM });
        for (const [kind, outcome] of [["page", page], ["data", data], ["action", post]] as const) {
          const where = `${role} ${kind} ${pattern} (${permission})`;
          expect(outcome.ran, where).toBe(allowed);
          if (!allowed) {
            expect(outcome.status, where).toBe(403);
            expect(JSON.stringify(outcome.data), where).toContain(M.notPermitted);
          }
        }
      }
    }
  });

  itDb("still sends a plain user to sign in, not to a 'your role' page", async () => {
    const user = await createAccount();
    const page = await attempt(user, "/admin/articles");
    expect(page).toMatchObject({ ran: false, status: 302 });
    expect(page.location).toMatch(/^\/login/);
    expect(isStaff("user")).toBe(false);
  });
});
