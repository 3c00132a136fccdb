// The seam to the live updates and the mail (events.server.ts, filled by another part): called once
// per stored message, after its transaction, with the right recipient; never for a refused message
// or a double submit. Only the seam is replaced here, to watch its calls; the database is real.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, vi } from "vitest";
import { db } from "~/db/client.server";
import { userBlocks } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { person } from "../../tests/messages";
import type { MessageSent } from "./events.server";
import { reply, writeToOwner } from "./sending.server";

const calls = vi.hoisted(() => [] as MessageSent[]);
vi.mock("./events.server", () => ({
  messageSent: async (event: MessageSent) => {
    calls.push(event);
  },
}));

beforeEach(() => {
  calls.length = 0;
});

describe("messageSent", () => {
  itDb("is told once per stored message, with the sender and the recipient", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    const first = await writeToOwner(asker, listing.id, { body: "Ciao" });
    if (!first.ok) throw new Error(first.error);
    expect(calls).toEqual([{ conversationId: first.conversationId, messageId: first.messageId, senderId: asker.id, recipientId: owner.id }]);
    const answer = await reply(owner, first.conversationId, { body: "Ciao a te" });
    if (!answer.ok) throw new Error(answer.error);
    expect(calls[1]).toEqual({ conversationId: first.conversationId, messageId: answer.messageId, senderId: owner.id, recipientId: asker.id });
    expect(calls).toHaveLength(2);
  });

  itDb("is not told of a double submit nor of a refused message", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    const first = await writeToOwner(asker, listing.id, { body: "Ciao" });
    if (!first.ok) throw new Error(first.error);
    expect(await writeToOwner(asker, listing.id, { body: "Ciao" })).toMatchObject({ ok: true, duplicate: true });
    expect(await reply(asker, first.conversationId, { body: "" })).toMatchObject({ ok: false, status: 400 });
    await db().insert(userBlocks).values({ blockerId: owner.id, blockedId: asker.id });
    expect(await reply(asker, first.conversationId, { body: "Perché?" })).toMatchObject({ ok: false, status: 403 });
    await db().delete(userBlocks).where(eq(userBlocks.blockerId, owner.id));
    expect(calls).toHaveLength(1);
  });
});
