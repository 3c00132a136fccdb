import { describe, expect, it } from "vitest";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { INPUT_MESSAGES } from "~/lib/input";
import { NETWORK_ERROR, readAiResponse } from "~/components/admin/use-ai-request";
import { createAccount, requestAs } from "../../tests/accounts";
import { throughAdminGate } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { AI_MESSAGES } from "./messages";
import { SseParser, sseEvent, type SseMessage } from "./sse";
import { aiEndpoint, invalidationStream, streamOutcome } from "./stream.server";
import type { AiCallHooks, AiOutcome, AiProgress } from "./types";

const URL = "http://localhost:3000/admin/ai/generate-article";

async function readEvents(response: Response): Promise<SseMessage[]> {
  const parser = new SseParser();
  const text = await response.text();
  return parser.push(text);
}

/** A server function driven by the test: it reports what it is told and answers when released. */
function controlled<T>() {
  let hooks!: AiCallHooks;
  let settle!: (outcome: AiOutcome<T>) => void;
  const run = (given: AiCallHooks) => {
    hooks = given;
    return new Promise<AiOutcome<T>>((resolve) => (settle = resolve));
  };
  return { run, hooks: () => hooks, settle: (o: AiOutcome<T>) => settle(o) };
}

describe("SseParser", () => {
  it("reads events split anywhere across chunks, skipping comments", () => {
    const wire = `: ping\n\n${sseEvent("progress", { stage: "started" })}${sseEvent("result", { data: "Titolo\nnuovo" })}`;
    for (let cut = 1; cut < wire.length; cut += 7) {
      const parser = new SseParser();
      const messages = [...parser.push(wire.slice(0, cut)), ...parser.push(wire.slice(cut))];
      expect(messages).toEqual([
        { event: "progress", data: JSON.stringify({ stage: "started" }) },
        { event: "result", data: JSON.stringify({ data: "Titolo\nnuovo" }) },
      ]);
    }
  });

  it("accepts CRLF line ends and multi-line data", () => {
    expect(new SseParser().push("event: x\r\ndata: a\r\ndata: b\r\n\r\n")).toEqual([{ event: "x", data: "a\nb" }]);
  });
});

describe("streamOutcome", () => {
  it("answers a refusal that comes before any progress as JSON with its status", async () => {
    const response = await streamOutcome(async () => ({ ok: false, status: 400, error: AI_MESSAGES.topicAndCategoryRequired }));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ error: AI_MESSAGES.topicAndCategoryRequired });

    const limited = await streamOutcome(async () => ({ ok: false, status: 429, error: AI_MESSAGES.dailyLimitReached(200, 200), dailyLimit: true }));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: "Limite giornaliero raggiunto (200/200). Riprova domani.", dailyLimit: true });
  });

  it("streams the progress in order, then the result", async () => {
    const fn = controlled<{ title: string }>();
    const pending = streamOutcome(fn.run);
    const queued: AiProgress = { stage: "queued", position: 2, waitSeconds: 45 };
    fn.hooks().onProgress!(queued);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    fn.hooks().onProgress!({ stage: "started" });
    fn.hooks().onProgress!({ stage: "generating", characters: 120, percent: 40 });
    fn.settle({ ok: true, data: { title: "Il gatto e la pappa" } });
    const events = await readEvents(response);
    expect(events.map((e) => [e.event, JSON.parse(e.data)])).toEqual([
      ["progress", queued],
      ["progress", { stage: "started" }],
      ["progress", { stage: "generating", characters: 120, percent: 40 }],
      ["result", { data: { title: "Il gatto e la pappa" } }],
    ]);
  });

  it("ends a stream that started with a failure event, dailyLimit included", async () => {
    const fn = controlled<string>();
    const pending = streamOutcome(fn.run);
    fn.hooks().onProgress!({ stage: "started" });
    const response = await pending;
    fn.settle({ ok: false, status: 502, error: AI_MESSAGES.providerUnreachable });
    const events = await readEvents(response);
    expect(events.at(-1)).toEqual({ event: "failure", data: JSON.stringify({ error: AI_MESSAGES.providerUnreachable }) });
  });

  it("streams a result that came at once", async () => {
    const response = await streamOutcome(async () => ({ ok: true, data: ["a"] }));
    expect((await readEvents(response)).map((e) => e.event)).toEqual(["result"]);
  });

  it("a function that throws is answered 500 with the provider's message", async () => {
    const response = await streamOutcome(async () => {
      throw new Error("boom");
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: AI_MESSAGES.providerUnreachable });
  });

  it("aborts the function's signal when the browser goes (request aborted, or the body cancelled)", async () => {
    const browser = new AbortController();
    const first = controlled<string>();
    const pending = streamOutcome(first.run, browser.signal);
    first.hooks().onProgress!({ stage: "queued", position: 1, waitSeconds: 30 });
    await pending;
    expect(first.hooks().signal!.aborted).toBe(false);
    browser.abort();
    expect(first.hooks().signal!.aborted).toBe(true);
    first.settle({ ok: false, status: 499, error: "interrotta" });

    const second = controlled<string>();
    const response = streamOutcome(second.run);
    second.hooks().onProgress!({ stage: "started" });
    await (await response).body!.cancel();
    expect(second.hooks().signal!.aborted).toBe(true);
    second.settle({ ok: false, status: 499, error: "interrotta" });
  });
});

describe("the screens' reader (useAiRequest) on what the module sends", () => {
  it("hears each progress and gets the data", async () => {
    const fn = controlled<string>();
    const pending = streamOutcome(fn.run);
    fn.hooks().onProgress!({ stage: "queued", position: 1, waitSeconds: 12 });
    const response = await pending;
    const heard: AiProgress[] = [];
    const reading = readAiResponse<string>(response, (progress) => heard.push(progress));
    fn.hooks().onProgress!({ stage: "started" });
    fn.settle({ ok: true, data: "Un titolo nuovo" });
    expect(await reading).toEqual({ ok: true, data: "Un titolo nuovo" });
    expect(heard).toEqual([{ stage: "queued", position: 1, waitSeconds: 12 }, { stage: "started" }]);
  });

  it("reads a JSON refusal and a failure event, with the daily limit flag", async () => {
    const refused = await streamOutcome(async () => ({ ok: false, status: 429, error: "limite", dailyLimit: true }));
    expect(await readAiResponse(refused, () => {})).toEqual({ ok: false, error: { message: "limite", dailyLimit: true } });
    const fn = controlled<string>();
    const pending = streamOutcome(fn.run);
    fn.hooks().onProgress!({ stage: "started" });
    const response = await pending;
    fn.settle({ ok: false, status: 502, error: AI_MESSAGES.invalidAnswer });
    expect(await readAiResponse(response, () => {})).toEqual({ ok: false, error: { message: AI_MESSAGES.invalidAnswer, dailyLimit: false } });
  });

  it("a stream cut before its answer, or an unreadable body, is a network error", async () => {
    const cut = new Response(sseEvent("progress", { stage: "started" }), { headers: { "content-type": "text/event-stream" } });
    expect(await readAiResponse(cut, () => {})).toEqual({ ok: false, error: { message: NETWORK_ERROR, dailyLimit: false } });
    const html = new Response("<html>errore</html>", { status: 502, headers: { "content-type": "text/html" } });
    expect(await readAiResponse(html, () => {})).toEqual({ ok: false, error: { message: NETWORK_ERROR, dailyLimit: false } });
  });
});

describe("aiEndpoint", () => {
  const echo = async (_actor: unknown, input: unknown): Promise<AiOutcome<unknown>> => ({ ok: true, data: input });
  const post = (body: string, type = "application/json") => ({ method: "POST", body, headers: { "content-type": type, origin: "http://localhost:3000" } });

  itDb("refuses a body that is not JSON (400) and passes the parsed body to the function", async () => {
    const admin = await createAccount({ role: "admin" });
    for (const [body, type] of [["{rotto", "application/json"], ["topic=x", "application/x-www-form-urlencoded"], ['{"a":"\\u0000"}', "application/json"]] as const) {
      const refused = await throughAdminGate((args) => aiEndpoint(args, echo), { request: requestAs(admin, URL, post(body, type)) });
      expect(refused.status, body).toBe(400);
      expect(await refused.json()).toEqual({ error: INPUT_MESSAGES.badForm });
    }
    const ok = await throughAdminGate((args) => aiEndpoint(args, echo), { request: requestAs(admin, URL, post(JSON.stringify({ topic: "Gatti" }))) });
    expect(await readEvents(ok)).toEqual([{ event: "result", data: JSON.stringify({ data: { topic: "Gatti" } }) }]);
  });

  itDb("passes the administrator to the function", async () => {
    const admin = await createAccount({ role: "admin" });
    const who = await throughAdminGate((args) => aiEndpoint(args, async (actor) => ({ ok: true, data: actor?.id })), { request: requestAs(admin, URL, post("{}")) });
    expect(JSON.parse((await readEvents(who))[0]!.data)).toEqual({ data: admin.id });
  });
});

describe("invalidationStream", () => {
  itDb("sends an event for each invalidation of the ai-usage tag only, and lets go when the client leaves", async () => {
    const browser = new AbortController();
    const response = invalidationStream(new Request("http://localhost:3000/admin/api-stats/events", { signal: browser.signal }));
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const parser = new SseParser();
    const next = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return null;
        const messages = parser.push(value);
        if (messages.length > 0) return messages;
      }
    };
    await invalidate(CACHE_TAGS.articles);
    await invalidate(CACHE_TAGS.aiUsage);
    const messages = await next();
    expect(messages).toEqual([{ event: "invalidated", data: JSON.stringify({ tags: [CACHE_TAGS.aiUsage] }) }]);
    browser.abort();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    // the listener is gone: invalidating again writes into nothing and throws nothing
    await invalidate(CACHE_TAGS.aiUsage);
  });
});
