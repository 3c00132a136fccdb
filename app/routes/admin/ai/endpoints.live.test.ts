// The AI endpoints over the real server functions and a fake OpenAI-compatible provider (real
// HTTP): an administrator's request streams its progress and ends with the answer; the provider's
// failure ends the stream with the Italian failure. Rows are committed (the queue) and removed after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_MESSAGES } from "~/ai/messages";
import { SseParser } from "~/ai/sse";
import { config, setConfig } from "~/config.server";
import { aiFixture, removeAiRows, type AiFixture } from "../../../../tests/ai";
import { createAccount, requestAs, type TestAccount } from "../../../../tests/accounts";
import { throughAdminGate } from "../../../../tests/admin-access";
import { action as generateArticle } from "./generate-article";
import { action as regenerateField } from "./regenerate-field";
import { loader as usage } from "./usage";

const BASE = "http://localhost:3000";
let fx: AiFixture;
let admin: TestAccount;
let restoreLimits: () => void;

beforeAll(async () => {
  fx = await aiFixture();
  // The default queue's 30 s spacing would make the second request wait.
  const before = config();
  setConfig({ ...before, ai: { ...before.ai, minIntervalSeconds: 0, perMinute: 1_000 } });
  restoreLimits = () => setConfig(before);
  admin = await createAccount({ role: "admin" });
});
afterAll(async () => {
  restoreLimits();
  await removeAiRows([admin.id]);
  await fx.cleanup();
});

const post = (path: string, body: unknown) =>
  requestAs(admin, `${BASE}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: BASE } });

async function events(response: Response) {
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  return new SseParser().push(await response.text()).map((m) => ({ event: m.event, data: JSON.parse(m.data) as Record<string, unknown> }));
}

describe("the AI endpoints with the real functions", () => {
  it("streams a generation's progress and ends with the article; the usage counts it", async () => {
    const before = (await (await throughAdminGate(usage, { request: requestAs(admin, `${BASE}/admin/ai/usage`), params: {} })).json()) as { used: number };
    const response = await throughAdminGate(generateArticle, { request: post("/admin/ai/generate-article", { topic: "il gatto anziano", category: fx.category.slug, keywords: ["gatto"], tone: "friendly", length: "short" }), params: {} });
    const received = await events(response);
    const stages = received.filter((e) => e.event === "progress").map((e) => e.data.stage);
    expect(stages).toContain("started");
    expect(stages).toContain("generating");
    const last = received.at(-1)!;
    expect(last.event).toBe("result");
    expect((last.data.data as { title: string }).title).toBe("Guida pratica: il gatto anziano");
    expect((last.data.data as { content: string }).content).not.toContain("<script");
    const after = (await (await throughAdminGate(usage, { request: requestAs(admin, `${BASE}/admin/ai/usage`), params: {} })).json()) as { used: number; configured: boolean };
    expect(after.configured).toBe(true);
    expect(after.used).toBe(before.used + 1);
  });

  it("answers bad input as JSON before any stream, and a failing provider as the failure event", async () => {
    const bad = await throughAdminGate(generateArticle, { request: post("/admin/ai/generate-article", { topic: "", category: fx.category.slug }), params: {} });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: AI_MESSAGES.topicAndCategoryRequired });

    fx.fake.set({ mode: "fail" });
    const failed = await throughAdminGate(regenerateField, { request: post("/admin/ai/regenerate-field", { field: "title", context: { title: "Il gatto", category: fx.category.slug, topic: "Gatti" } }), params: {} });
    // The response starts with the first progress: the provider is called while it streams.
    const received = await events(failed);
    fx.fake.reset();
    expect(received.at(-1)).toEqual({ event: "failure", data: { error: AI_MESSAGES.regenerateFieldError } });
  });
});
