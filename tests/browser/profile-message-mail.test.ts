// The profile's "Avvisami via email dei nuovi messaggi" (decision 0091): turned off, the page says
// so and remembers it after a reload; a stale session is sent to sign in.
import { describe, expect, it } from "vitest";
import { signUpIn, startBrowser } from "./browser";

const browser = startBrowser();
const LABEL = "Avvisami via email dei nuovi messaggi";

describe("the message-mail setting on the profile", () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 740 },
  ]) {
    it(`is on by default, turned off and kept (${viewport.width} px)`, async () => {
      const { context, page } = await browser.context(viewport);
      await signUpIn(context, "Paola Avvisi");
      await page.goto("/dashboard/profile");
      const box = page.getByLabel(LABEL);
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      const section = page.getByRole("region", { name: "Avvisi dei messaggi" });
      await section.getByRole("button", { name: "Salva preferenza" }).click();
      await section.getByRole("status").filter({ hasText: "Non riceverai più email" }).waitFor();
      await page.reload();
      expect(await page.getByLabel(LABEL).isChecked()).toBe(false);
      // Keyboard: the checkbox takes focus and Space ticks it.
      await page.getByLabel(LABEL).focus();
      await page.keyboard.press("Space");
      expect(await page.getByLabel(LABEL).isChecked()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  it("a session that ended meanwhile: the save is refused and leads to sign-in", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signUpIn(context, "Paola Scaduta");
    await page.goto("/dashboard/profile");
    await context.clearCookies();
    await page.getByLabel(LABEL).uncheck();
    await page.getByRole("region", { name: "Avvisi dei messaggi" }).getByRole("button", { name: "Salva preferenza" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
  });
});
