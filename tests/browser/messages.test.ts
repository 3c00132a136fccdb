// Private conversations (decisions 0090, 0091): a person writes to a listing's owner from the
// listing page (an over-long text refused and kept), the owner sees the unread count in the header,
// reads the scam warning, replies at 360 px, and the reply appears live on the asker's open page;
// the header counts for the other side; a block stops the other person's messages until «Sblocca»;
// «Segnala» files the report. A visitor is offered the sign-in,
// which comes back to the listing. This file deletes every listing it publishes.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCAM_WARNING } from "~/messages/scam-signals";
import { axeViolations } from "./axe";
import { baseUrl, signIn, signUpIn, startBrowser } from "./browser";
import { adminPost, publishListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("private conversations", () => {
  it("write, reply, unread badge, block and report, at 1366 and 360 px", async () => {
    const word = `Messaggi${Date.now()}`;
    const owner = await browser.context({ width: 360, height: 740 });
    await signUpIn(owner.context, "Mario Rossi");
    const listingId = await publishListing(owner.context, `${word} furetto`);
    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      // A visitor is offered the sign-in, which names the way back to the listing.
      const visitor = await browser.context({ width: 360, height: 740 });
      await visitor.page.goto(`/pet-listing/${listingId}`);
      const signInLink = visitor.page.getByRole("link", { name: "Accedi per scrivere all'inserzionista" });
      expect(await signInLink.getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent(`/pet-listing/${listingId}`)}`);

      const asker = await browser.context({ width: 1366, height: 900 });
      await signUpIn(asker.context, "Giulia Bianchi");
      const { page } = asker;
      await page.goto(`/pet-listing/${listingId}`);
      const box = page.getByLabel("Il tuo messaggio");
      // The main error: a text over the limit is refused by the server and kept whole, the message under it.
      const long = `Ciao! ${"Vorrei sapere tutto. ".repeat(110)}`;
      await box.fill(long);
      await page.getByText("caratteri: troppo lungo").waitFor();
      await page.getByRole("button", { name: "Invia messaggio" }).click();
      await page.getByRole("alert").getByText("Il messaggio può essere lungo al massimo 2000 caratteri.").waitFor();
      expect(await box.inputValue()).toBe(long);
      expect(await box.getAttribute("aria-invalid")).toBe("true");

      await box.fill("Ciao, è ancora disponibile? Per il resto scrivimi su wa.me/447700900123");
      await page.getByRole("button", { name: "Invia messaggio" }).click();
      await page.waitForURL(/\/dashboard\/messaggi\/[0-9a-f-]{36}$/);
      const conversationPath = new URL(page.url()).pathname;
      await page.getByRole("log").getByText("Ciao, è ancora disponibile?").waitFor();
      // The sender is not warned about the own message; the link is text.
      expect(await page.getByText(SCAM_WARNING).count()).toBe(0);
      expect(await page.locator('a[href*="wa.me"]').count()).toBe(0);
      // Back on the listing, the button leads to the conversation.
      await page.goto(`/pet-listing/${listingId}`);
      expect(await page.getByRole("link", { name: "Apri la conversazione" }).getAttribute("href")).toBe(conversationPath);

      // The owner, at 360 px: the header's count, the inbox, the warning, the reply.
      const o = owner.page;
      await o.goto("/");
      await o.getByRole("link", { name: "Messaggi, 1 non letto" }).click();
      await o.waitForURL("**/dashboard/messaggi");
      const item = o.getByRole("listitem").filter({ hasText: `${word} furetto` });
      await item.getByText("Giulia").waitFor();
      expect(await noOverflow(o)).toBe(true);
      expect(await axeViolations(o)).toEqual([]);
      await item.getByRole("link", { name: `${word} furetto` }).click();
      await o.waitForURL(`**${conversationPath}`);
      await o.getByRole("log").getByText(SCAM_WARNING).waitFor();
      expect(await o.locator('a[href*="wa.me"]').count()).toBe(0);
      // Opening it read it: the header says so once the count is read again.
      await o.getByRole("link", { name: "Messaggi, nessuno non letto" }).waitFor();
      expect(await noOverflow(o)).toBe(true);
      expect(await axeViolations(o)).toEqual([]);
      // The asker keeps the conversation open: the reply appears there without a reload (decision 0091).
      const streamOpen = page.waitForResponse((r) => r.url().endsWith("/dashboard/messaggi/eventi") && r.status() === 200);
      await page.goto(conversationPath);
      await streamOpen;
      await o.getByLabel("Rispondi").fill("Sì, è disponibile. Vieni sabato alle 10.");
      await o.getByRole("button", { name: "Invia", exact: true }).click();
      await o.getByRole("log").getByText("Sì, è disponibile. Vieni sabato alle 10.").waitFor();
      await expect.poll(() => o.getByLabel("Rispondi").inputValue()).toBe("");
      await page.getByRole("log").getByText("Sì, è disponibile. Vieni sabato alle 10.").waitFor();

      // The owner answers again while the asker is elsewhere: the asker's header counts it.
      await page.goto("/");
      await o.getByLabel("Rispondi").fill("Porta un trasportino.");
      await o.getByRole("button", { name: "Invia", exact: true }).click();
      await o.getByRole("log").getByText("Porta un trasportino.").waitFor();
      await page.reload();
      await page.getByRole("link", { name: "Messaggi, 1 non letto" }).waitFor();

      // The owner blocks the asker, after confirming.
      await o.getByText("Blocca utente").click();
      await o.getByRole("button", { name: "Conferma: blocca Giulia" }).click();
      await o.getByText("Utente bloccato: non potrà più scriverti.").waitFor();
      await o.getByText("Hai bloccato Giulia: non può più scriverti.").waitFor();
      await page.goto(conversationPath);
      await page.getByText("Questa persona non accetta più i tuoi messaggi.").waitFor();
      expect(await page.getByLabel("Rispondi").count()).toBe(0);
      const refused = await asker.context.request.post(`${baseUrl()}${conversationPath}`, {
        headers: { origin: baseUrl() },
        form: { intent: "reply", body: "Perché?" },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(403);
      await o.getByRole("button", { name: "Sblocca Giulia" }).click();
      await o.getByText("Utente sbloccato.").waitFor();
      await page.reload();
      await page.getByLabel("Rispondi").waitFor();

      // The asker reports the conversation.
      await page.getByText("Segnala", { exact: true }).click();
      await page.getByLabel("Motivo").selectOption({ label: "Truffa o frode" });
      await page.getByLabel(/Dettagli/).fill("Mi chiede di scrivere su WhatsApp.");
      await page.getByRole("button", { name: "Invia segnalazione" }).click();
      await page.getByText("Segnalazione inviata: i moderatori leggeranno questa conversazione.").waitFor();
      await page.getByText("Hai già segnalato questa conversazione").waitFor();

      // A third person gets "not found", the same as for no conversation at all.
      const third = await browser.context();
      await signUpIn(third.context, "Terza Persona");
      expect((await third.page.goto(conversationPath))?.status()).toBe(404);
    } finally {
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "delete", listingId })).toBe(200);
    }
  });

  it("works without JavaScript: the refused text comes back in the form, then the message is sent", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context, "Paolo Neri");
    const listingId = await publishListing(owner.context, `SenzaJs${Date.now()} furetto`);
    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      const { context, page } = await browser.context({ width: 360, height: 740, javaScript: false });
      await signUpIn(context, "Anna Verdi");
      await page.goto(`/pet-listing/${listingId}`);
      await page.getByLabel("Il tuo messaggio").fill("   ");
      await page.getByRole("button", { name: "Invia messaggio" }).click();
      await page.getByRole("alert").getByText("Scrivi un messaggio prima di inviarlo.").waitFor();
      expect(await noOverflow(page)).toBe(true);
      await page.getByLabel("Il tuo messaggio").fill("Buongiorno, senza JavaScript.");
      await page.getByRole("button", { name: "Invia messaggio" }).click();
      await page.waitForURL(/\/dashboard\/messaggi\/[0-9a-f-]{36}$/);
      await page.getByText("Buongiorno, senza JavaScript.").waitFor();
    } finally {
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "delete", listingId })).toBe(200);
    }
  });
});
