// The AI endpoints and the two AI pages' loaders and actions: visitors and users are refused
// before anything runs; administrators get the usage, the statistics and the plan's save.
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { AI_MESSAGES } from "~/ai/messages";
import { db } from "~/db/client.server";
import { articles } from "~/db/schema";
import { config } from "~/config.server";
import { createAccount, requestAs } from "../../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../../tests/admin-access";
import { itDb } from "../../../../tests/db";
import { action as generateArticle, loader as generateArticleGet } from "./generate-article";
import { action as regenerateField } from "./regenerate-field";
import { action as editorialPlanEndpoint } from "./editorial-plan";
import { loader as usage } from "./usage";
import { loader as statsLoader } from "../api-stats";
import { loader as statsEvents } from "../api-stats.events";
import { action as planAction, loader as planLoader } from "../editorial-plan";

const BASE = "http://localhost:3000";
const json = (body: unknown) => () => JSON.stringify(body);
const JSON_HEADERS = { "content-type": "application/json", origin: BASE };
const articleCount = async () => (await db().select({ id: articles.id }).from(articles)).length;

describe("POST /admin/ai/*", () => {
  const endpoints = [
    ["generate-article", generateArticle, { topic: "Gatti", category: "gatti", keywords: [], tone: "informative", length: "medium" }],
    ["regenerate-field", regenerateField, { field: "title", context: { title: "T", category: "gatti", topic: "Gatti" } }],
    ["editorial-plan", editorialPlanEndpoint, { categories: ["gatti"], articlesPerWeek: 3, weeks: 4, startDate: "2099-01-01", focusTopics: "" }],
  ] as const;

  for (const [name, action, body] of endpoints) {
    itDb(`${name}: refuses a visitor (401), a user and an administrator without the required second factor (403), as JSON`, async () => {
      await expectAdminOnly({ call: (request) => throughAdminGate(action, { request }), url: `${BASE}/admin/ai/${name}`, method: "POST", body: json(body), headers: JSON_HEADERS, state: articleCount });
      const visitor = await outcomeOf(() => throughAdminGate(action, { request: requestAs(null, `${BASE}/admin/ai/${name}`, { method: "POST", body: JSON.stringify(body), headers: JSON_HEADERS }) }));
      expect(visitor).toMatchObject({ status: 401, data: { ok: false, error: ADMIN_ACCESS_MESSAGES.mustSignIn } });
    });
  }

  itDb("answers a GET with 405 and runs nothing", async () => {
    const outcome = await outcomeOf(() => generateArticleGet());
    expect(outcome.status).toBe(405);
  });

  itDb("answers an administrator's unreadable body with 400 JSON", async () => {
    const admin = await createAccount({ role: "admin" });
    const outcome = await outcomeOf(() => throughAdminGate(generateArticle, { request: requestAs(admin, `${BASE}/admin/ai/generate-article`, { method: "POST", body: "{", headers: JSON_HEADERS }) }));
    expect(outcome.status).toBe(400);
    expect((outcome.data as { error: string }).error).toMatch(/non è leggibile/);
  });
});

describe("GET /admin/ai/usage", () => {
  itDb("refuses visitors and users, gives an administrator the day's usage", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(usage, { request }), url: `${BASE}/admin/ai/usage` });
    const admin = await createAccount({ role: "admin" });
    const outcome = await outcomeOf(() => throughAdminGate(usage, { request: requestAs(admin, `${BASE}/admin/ai/usage`) }));
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ limit: config().ai.dailyLimit, configured: config().ai.baseUrl !== undefined });
  });
});

describe("/admin/api-stats", () => {
  itDb("refuses visitors and users (page and events)", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(statsLoader, { request }), url: `${BASE}/admin/api-stats?days=7` });
    await expectAdminOnly({ call: (request) => throughAdminGate(statsEvents, { request }), url: `${BASE}/admin/api-stats/events` });
  });

  itDb("gives an administrator the period asked for (7, 30, 90; anything else 30) and opens the events", async () => {
    const admin = await createAccount({ role: "admin" });
    for (const [query, days] of [["?days=7", 7], ["?days=90", 90], ["", 30], ["?days=12", 30], ["?days=abc", 30]] as const) {
      const outcome = await outcomeOf(() => throughAdminGate(statsLoader, { request: requestAs(admin, `${BASE}/admin/api-stats${query}`) }));
      expect((outcome.data as { stats: { days: number } }).stats.days, query).toBe(days);
    }
    const browser = new AbortController();
    const events = (await throughAdminGate(statsEvents, { request: requestAs(admin, `${BASE}/admin/api-stats/events`, { signal: browser.signal }) })) as Response;
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    browser.abort();
    await events.body!.cancel();
  });
});

describe("/admin/editorial-plan", () => {
  const item = { title: "Il primo bagnetto del cucciolo", topic: "Igiene", category: "cani", date: "2099-01-05T09:00:00.000Z" };

  itDb("refuses visitors and users: the page and the save, nothing created", async () => {
    await expectAdminOnly({ call: (request) => throughAdminGate(planLoader, { request }), url: `${BASE}/admin/editorial-plan` });
    await expectAdminOnly({
      call: (request) => throughAdminGate(planAction, { request }),
      url: `${BASE}/admin/editorial-plan`,
      method: "POST",
      body: () => new URLSearchParams({ intent: "save", items: JSON.stringify([item]) }),
      headers: { origin: BASE },
      state: articleCount,
    });
  });

  itDb("gives an administrator the categories with their slugs and today's date", async () => {
    const admin = await createAccount({ role: "admin" });
    const outcome = await outcomeOf(() => throughAdminGate(planLoader, { request: requestAs(admin, `${BASE}/admin/editorial-plan`) }));
    const loaded = outcome.data as { categories: { slug: string }[]; today: string; usage: { limit: number } };
    expect(loaded.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(loaded.usage.limit).toBe(config().ai.dailyLimit);
    for (const category of loaded.categories) expect(category.slug).toMatch(/^[a-z0-9-]+$/);
  });

  itDb("refuses a save without a plan or with an unknown intent, nothing created", async () => {
    const admin = await createAccount({ role: "admin" });
    const before = await articleCount();
    const post = (fields: Record<string, string>) =>
      outcomeOf(() => throughAdminGate(planAction, { request: requestAs(admin, `${BASE}/admin/editorial-plan`, { method: "POST", body: new URLSearchParams(fields), headers: { origin: BASE } }) }));
    for (const items of ["", "[]", "{", '{"title":"x"}']) expect(await post({ intent: "save", items }), items).toMatchObject({ status: 400, data: { error: AI_MESSAGES.planRequired } });
    expect((await post({ intent: "delete" })).status).toBe(400);
    expect(await articleCount()).toBe(before);
  });
});
