// The conversations' routes as a form posted without JavaScript reaches them (decision 0090): the
// write route's answers (sign-in, redirect, 429 with Retry-After, the text kept), the conversation
// page refused to anyone but its two people, the reader's warning, links left as text, the inbox.
import { afterEach, describe, expect } from "vitest";
import { config, setConfig } from "~/config.server";
import { loader as rootLoader } from "~/root";
import Conversation, { action as conversationAction, loader as conversationLoader } from "~/routes/dashboard/conversation";
import Messages, { loader as inboxLoader } from "~/routes/dashboard/messages";
import { action as writeAction } from "~/routes/messages/write";
import { MESSAGE_TEXTS as M } from "~/messages/messages";
import { SCAM_WARNING } from "~/messages/scam-signals";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { createListingRow } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const BASE = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {}, url: new URL(request.url) }) as never;
const postTo = (url: string, account: TestAccount | null, fields: Record<string, string>) =>
  requestAs(account, `${BASE}${url}`, { method: "POST", body: new URLSearchParams(fields), headers: FORM });
const write = (account: TestAccount | null, listingId: string, body: string) =>
  outcomeOf(() => writeAction(args(postTo(`/pet-listing/${listingId}/scrivi`, account, { body }), { id: listingId })));
const open = (account: TestAccount, id: string) =>
  outcomeOf(() => conversationLoader(args(requestAs(account, `${BASE}/dashboard/messaggi/${id}`), { id })));
const act = (account: TestAccount, id: string, fields: Record<string, string>) =>
  outcomeOf(() => conversationAction(args(postTo(`/dashboard/messaggi/${id}`, account, fields), { id })));

const original = config();
afterEach(() => setConfig(original));

async function started(text: string) {
  const owner = await createAccount({ fullName: "Mario Rossi", verified: true });
  const asker = await createAccount({ fullName: "Giulia Bianchi", verified: true });
  const listing = await createListingRow(owner.id);
  const sent = await write(asker, listing.id, text);
  expect(sent.status).toBe(302);
  const id = sent.location!.split("/").pop()!;
  return { owner, asker, listing, id };
}

describe("the write route", () => {
  itDb("sends a signed-in person to the conversation, a visitor nowhere, and keeps a refused text", async () => {
    const { asker, listing, id } = await started("Ciao, è disponibile?");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await write(null, listing.id, "Ciao")).toMatchObject({ status: 401, data: { error: M.mustSignIn, body: "Ciao" } });
    const long = "z".repeat(2_001);
    expect(await write(asker, listing.id, long)).toMatchObject({ status: 400, data: { error: M.bodyTooLong, body: long } });
  });

  itDb("answers 429 with Retry-After past the messages per minute", async () => {
    setConfig({ ...original, messaging: { ...original.messaging, messagesPerMinute: 1 } });
    const { asker, listing } = await started("Primo");
    const refused = (await writeAction(args(postTo(`/pet-listing/${listing.id}/scrivi`, asker, { body: "Secondo" }), { id: listing.id }))) as unknown as {
      data: { error: string; body: string };
      init: { status: number; headers: Record<string, string> };
    };
    expect(refused.init.status).toBe(429);
    expect(Number(refused.init.headers["Retry-After"])).toBeGreaterThan(0);
    expect(refused.data.body).toBe("Secondo");
  });
});

describe("the conversation page", () => {
  itDb("is not found for a third person; its reader sees the warning and links as text; the header's count follows", async () => {
    const { owner, asker, id } = await started("Paga su https://wa.me/447700900123 con Western Union");
    const third = await createAccount({ verified: true });
    expect(await open(third, id)).toMatchObject({ status: 404 });
    expect(await act(third, id, { intent: "reply", body: "Ciao" })).toMatchObject({ status: 404 });
    expect(await act(third, id, { intent: "block" })).toMatchObject({ status: 404 });

    const unread = async (account: TestAccount) =>
      ((await rootLoader(args(requestAs(account, `${BASE}/`)))) as { user: { unreadMessages: number } }).user.unreadMessages;
    expect(await unread(owner)).toBe(1);
    const loaded = await open(owner, id);
    expect(loaded).toMatchObject({ status: 200, data: { cleared: 1 } });
    expect(await unread(owner)).toBe(0);
    const html = renderPage(Conversation, loaded.data, `/dashboard/messaggi/${id}`, "/dashboard/messaggi/:id");
    expect(html).toContain(SCAM_WARNING.replace("'", "&#x27;"));
    expect(html).toContain("https://wa.me/447700900123");
    expect(html).not.toMatch(/<a[^>]*wa\.me/);
    expect(html).toContain("Conversazione con <span class=\"font-semibold\">Giulia</span>");
    // The sender is not warned about the own message.
    const senders = renderPage(Conversation, (await open(asker, id)).data, `/dashboard/messaggi/${id}`, "/dashboard/messaggi/:id");
    expect(senders).not.toContain("non inviare denaro");
  });

  itDb("keeps a refused reply's text and answers with its status; the inbox lists the conversation", async () => {
    const { owner, id, listing } = await started("Ciao");
    expect(await act(owner, id, { intent: "reply", body: "   " })).toMatchObject({ status: 400, data: { intent: "reply", error: M.bodyRequired, body: "   " } });
    expect(await act(owner, id, { intent: "reply", body: "Sì, vieni pure" })).toMatchObject({ status: 200, data: { ok: true, message: M.sent } });
    expect(await act(owner, id, { intent: "nulla" })).toMatchObject({ status: 400, data: { error: M.badIntent } });
    const inbox = await outcomeOf(() => inboxLoader(args(requestAs(owner, `${BASE}/dashboard/messaggi`))));
    const html = renderPage(Messages, inbox.data, "/dashboard/messaggi");
    expect(html).toContain(listing.title);
    expect(html).toContain("Tu: Sì, vieni pure");
    expect(html).toContain(`href="/dashboard/messaggi/${id}"`);
  });
});
