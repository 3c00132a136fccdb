// The live news of conversations: ids only on the wire, delivered to the right people's streams,
// across processes through PostgreSQL's NOTIFY (two hubs with their own connections here; three
// real server processes in tests/browser/scale-out.test.ts), and the SSE route's refusals and
// clean-up.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { SseParser, type SseMessage } from "~/ai/sse";
import { getDatabase } from "~/db/client.server";
import { loader as eventsLoader } from "~/routes/messages/events";
import { createAccount, requestAs } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { conversationChanged, messageSent } from "./events.server";
import { decodeNews, encodeNews, LiveHub, liveHub, publish, type LiveEvent } from "./live.server";
import { EVENT_STREAM_HEADERS } from "~/lib/event-stream.server";
import { liveMessagesStream } from "./live-stream.server";

const A = "11111111-2222-4333-8444-555555555555";
const B = "66666666-7777-4888-8999-000000000000";
const C = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
const CONVERSATION = "12345678-1234-4234-8234-123456789012";

/** Reads a stream's events as they come, until `count` of them or the timeout. */
async function readEvents(response: Response, count: number, timeoutMs = 3_000): Promise<SseMessage[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  const events: SseMessage[] = [];
  const deadline = Date.now() + timeoutMs;
  try {
    while (events.length < count && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      events.push(...parser.push(chunk.value));
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  return events;
}

describe("the news on the wire", () => {
  it("carries ids only, and garbage is dropped", () => {
    const payload = encodeNews({ kind: "message", conversationId: CONVERSATION, userIds: [A, B, A, null, "not-an-id"] });
    expect(payload).toBe(`message|${CONVERSATION}|${A},${B}`);
    expect(decodeNews(payload)).toEqual({ kind: "message", conversationId: CONVERSATION, userIds: [A, B] });
    expect(decodeNews("message|x|y")).toBeNull();
    expect(decodeNews(`other|${CONVERSATION}|${A}`)).toBeNull();
    expect(decodeNews("")).toBeNull();
  });
});

describe("a hub", () => {
  it("delivers to the people named, and stops after unsubscribe", () => {
    const hub = new LiveHub();
    const heard: string[] = [];
    const stopA = hub.subscribe(A, (event) => heard.push(`a:${event.kind}`));
    hub.subscribe(B, (event) => heard.push(`b:${event.kind}`));
    hub.subscribe(C, () => {
      throw new Error("a broken listener does not stop the others");
    });
    hub.deliver({ kind: "message", conversationId: CONVERSATION, userIds: [A, C, B] });
    stopA();
    hub.deliver({ kind: "changed", conversationId: CONVERSATION, userIds: [A, B] });
    expect(heard).toEqual(["a:message", "b:message", "b:changed"]);
    expect(hub.subscriberCount()).toBe(2);
  });
});

describe("messageSent and conversationChanged", () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it("tell the recipient's and the sender's pages, nobody else's", async () => {
    const heard: [string, LiveEvent][] = [];
    for (const user of [A, B, C]) stops.push(liveHub.subscribe(user, (event) => heard.push([user, event])));
    // No such message: the mail and the scam check find nothing, the news goes all the same.
    await messageSent({ conversationId: CONVERSATION, messageId: C, senderId: A, recipientId: B });
    await conversationChanged({ conversationId: CONVERSATION, userIds: [B] });
    await expect.poll(() => heard.length).toBe(3);
    expect(heard).toEqual([
      [B, { kind: "message", conversationId: CONVERSATION }],
      [A, { kind: "message", conversationId: CONVERSATION }],
      [B, { kind: "changed", conversationId: CONVERSATION }],
    ]);
  });
});

describe("GET /dashboard/messaggi/eventi", () => {
  it("answers a visitor 401, without a stream", async () => {
    const response = (await eventsLoader({ request: requestAs(null, "http://localhost:3000/dashboard/messaggi/eventi") } as never)) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  itDb("streams a signed-in person's news, not another's, and lets go when the page goes", async () => {
    const person = await createAccount();
    const before = liveHub.subscriberCount();
    const abort = new AbortController();
    const request = new Request("http://localhost:3000/dashboard/messaggi/eventi", { headers: { cookie: person.cookie }, signal: abort.signal });
    const response = (await eventsLoader({ request } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(EVENT_STREAM_HEADERS["content-type"]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(liveHub.subscriberCount()).toBe(before + 1);
    const events = readEvents(response, 1);
    await publish({ kind: "message", conversationId: CONVERSATION, userIds: [A] });
    await publish({ kind: "message", conversationId: CONVERSATION, userIds: [person.id] });
    const [event] = await events;
    expect(event).toEqual({ event: "message", data: JSON.stringify({ conversationId: CONVERSATION }) });
    abort.abort();
    expect(liveHub.subscriberCount()).toBe(before);
  });

  it("sends keep-alive comments on a quiet stream", async () => {
    const abort = new AbortController();
    const response = liveMessagesStream(new Request("http://localhost/", { signal: abort.signal }), A, { heartbeatMs: 20, subscribe: () => () => {} });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes(": ping")) text += (await reader.read()).value ?? "";
    expect(text).toContain("retry: 3000");
    abort.abort();
    await reader.cancel();
  });
});

const databaseUrl = testDatabaseUrl();

describe.skipIf(!databaseUrl)("two processes on PostgreSQL", () => {
  it("a message notified through one process reaches the subscriber of the other, once, and not other people", async () => {
    expect(getDatabase().engine).toBe("postgres");
    // Two processes: each its hub and its own listening connection.
    const first = new LiveHub();
    const second = new LiveHub();
    await first.listen(databaseUrl!, "zampa-messages-test-1");
    await second.listen(databaseUrl!, "zampa-messages-test-2");
    try {
      const heardHere: LiveEvent[] = [];
      const heardThere: LiveEvent[] = [];
      const heardByOther: LiveEvent[] = [];
      second.subscribe(B, (event) => heardThere.push(event));
      second.subscribe(C, (event) => heardByOther.push(event));
      first.subscribe(A, (event) => heardHere.push(event));
      // Sent in the first process: NOTIFY on the pool, heard by both listening connections.
      await publish({ kind: "message", conversationId: CONVERSATION, userIds: [B, A] }, first);
      await expect.poll(() => heardThere.length, { timeout: 3_000 }).toBe(1);
      await expect.poll(() => heardHere.length, { timeout: 3_000 }).toBe(1);
      expect(heardThere[0]).toEqual({ kind: "message", conversationId: CONVERSATION });
      // Only once each, and nothing for a person not named.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardThere).toHaveLength(1);
      expect(heardByOther).toHaveLength(0);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it("a listening connection lost and back tells its subscribers to reload", async () => {
    const hub = new LiveHub();
    await hub.listen(databaseUrl!, "zampa-messages-test-lost");
    try {
      const heard: LiveEvent[] = [];
      hub.subscribe(A, (event) => heard.push(event));
      const { rows } = (await getDatabase().db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'zampa-messages-test-lost'`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toHaveLength(1);
      await expect.poll(() => heard.map((e) => e.kind), { timeout: 5_000 }).toEqual(["resync"]);
      // Listening again: news arrives.
      await publish({ kind: "changed", conversationId: CONVERSATION, userIds: [A] }, hub);
      await expect.poll(() => heard.map((e) => e.kind), { timeout: 3_000 }).toEqual(["resync", "changed"]);
    } finally {
      await hub.stop();
    }
  });
});
