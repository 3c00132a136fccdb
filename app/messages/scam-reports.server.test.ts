// The automatic report of a sender whose messages with scam signals reached many people in a day.
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { conversationMessages, conversations, listingReports, users } from "~/db/schema";
import { itDb } from "../../tests/db";
import { addMessage, createConversation, type TestConversation } from "../../tests/conversations";
import { createUserRow } from "../../tests/factories";
import { reportScamSenderIfDue } from "./scam-reports.server";

const SCAM = "Mandami la caparra con una ricarica PostePay e ti spedisco il cucciolo";

async function scammerWritingTo(people: number, senderId?: string) {
  const scammer = senderId ?? (await createUserRow({ name: "Truffatore Prova" })).id;
  const sent: { conversationId: string; messageId: string }[] = [];
  for (let i = 0; i < people; i++) {
    const conversation = await createConversation({ askerId: scammer });
    sent.push({ conversationId: conversation.id, messageId: await addMessage(conversation, scammer, SCAM, ["prepaid_card"]) });
  }
  return { scammer, sent };
}

const reportsAbout = (userId: string) =>
  db()
    .select({
      id: listingReports.id,
      subject: listingReports.subject,
      conversationId: listingReports.conversationId,
      listingId: listingReports.listingId,
      reporterName: listingReports.reporterName,
    })
    .from(listingReports)
    .where(and(eq(listingReports.reportedUserId, userId), eq(listingReports.automaticCheck, "scam_messages")));

describe("reportScamSenderIfDue", () => {
  itDb("4 people: no report; the 5th: one, about the latest conversation; more: still one", async () => {
    const { scammer, sent } = await scammerWritingTo(4);
    for (const message of sent) expect(await reportScamSenderIfDue(scammer, message.messageId)).toBe(false);
    expect(await reportsAbout(scammer)).toHaveLength(0);

    const fifth = await scammerWritingTo(1, scammer);
    expect(await reportScamSenderIfDue(scammer, fifth.sent[0]!.messageId)).toBe(true);
    const [report, ...others] = await reportsAbout(scammer);
    expect(others).toHaveLength(0);
    // The listing written about is the victim's: not named, so nobody suspends it with the report.
    expect(report).toMatchObject({ subject: "conversation", conversationId: fifth.sent[0]!.conversationId, listingId: null, reporterName: "Zampa (controllo automatico)" });

    const more = await scammerWritingTo(2, scammer);
    for (const message of more.sent) expect(await reportScamSenderIfDue(scammer, message.messageId)).toBe(false);
    expect(await reportsAbout(scammer)).toHaveLength(1);

    // Handled by the moderators, a new burst files a new one.
    await db().update(listingReports).set({ status: "reviewed" }).where(eq(listingReports.id, report!.id));
    const after = await scammerWritingTo(1, scammer);
    expect(await reportScamSenderIfDue(scammer, after.sent[0]!.messageId)).toBe(true);
    expect(await reportsAbout(scammer)).toHaveLength(2);
  });

  itDb("counts different people, in the last 24 hours, and only messages with signals", async () => {
    const scammer = (await createUserRow()).id;
    // Five messages to one person are one person.
    const one = await createConversation({ askerId: scammer });
    let last = "";
    for (let i = 0; i < 5; i++) last = await addMessage(one, scammer, SCAM, ["prepaid_card"]);
    expect(await reportScamSenderIfDue(scammer, last)).toBe(false);
    // Three more people yesterday (outside the window), one today without signals.
    const old = await scammerWritingTo(3, scammer);
    for (const { messageId } of old.sent) {
      await db().update(conversationMessages).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(conversationMessages.id, messageId));
    }
    const clean = await createConversation({ askerId: scammer });
    const plain = await addMessage(clean, scammer, "Ciao, è ancora disponibile?");
    expect(await reportScamSenderIfDue(scammer, plain)).toBe(false);
    const today = await scammerWritingTo(3, scammer);
    expect(await reportScamSenderIfDue(scammer, today.sent[2]!.messageId)).toBe(false);
    expect(await reportsAbout(scammer)).toHaveLength(0);
  });

  itDb("the threshold is the configuration's (SCAM_REPORT_RECIPIENTS)", async () => {
    const saved = config();
    setConfig({ ...saved, scamReportRecipients: 2 });
    try {
      const { scammer, sent } = await scammerWritingTo(2);
      expect(await reportScamSenderIfDue(scammer, sent[1]!.messageId)).toBe(true);
    } finally {
      setConfig(saved);
    }
  });

  itDb("a sender answering about their own (fake) listing: the report names that listing", async () => {
    const scammer = (await createUserRow()).id;
    let last: { id: string; listingId: string } | undefined;
    for (let i = 0; i < 5; i++) {
      const conversation = await createConversation({ ownerId: scammer });
      last = { id: await addMessage(conversation, scammer, SCAM, ["prepaid_card"]), listingId: conversation.listingId };
    }
    expect(await reportScamSenderIfDue(scammer, last!.id)).toBe(true);
    expect(await reportsAbout(scammer)).toMatchObject([{ listingId: last!.listingId }]);
  });

  itDb("a message id of another sender is not counted for this one", async () => {
    const { sent } = await scammerWritingTo(5);
    const stranger = (await createUserRow()).id;
    expect(await reportScamSenderIfDue(stranger, sent[4]!.messageId)).toBe(false);
  });
});

describe("several processes at once", () => {
  it("three checks of the same burst at the same moment file one report", async () => {
    const scammer = await createUserRow({ name: "Truffatore Concorrente" });
    const created: TestConversation[] = [];
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const conversation = await createConversation({ askerId: scammer.id });
        created.push(conversation);
        ids.push(await addMessage(conversation, scammer.id, SCAM, ["prepaid_card"]));
      }
      const filed = await Promise.all(ids.slice(2).map((id) => reportScamSenderIfDue(scammer.id, id)));
      expect(filed.filter(Boolean)).toHaveLength(1);
      expect(await reportsAbout(scammer.id)).toHaveLength(1);
    } finally {
      await db().delete(listingReports).where(eq(listingReports.reportedUserId, scammer.id));
      await db().delete(conversations).where(inArray(conversations.id, created.map((c) => c.id)));
      await db().delete(users).where(inArray(users.id, [scammer.id, ...created.map((c) => c.ownerId)]));
    }
  });
});
