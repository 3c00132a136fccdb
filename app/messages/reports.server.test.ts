import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingReports } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { conversationBetween, person } from "../../tests/messages";
import { conversationView } from "./conversations.server";
import { MESSAGE_LIMITS, MESSAGE_TEXTS as M } from "./messages";
import { reportConversation } from "./reports.server";

const reportsOn = (conversationId: string) => db().select().from(listingReports).where(eq(listingReports.conversationId, conversationId));

describe("reportConversation", () => {
  itDb("files a pending report of the conversation, naming the other person, from the account's name and address", async () => {
    const { owner, asker, conversationId } = await conversationBetween();
    expect(await reportConversation(owner, conversationId, { reason: "fraud", description: " Chiede soldi " })).toEqual({ ok: true, message: M.reported });
    const [report] = await reportsOn(conversationId);
    expect(report).toMatchObject({
      subject: "conversation",
      conversationId,
      reportedUserId: asker.id,
      listingId: null,
      reporterUserId: owner.id,
      reporterName: owner.fullName,
      reporterEmail: owner.email,
      reason: "fraud",
      description: "Chiede soldi",
      status: "pending",
    });
    expect(await conversationView(owner, conversationId)).toMatchObject({ reportPending: true });
    // The text is optional.
    expect(await reportConversation(asker, conversationId, { reason: "spam" })).toMatchObject({ ok: true });
  });

  itDb("keeps one pending report per reporter and conversation", async () => {
    const { owner, conversationId } = await conversationBetween();
    await reportConversation(owner, conversationId, { reason: "fraud" });
    expect(await reportConversation(owner, conversationId, { reason: "spam" })).toEqual({ ok: false, status: 409, error: M.reportAlreadyPending });
    expect(await reportsOn(conversationId)).toHaveLength(1);
  });

  itDb("refuses a third person, the owner of another listing, a visitor and bad fields, nothing filed", async () => {
    const { owner, conversationId } = await conversationBetween();
    const third = await person("Terzo");
    const otherOwner = await person("Altro");
    await createListingRow(otherOwner.id);
    expect(await reportConversation(third, conversationId, { reason: "fraud" })).toEqual({ ok: false, status: 404, error: M.conversationNotFound });
    expect(await reportConversation(otherOwner, conversationId, { reason: "fraud" })).toMatchObject({ status: 404 });
    expect(await reportConversation(null, conversationId, { reason: "fraud" })).toMatchObject({ status: 401 });
    expect(await reportConversation(owner, conversationId, { reason: "nessuno" })).toEqual({ ok: false, status: 400, error: M.reportReasonRequired });
    expect(await reportConversation(owner, conversationId, { reason: "fraud", description: "x".repeat(MESSAGE_LIMITS.reportText + 1) })).toEqual({
      ok: false,
      status: 400,
      error: M.reportTooLong,
    });
    expect(await reportsOn(conversationId)).toEqual([]);
  });
});
