// A conversation report in the back office (decision 0091): the administrator finds it in
// /admin/reports as "Conversazione", opens the conversation read-only with each message's scam
// signals, and cannot open a conversation that no report points at. Data: fixtures-conversations.ts.
import { SCAM_SIGNALS } from "~/messages/scam-signals";
import { axeViolations } from "./axe";
import { describe, expect, it } from "vitest";
import { signIn, signUpIn, startBrowser } from "./browser";
import { CONVERSATION_FIXTURES as F } from "./fixtures-conversations";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

describe("a reported conversation in the back office", () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`opens from its report, read-only, with the scam signals (${viewport.width} px)`, async () => {
      const { context, page } = await browser.context(viewport);
      await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto(`/admin/reports?id=${F.reported.reportId}`);
      // The week's count of messages with signals, for the moderators.
      const count = page.locator("[data-scam-messages]");
      expect(Number(await count.getAttribute("data-scam-messages"))).toBeGreaterThanOrEqual(1);
      const modal = page.getByRole("dialog", { name: "Dettaglio segnalazione" });
      await modal.getByText("Chiede una caparra con ricarica.").waitFor();
      expect(await modal.textContent()).toContain("Conversazione");
      await page.goto("/admin/reports");
      const row = page.getByRole("row").filter({ hasText: F.reported.listingTitle });
      expect(await row.textContent()).toContain("Conversazione");
      await row.getByRole("link", { name: "Apri la conversazione" }).click();
      await page.getByRole("heading", { name: "Conversazione segnalata" }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/reports/${F.reported.reportId}/conversazione`);

      const messages = page.getByRole("listitem").filter({ hasText: F.reported.scamMessage });
      expect(await messages.count()).toBe(1);
      expect(await messages.textContent()).toContain("Segnali di truffa:");
      expect(await messages.textContent()).toContain(SCAM_SIGNALS[F.reported.signal]);
      expect(await messages.textContent()).toContain("Tino Caparra (Interessato)");
      const reply = page.getByRole("listitem").filter({ hasText: F.reported.reply });
      expect(await reply.textContent()).not.toContain("Segnali di truffa");
      // Read-only: nothing to write with; the reported account is marked.
      expect(await page.locator("textarea, input[type=text]").count()).toBe(0);
      expect(await page.getByText("Segnalato", { exact: true }).count()).toBe(1);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      // Back to the report.
      await page.getByRole("link", { name: "Gestisci la segnalazione" }).click();
      await page.getByRole("dialog", { name: "Dettaglio segnalazione" }).waitFor();
    });
  }

  it("a conversation without a report answers 'not found' even to an administrator", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    const response = await page.goto(`/admin/reports/${F.unreported.id}/conversazione`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Conversazione non trovata" }).waitFor();
    expect(await page.content()).not.toContain(F.unreported.message);
  });

  it("sends a user who is not an administrator to /login, without the conversation", async () => {
    const { context, page } = await browser.context();
    await signUpIn(context, "Ficcanaso Curioso");
    await page.goto(`/admin/reports/${F.reported.reportId}/conversazione`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.content()).not.toContain(F.reported.scamMessage);
  });
});
