import { describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { partners } from "~/db/schema";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createArticle } from "../../tests/factories";
import { ADMIN_ACCESS_MESSAGES as M } from "./access.server";
import { dashboardCounters } from "./dashboard.server";

const as = (account: { id: string; email: string }, role: CurrentUser["role"]): CurrentUser => ({ id: account.id, email: account.email, fullName: "Prova", role });

describe("the dashboard's counters", () => {
  itDb("are refused to visitors and to users who are not admins", async () => {
    const user = await createAccount();
    expect(await dashboardCounters(null)).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await dashboardCounters(as(user, "user"))).toEqual({ ok: false, status: 403, error: M.adminOnly });
  });

  itDb("count articles by state, accounts, active partners and the views of every article", async () => {
    const admin = as(await createAccount({ role: "admin" }), "admin");
    const before = await dashboardCounters(admin);
    if (!before.ok) throw new Error(before.error);

    await createArticle({ status: "published", views: 40 });
    await createArticle({ status: "draft", publishedAt: null, views: 2 });
    await createArticle({ status: "draft", publishedAt: null, isScheduled: true, scheduledPublishDate: new Date(Date.now() + 3_600_000) });
    await createArticle({ status: "archived", publishedAt: null });
    await createAccount();
    await db().insert(partners).values([
      { name: "Attivo", logoUrl: "https://example.it/a.png", isActive: true },
      { name: "Spento", logoUrl: "https://example.it/b.png", isActive: false },
    ]);

    const after = await dashboardCounters(admin);
    if (!after.ok) throw new Error(after.error);
    expect(after.counters).toEqual({
      totalArticles: before.counters.totalArticles! + 4,
      publishedArticles: before.counters.publishedArticles! + 1,
      registeredUsers: before.counters.registeredUsers! + 1,
      activePartners: before.counters.activePartners! + 1,
      totalViews: before.counters.totalViews! + 42,
      scheduledArticles: before.counters.scheduledArticles! + 1,
    });
  });

  itDb("show only the counters of the areas the role may open (decision 0111)", async () => {
    const editor = await dashboardCounters(as(await createAccount(), "editor"));
    if (!editor.ok) throw new Error(editor.error);
    expect(Object.keys(editor.counters).sort()).toEqual(["publishedArticles", "scheduledArticles", "totalArticles", "totalViews"]);
    // A moderator holds none of the six: nothing is asked.
    expect(await dashboardCounters(as(await createAccount(), "moderator"))).toEqual({ ok: true, counters: {} });
  });
});
