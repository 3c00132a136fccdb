// /admin/reports: a visitor's report appears in the back office; the admin opens it, writes notes,
// marks it resolved (the counters follow), then deletes it with the confirmation. A report deleted
// by someone else while its modal is open answers "Segnalazione non trovata". This file deletes the
// reports and the listings it creates.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signIn, signUpIn, startBrowser } from "./browser";
import { adminPost, publishListing, reportListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function counters(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll<HTMLElement>("[data-counter]")].map((el) => [el.dataset.counter!, Number(el.textContent!.replace(/\D/g, ""))])),
  );
}

const DESCRIPTION = "L'inserzionista chiede un anticipo con bonifico prima di far vedere l'animale: <b>sospetto</b>.";

describe("/admin/reports", () => {
  it("handles a report: notes, resolved (counters change), delete with confirmation", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context, "Proprietario Segnalato");
    const word = `Segnalato${Date.now()}`;
    const listingId = await publishListing(owner.context, `${word} furetto`);
    await reportListing(listingId, DESCRIPTION);

    const { context, page } = await browser.context();
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      await page.goto("/admin/reports?status=pending");
      expect(await page.getByRole("link", { name: "In attesa" }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByRole("link", { name: "Tutte" }).getAttribute("aria-current")).toBeNull();
      const before = await counters(page);
      expect(before.pending).toBeGreaterThanOrEqual(1);
      const row = page.getByRole("row").filter({ hasText: word });
      const link = row.getByRole("link", { name: new RegExp(word) });
      expect(await link.getAttribute("href")).toBe(`/pet-listing/${listingId}`);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await row.textContent()).toContain("Truffa o frode");
      expect(await row.textContent()).toContain("In attesa");

      await row.getByRole("link", { name: /^Gestisci/ }).click();
      const modal = page.getByRole("dialog", { name: "Dettaglio segnalazione" });
      await modal.getByText(DESCRIPTION).waitFor();
      expect(await modal.textContent()).toContain("Visitatore Attento <attento-moderazione@example.it>");
      expect(await modal.textContent()).toContain("Nessuna nota");
      expect(await modal.getByRole("button", { name: "Sospendi annuncio" }).isVisible()).toBe(true);

      await modal.getByLabel("Note dell'amministratore").fill("Chiesto all'inserzionista di togliere la richiesta di anticipo.");
      await modal.getByRole("button", { name: "Segna come risolta" }).click();
      await modal.getByText("Stato aggiornato con successo").waitFor();
      await modal.getByText("Risolta", { exact: true }).waitFor();
      await modal.locator("dd", { hasText: "Chiesto all'inserzionista di togliere la richiesta di anticipo." }).waitFor();
      const after = await counters(page);
      expect(after).toEqual({ ...before, pending: before.pending! - 1, resolved: before.resolved! + 1 });

      await modal.getByRole("button", { name: "Elimina" }).click();
      const confirm = page.getByRole("dialog", { name: "Conferma" });
      await confirm.getByText("Vuoi eliminare definitivamente questa segnalazione?").waitFor();
      await confirm.getByRole("button", { name: "Elimina" }).click();
      await page.getByText("Segnalazione eliminata con successo").waitFor();
      expect(await modal.count()).toBe(0);
      expect(await counters(page)).toEqual({ ...after, total: after.total! - 1, resolved: after.resolved! - 1 });
      // Back on the pending filter, which this report has left.
      expect(await page.getByRole("row").filter({ hasText: word }).count()).toBe(0);
    } finally {
      expect(await adminPost(context, "/admin/pet-listings", { intent: "delete", listingId })).toBe(200);
    }
  });

  it("a report deleted while its modal is open answers 'Segnalazione non trovata'; an unknown one too", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context, "Proprietaria Segnalata");
    const word = `Conteso${Date.now()}`;
    const listingId = await publishListing(owner.context, `${word} furetto`);
    await reportListing(listingId, DESCRIPTION);

    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      await page.goto("/admin/reports");
      await page.getByRole("row").filter({ hasText: word }).getByRole("link", { name: /^Gestisci/ }).click();
      const modal = page.getByRole("dialog", { name: "Dettaglio segnalazione" });
      await modal.getByText(DESCRIPTION).waitFor();
      const id = new URL(page.url()).searchParams.get("id")!;
      expect(await adminPost(context, "/admin/reports", { intent: "delete", id })).toBe(302);
      await modal.getByRole("button", { name: "Segna come revisionata" }).click();
      await modal.getByText("Segnalazione non trovata").waitFor();
      await modal.getByRole("button", { name: "Chiudi" }).click();
      await modal.waitFor({ state: "detached" });
      expect(new URL(page.url()).searchParams.get("id")).toBeNull();

      const response = await page.goto(`/admin/reports?id=${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Segnalazione non trovata" }).waitFor();
    } finally {
      expect(await adminPost(context, "/admin/pet-listings", { intent: "delete", listingId })).toBe(200);
    }
  });

  it("sends a user who is not an administrator to /login", async () => {
    const { context, page } = await browser.context();
    await signUpIn(context, "Ficcanaso Qualunque");
    await page.goto("/admin/reports");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
