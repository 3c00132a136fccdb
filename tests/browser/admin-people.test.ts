// A person in the back office (decision 0110): the administrator opens a new account from
// /admin/users, tries to suspend it without a reason (the message shows beside the field, which has
// the focus), writes one with the keyboard and suspends it; the page shows the state, the person's
// open session is gone and the sign-in form tells them why; the list's "Sospesi" filter shows them.
// Then the account is reinstated, so the files that follow find it as it was. At 1366 and 360 px.
// SCREENSHOT_DIR=<folder> keeps a screenshot of each width's suspended page.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { USER_MODERATION_MESSAGES as M } from "~/accounts/moderation-texts";
import { axeViolations } from "./axe";
import { signIn, signUpIn, startBrowser } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const REASON = "Annunci copiati da altri siti dopo due avvisi della redazione.";

async function fitsTheScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe("a person in the back office", () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`is opened from /admin/users, suspended with a reason and reinstated (${viewport.width} px)`, async () => {
      const person = await browser.context(viewport);
      const account = await signUpIn(person.context, `Piero Sospeso ${viewport.width}`);
      await person.page.goto("/dashboard");
      expect(new URL(person.page.url()).pathname).toBe("/dashboard");

      const { context, page } = await browser.context(viewport);
      await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto("/admin/users");
      await page.getByLabel("Cerca per nome o email").fill(account.email);
      await page.getByRole("button", { name: "Cerca" }).click();
      await page.getByText("1 utente trovato", { exact: true }).waitFor();
      await page.getByRole("link", { name: account.fullName }).click();
      await page.getByRole("heading", { level: 1, name: account.fullName }).waitFor();
      expect(await page.getByText("Email e password").count()).toBe(1);

      // The error path: no reason.
      const reason = page.getByLabel("Motivo della sospensione");
      await page.getByRole("button", { name: "Sospendi account" }).click();
      await page.getByText(M.reasonRequired).waitFor();
      expect(await reason.getAttribute("aria-invalid")).toBe("true");
      expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);

      // With the keyboard: the reason typed, Tab to the button, Enter.
      await page.keyboard.type(REASON);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await page.getByText(M.suspended).waitFor();
      await page.getByRole("heading", { name: "Account sospeso" }).waitFor();
      expect(await page.getByText(REASON).count()).toBe(1);
      expect(await page.getByText("Sospeso", { exact: true }).count()).toBe(1);
      await page.getByLabel("Nota per la persona").waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `admin-person-${viewport.width}.png`), fullPage: true });

      // The person's open session is gone, and the sign-in form says why.
      await person.page.goto("/dashboard");
      expect(new URL(person.page.url()).pathname).toBe("/login");
      await person.page.getByLabel("Email").fill(account.email);
      await person.page.getByLabel("Password").fill(account.password);
      await person.page.getByRole("button", { name: "Accedi", exact: true }).click();
      await person.page.getByText(M.signInRefused).waitFor();

      // The list's filter.
      await page.goto(`/admin/users?status=suspended&q=${encodeURIComponent(account.email)}`);
      const row = page.locator("tr", { has: page.getByText(account.email, { exact: true }) });
      expect(await row.getByText("Sospeso", { exact: true }).count()).toBe(1);
      expect(await page.getByLabel("Stato").inputValue()).toBe("suspended");
      expect(await fitsTheScreen(page)).toBe(true);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `admin-users-suspended-${viewport.width}.png`) });

      // Reinstated: the person signs in again.
      await row.getByRole("link", { name: account.fullName }).click();
      await page.getByLabel("Nota per la persona").fill("Chiarito con la persona: le foto erano sue.");
      await page.getByRole("button", { name: "Riattiva account" }).click();
      await page.getByText(M.reinstated).waitFor();
      await page.getByRole("button", { name: "Sospendi account" }).waitFor();
      await signIn(person.context, account.email, account.password);
      await person.page.goto("/dashboard");
      expect(new URL(person.page.url()).pathname).toBe("/dashboard");
    });
  }
});
