// Issue 30's saved searches (decision 0097): a person saves the list's search from the panel at
// 1366 px with "Subito", a listing published afterwards arrives in the outbox within seconds with its
// one-click unsubscribe, which works signed out; the dashboard shows the choice changed (axe). The
// main error: the same search saved again from a second tab says so in the panel, the name typed
// kept. Without JavaScript the form lands on /dashboard/ricerche; a visitor is sent to sign in and
// back; the panel fits 360 px. This file deletes the listing it publishes.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { axeViolations } from "./axe";
import { baseUrl, outboxNames, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { adminPost, publishListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

/** A word of letters only, so that the list's search finds this file's listing alone. */
const letters = () => Array.from(String(Date.now()), (d) => "abcdefghij"[Number(d)]).join("");

/** The text of the first mail to `to` written after `before` that contains `needle`; waits up to 30 s. */
async function mailTo(to: string, needle: string, before: string[]): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  for (let attempt = 0; attempt < 300; attempt++) {
    for (const name of (await readdir(outbox).catch(() => [] as string[])).filter((n) => !before.includes(n))) {
      const text = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=").replace(/\r?\n[ \t]+/g, " ");
      if (new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(text) && text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to} with ${needle}`);
}

describe("saved searches", () => {
  it("are saved from the list, alert within seconds of a new listing, and unsubscribe in one click", async () => {
    const word = `Ricerca${letters()}`;
    const seeker = await browser.context({ width: 1366, height: 900 });
    await withConsent(seeker.context);
    const { email } = await signUpIn(seeker.context, "Sara Cercatrice");
    await seeker.page.goto(`/pet-listings?q=${word}`);
    // A second tab on the same list, before the search is saved.
    const second = await seeker.context.newPage();
    await second.goto(`/pet-listings?q=${word}`);

    const page = seeker.page;
    await page.getByText("Salva ricerca", { exact: true }).first().click();
    const name = page.getByLabel("Nome della ricerca");
    expect(await name.inputValue()).toBe(`“${word}”`);
    await name.fill(`Furetti ${word}`);
    await page.getByLabel("Avvisi via email").selectOption("instant");
    await page.getByText("Un'email pochi minuti dopo la pubblicazione di un annuncio adatto.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Salva ricerca", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Ricerca salvata." }).waitFor();
    await page.getByRole("link", { name: "Gestisci le ricerche salvate" }).waitFor();

    // The second tab, saved again: refused in its panel, the name typed kept.
    await second.getByText("Salva ricerca", { exact: true }).first().click();
    await second.getByLabel("Nome della ricerca").fill("Di nuovo");
    await second.getByRole("button", { name: "Salva ricerca", exact: true }).click();
    await second.getByRole("alert").filter({ hasText: "Hai già salvato questa ricerca" }).waitFor();
    expect(await second.getByLabel("Nome della ricerca").inputValue()).toBe("Di nuovo");
    await second.close();

    // A listing published now is announced by mail within seconds.
    const owner = await browser.context();
    await signUpIn(owner.context, "Paolo Inserzionista");
    const before = await outboxNames();
    const id = await publishListing(owner.context, `${word} furetto giocherellone`);
    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      const mail = await mailTo(email, `/pet-listing/${id}`, before);
      expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const unsubscribe = new RegExp(`${baseUrl()}/avvisi/disattiva\\?token=[A-Za-z0-9_-]{32}`).exec(mail)?.[0];
      expect(unsubscribe).toBeTruthy();

      // Signed out, another browser: the link asks, the button turns the alerts off.
      const stranger = await browser.context({ width: 360, height: 740 });
      await withConsent(stranger.context);
      await stranger.page.goto(unsubscribe!);
      await stranger.page.getByText(`Non vuoi più ricevere email per la ricerca «Furetti ${word}»?`).waitFor();
      await stranger.page.getByRole("button", { name: "Disattiva gli avvisi" }).click();
      await stranger.page.getByText("Avvisi disattivati").waitFor();

      // The dashboard shows the choice turned off.
      await page.goto("/dashboard/ricerche");
      const item = page.getByRole("listitem").filter({ hasText: `Furetti ${word}` });
      expect(await item.getByLabel("Avvisi via email").inputValue()).toBe("none");
      expect(await item.getByRole("link", { name: /Apri/ }).getAttribute("href")).toBe(`/pet-listings?q=${word}`);
      expect(await axeViolations(page)).toEqual([]);
      // Changed back to "Ogni giorno" from the dashboard.
      await item.getByLabel("Avvisi via email").selectOption("daily");
      await item.getByRole("button", { name: /Salva/ }).click();
      await item.getByRole("status").filter({ hasText: "Avvisi aggiornati." }).waitFor();
    } finally {
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "delete", listingId: id })).toBe(200);
    }
  }, 120_000);

  it("without JavaScript lands on the dashboard; a visitor signs in and comes back; the panel fits 360 px", async () => {
    const word = `Senza${letters()}`;
    const plain = await browser.context({ javaScript: false });
    await signUpIn(plain.context, "Nino Senza Script");
    await plain.page.goto(`/pet-listings?q=${word}&petType=dog`);
    await plain.page.getByText("Salva ricerca", { exact: true }).first().click();
    await plain.page.getByRole("button", { name: "Salva ricerca", exact: true }).click();
    await plain.page.waitForURL((url) => url.pathname === "/dashboard/ricerche" && url.searchParams.has("salvata"));
    await plain.page.getByRole("status").filter({ hasText: "Ricerca salvata." }).waitFor();
    await plain.page.getByRole("listitem").filter({ hasText: `Cane · “${word}”` }).waitFor();

    const visitor = await browser.context({ width: 360, height: 740 });
    await withConsent(visitor.context);
    await visitor.page.goto(`/pet-listings?q=${word}`);
    await visitor.page.getByRole("link", { name: "Salva ricerca" }).click();
    await visitor.page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === `/pet-listings?q=${word}`);
    await signUpIn(visitor.context, "Vera Visitatrice");
    await visitor.page.goto(`/pet-listings?q=${word}`);
    await visitor.page.getByText("Salva ricerca", { exact: true }).first().click();
    await visitor.page.getByLabel("Nome della ricerca").waitFor();
    // Escape closes it, the focus back on its button.
    await visitor.page.getByLabel("Nome della ricerca").press("Escape");
    await visitor.page.getByLabel("Nome della ricerca").waitFor({ state: "hidden" });
    expect(await visitor.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Salva ricerca");
    await visitor.page.keyboard.press("Enter");
    await visitor.page.getByLabel("Nome della ricerca").waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The panel itself on the screen (an overflow to the left makes no scroll bar).
    const box = await visitor.page.locator("form", { has: visitor.page.getByLabel("Nome della ricerca") }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }, 90_000);
});
