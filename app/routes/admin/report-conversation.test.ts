// /admin/reports/:id/conversazione and the conversation reports in /admin/reports: moderators read
// a reported conversation, with each message's scam signals, and no other conversation.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { conversations, listingReports } from "~/db/schema";
import { CONVERSATION_MODERATION_MESSAGES as M, countScamMessages } from "~/messages/moderation.server";
import AdminReports, { loader as reportsLoader } from "~/routes/admin/reports";
import ReportConversation, { loader } from "~/routes/admin/report-conversation";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { addMessage, createConversation, reportConversation } from "../../../tests/conversations";
import { itDb } from "../../../tests/db";
import { createUserRow } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";

const url = (id: string) => `http://localhost:3000/admin/reports/${id}/conversazione`;
const callLoader = (request: Request, id: string) => throughAdminGate(loader, { request, url: new URL(request.url), params: { id } });
const MARKUP = "<script>alert(1)</script> scrivimi su https://wa.me/393330000000";

async function reported() {
  // Signed up for real: the reporter is the user the admin-only check tries.
  const owner = await createAccount({ fullName: "Olga Bianchi" });
  const asker = await createUserRow({ name: "Tino Truffa" });
  const conversation = await createConversation({ ownerId: owner.id, askerId: asker.id, listingTitle: "Cuccioli di beagle" });
  await addMessage(conversation, asker.id, MARKUP, ["chat_link"]);
  await addMessage(conversation, owner.id, "Preferisco sentirci qui, grazie.");
  const reportId = await reportConversation(conversation, owner.id);
  return { owner, asker, conversation, reportId };
}

describe("a reported conversation is for administrators only", () => {
  itDb("a visitor, a user (the participant who reported it) and an admin without the second factor are refused", async () => {
    const { owner, reportId } = await reported();
    await expectAdminOnly({ call: (request) => callLoader(request, reportId), url: url(reportId) }, owner);
  });
});

describe("an administrator", () => {
  itDb("reads the reported conversation, its messages in order with their scam signals, the markup as text", async () => {
    const admin = await createAccount({ role: "admin" });
    const { owner, asker, conversation, reportId } = await reported();
    const loaded = await outcomeOf(() => callLoader(requestAs(admin, url(reportId)), reportId));
    expect(loaded).toMatchObject({
      status: 200,
      data: {
        found: {
          report: { id: reportId, subjectLabel: "Conversazione", reportedUserId: asker.id },
          conversation: { id: conversation.id, listingTitle: "Cuccioli di beagle", owner: { id: owner.id }, asker: { id: asker.id } },
          messages: [
            { body: MARKUP, scamSignals: ["chat_link"], sender: { id: asker.id, role: "Interessato" } },
            { body: "Preferisco sentirci qui, grazie.", scamSignals: [], sender: { id: owner.id, role: "Inserzionista" } },
          ],
        },
      },
    });
    const html = renderPage(ReportConversation, loaded.data, `/admin/reports/${reportId}/conversazione`, "/admin/reports/:id/conversazione");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    // A link in a message is text, never followed.
    expect(html).not.toContain('href="https://wa.me');
    expect(html).toContain("Segnali di truffa:");
    expect(html).toContain('data-scam-signals="chat_link"');
  });

  itDb("cannot read a conversation without a report: a listing's report, an unknown id, a malformed id, a deleted conversation all answer 404", async () => {
    const admin = await createAccount({ role: "admin" });
    const { conversation, reportId } = await reported();
    const [listingReport] = await db()
      .insert(listingReports)
      .values({ listingId: conversation.listingId, reporterName: "Lia", reporterEmail: "lia@example.it", reason: "fraud", description: "x".repeat(60) })
      .returning({ id: listingReports.id });
    // An unreported conversation's own id, as if it were a report's: nothing.
    const unreported = await createConversation();
    for (const id of [listingReport!.id, unreported.id, conversation.id, "00000000-0000-4000-8000-000000000000", "non-un-id"]) {
      const outcome = await outcomeOf(() => callLoader(requestAs(admin, url(id)), id));
      expect(outcome, id).toMatchObject({ status: 404, data: { found: null, error: M.notFound } });
    }
    await db().delete(conversations).where(eq(conversations.id, conversation.id));
    expect(await outcomeOf(() => callLoader(requestAs(admin, url(reportId)), reportId))).toMatchObject({ status: 404 });
    const html = renderPage(ReportConversation, { found: null, error: M.notFound }, `/admin/reports/${reportId}/conversazione`, "/admin/reports/:id/conversazione");
    expect(html).toContain(M.notFound);
  });

  itDb("sees conversation reports in /admin/reports with their subject and the way in, and the week's count of messages with scam signals", async () => {
    const admin = await createAccount({ role: "admin" });
    const before = await countScamMessages({ id: admin.id, email: admin.email, fullName: "Admin", role: "admin" });
    const { reportId } = await reported();
    const after = await countScamMessages({ id: admin.id, email: admin.email, fullName: "Admin", role: "admin" });
    expect(before.ok && after.ok && after.count - before.count).toBe(1);
    expect(await countScamMessages({ id: admin.id, email: admin.email, fullName: "Utente", role: "user" })).toMatchObject({ ok: false, status: 403 });

    const request = requestAs(admin, `http://localhost:3000/admin/reports?id=${reportId}`);
    const loaded = await outcomeOf(() => throughAdminGate(reportsLoader, { request, url: new URL(request.url), params: {} }));
    expect(loaded).toMatchObject({ status: 200, data: { selected: { id: reportId, subject: "conversation", subjectLabel: "Conversazione" } } });
    const row = (loaded.data as { reports: { id: string; subjectLabel: string }[] }).reports.find((r) => r.id === reportId);
    expect(row?.subjectLabel).toBe("Conversazione");
    const html = renderPage(AdminReports, loaded.data, `/admin/reports?id=${reportId}`);
    expect(html).toContain(`href="/admin/reports/${reportId}/conversazione"`);
    expect(html).toContain("Apri la conversazione");
    // The listing is the reporter's own, active: the report is about the other person, not it.
    expect(html).not.toContain("Sospendi annuncio");
    expect(html).toMatch(/Messaggi privati con segnali di truffa negli ultimi 7 giorni/);
  });
});
