// What follows a message (events.server.ts) runs once per stored message, after its transaction,
// for the right two people; never for a refused message or a double submit. Watched through this
// process's live hub, which is where the news arrives when no PostgreSQL listener is started.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { userBlocks } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { person } from "../../tests/messages";
import { subscribe } from "./live.server";
import { reply, writeToOwner } from "./sending.server";

/** The news of new messages each person's open pages were given: "<person> <conversation>". */
const calls: string[] = [];
const stops: (() => void)[] = [];
function watch(...people: { id: string }[]) {
  for (const p of people) stops.push(subscribe(p.id, (event) => event.kind === "message" && calls.push(`${p.id} ${event.conversationId}`)));
}

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe("messageSent", () => {
  itDb("is told once per stored message, with the sender and the recipient", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    watch(owner, asker);
    const first = await writeToOwner(asker, listing.id, { body: "Ciao" });
    if (!first.ok) throw new Error(first.error);
    expect(calls.sort()).toEqual([`${asker.id} ${first.conversationId}`, `${owner.id} ${first.conversationId}`].sort());
    const answer = await reply(owner, first.conversationId, { body: "Ciao a te" });
    if (!answer.ok) throw new Error(answer.error);
    expect(calls).toHaveLength(4);
  });

  itDb("is not told of a double submit nor of a refused message", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    watch(owner);
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
