// /admin/schedule in the production server: the administrator sees the scheduled articles and the
// log of the server's own publishing clock (its start-up run); others are sent to /login.
import { describe, expect, it } from "vitest";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { SCHEDULE_FIXTURES } from "./fixtures-schedule";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

describe("/admin/schedule", () => {
  it("shows the administrator the scheduled article 'In Attesa', the counters, and the start-up run's log", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    expect((await page.goto("/admin/schedule"))?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Calendario pubblicazioni" }).waitFor();

    const row = page.getByRole("row").filter({ hasText: SCHEDULE_FIXTURES.upcoming.title });
    expect(await row.getByText("In Attesa").isVisible()).toBe(true);
    expect(await row.getByText("Salute").isVisible()).toBe(true);
    // it-IT long date with the time, e.g. "24 dicembre 2026 alle ore 13:05".
    expect(await row.locator("time").textContent()).toMatch(/^\d{1,2} [a-z]+ \d{4} (alle ore )?\d{2}:\d{2}$/);
    const link = row.getByRole("link", { name: SCHEDULE_FIXTURES.upcoming.title });
    expect(await link.getAttribute("href")).toMatch(/^\/admin\/articles\/edit\?id=[0-9a-f-]{36}$/);

    const counters = page.getByRole("region", { name: "Riepilogo" });
    expect(await counters.getByText("Articoli programmati").isVisible()).toBe(true);
    expect(await counters.getByText("Pubblicati oggi").isVisible()).toBe(true);
    expect(await counters.getByText("Prossimi 7 giorni").isVisible()).toBe(true);

    // The due article without a category was tried by the server's first run and logged as failed.
    const logRow = page.getByRole("row").filter({ hasText: SCHEDULE_FIXTURES.dueWithoutCategory.title });
    expect(await logRow.getByText("Fallito").isVisible()).toBe(true);
    expect(await logRow.getByText("Impossibile pubblicare: manca categoria").isVisible()).toBe(true);
    // It left the schedule: not listed among the scheduled articles any more.
    const scheduledTable = page.getByRole("region", { name: "Articoli programmati" });
    expect(await scheduledTable.getByText(SCHEDULE_FIXTURES.dueWithoutCategory.title).count()).toBe(0);
  });

  it("fits a 360 px screen: the tables scroll inside their box, not the page", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/schedule");
    await page.getByRole("row").filter({ hasText: SCHEDULE_FIXTURES.upcoming.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("sends a visitor and a signed-in user who is not an administrator to /login", async () => {
    const visitor = await browser.context();
    await visitor.page.goto("/admin/schedule");
    expect(new URL(visitor.page.url()).pathname).toBe("/login");
    expect(await visitor.page.content()).not.toContain(SCHEDULE_FIXTURES.upcoming.title);

    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context);
    await page.goto("/admin/schedule");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.content()).not.toContain(SCHEDULE_FIXTURES.upcoming.title);
  });
});
