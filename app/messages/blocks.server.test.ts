import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { userBlocks } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { conversationBetween, person } from "../../tests/messages";
import { blocksBetween, setBlock } from "./blocks.server";
import { conversationView } from "./conversations.server";
import { MESSAGE_TEXTS as M } from "./messages";
import { reply, writeToOwner } from "./sending.server";

async function blockRows(blocker: string, blocked: string) {
  return db()
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
}

describe("setBlock", () => {
  itDb("stops the blocked person's messages to the blocker, on every listing, until unblocked", async () => {
    const { owner, asker, conversationId } = await conversationBetween();
    expect(await setBlock(owner, conversationId, true)).toEqual({ ok: true, message: M.blocked });
    expect(await setBlock(owner, conversationId, true)).toEqual({ ok: true, message: M.blocked });
    expect(await blockRows(owner.id, asker.id)).toHaveLength(1);
    expect(await blocksBetween(owner.id, asker.id)).toEqual({ byMe: true, byOther: false });
    expect(await blocksBetween(asker.id, owner.id)).toEqual({ byMe: false, byOther: true });

    expect(await reply(asker, conversationId, { body: "Perché?" })).toEqual({ ok: false, status: 403, error: M.blockedByOther });
    const another = await createListingRow(owner.id);
    expect(await writeToOwner(asker, another.id, { body: "Ciao" })).toEqual({ ok: false, status: 403, error: M.blockedByOther });
    expect(await conversationView(owner, conversationId)).toMatchObject({ blockedByMe: true, cannotReply: M.blockedByYou });
    expect(await conversationView(asker, conversationId)).toMatchObject({ blockedByOther: true, cannotReply: M.blockedByOther });

    expect(await setBlock(owner, conversationId, false)).toEqual({ ok: true, message: M.unblocked });
    expect(await blockRows(owner.id, asker.id)).toHaveLength(0);
    expect(await reply(asker, conversationId, { body: "Grazie" })).toMatchObject({ ok: true });
  });

  itDb("refuses a third person, a visitor and the owner of another listing, and blocks nobody", async () => {
    const { owner, asker, conversationId } = await conversationBetween();
    const third = await person("Terzo");
    const otherOwner = await person("Altro");
    await createListingRow(otherOwner.id);
    expect(await setBlock(third, conversationId, true)).toEqual({ ok: false, status: 404, error: M.conversationNotFound });
    expect(await setBlock(otherOwner, conversationId, true)).toEqual({ ok: false, status: 404, error: M.conversationNotFound });
    expect(await setBlock(null, conversationId, true)).toMatchObject({ ok: false, status: 401 });
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockedId, asker.id))).toEqual([]);
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockedId, owner.id))).toEqual([]);
  });

  itDb("lets nobody unblock another person's block", async () => {
    const { owner, asker, conversationId } = await conversationBetween();
    await setBlock(owner, conversationId, true);
    // The blocked person's "Sblocca" removes only a block of their own: the owner's stays.
    expect(await setBlock(asker, conversationId, false)).toMatchObject({ ok: true });
    expect(await blockRows(owner.id, asker.id)).toHaveLength(1);
  });
});
