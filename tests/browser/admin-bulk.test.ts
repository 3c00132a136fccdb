// Bulk actions on /admin/articles (decision 0109): rows picked with their checkboxes, then every
// result of the filter; the confirmation states the count; the summary says what was done and what
// was left as it was, and why. Its own draft fixtures (tests/browser/fixtures.ts) end archived:
// nothing public changes for the other tests.
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const { prefix, count, noExcerpt } = FIXTURES.bulkArticles;
const listUrl = `/admin/articles?q=${encodeURIComponent(prefix)}`;

async function asAdmin(width?: number) {
  const { context, page } = await browser.context(width ? { width, height: 800 } : {});
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}

type Page = Awaited<ReturnType<typeof asAdmin>>["page"];

async function confirmAndWait(page: Page, question: string, button: string, summary: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByText(question).waitFor();
  await dialog.getByRole("button", { name: button }).click();
  await page.locator("[data-bulk-summary]").filter({ hasText: summary }).waitFor();
}

let cleanup: Page | undefined;

afterAll(async () => {
  // Whatever happened, the fixtures end archived (never public).
  if (!cleanup) return;
  await cleanup.goto(listUrl);
  const token = await cleanup.evaluate(async () => {
    const form = new FormData();
    form.set("action", "archive");
    form.set("scope", "filter");
    form.set("filter", location.search.slice(1));
    form.set("key", `pulizia-${Date.now()}`);
    const response = await fetch("/admin/articles/bulk", { method: "POST", body: form });
    return response.status;
  });
  expect([200, 400]).toContain(token);
});

describe("admin bulk actions", () => {
  it("publishes picked rows, then archives every result of the filter, with the count asked and the summary shown", async () => {
    const { page } = await asAdmin();
    cleanup = page;
    await page.goto(listUrl);
    await page.getByText(`${count + 1} articoli trovati`).waitFor();

    // Two rows picked: the bar counts them, the dialog asks for two.
    // Two rows of the first page (which ones depends on the ids: the fixtures share one creation time).
    const rows = page.getByRole("checkbox", { name: new RegExp(`^Seleziona ${prefix} \\d`) });
    const first = (await rows.nth(0).getAttribute("aria-label"))!.replace("Seleziona ", "");
    await rows.nth(0).check();
    await rows.nth(1).check();
    const bar = page.getByRole("region", { name: "Azioni di gruppo" });
    await bar.getByText("2 selezionati").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByRole("button", { name: "Pubblica" }).click();
    await page.getByRole("dialog").getByText("Pubblicare 2 articoli?").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirmAndWait(page, "Pubblicare 2 articoli?", "Pubblica", "Completata: 2 su 2 articoli fatti, 0 invariati.");
    // The list was read again: both published, and the selection is gone.
    await page.getByRole("row", { name: new RegExp(first) }).getByText("Pubblicato", { exact: true }).waitFor();
    expect(await bar.getByText(/selezionat/).count()).toBe(0);
    await page.getByRole("button", { name: "Chiudi" }).click();

    // The drafts of the filter: the whole page, then every result (more than a page).
    const drafts = count + 1 - 2;
    await page.goto(`${listUrl}&status=draft`);
    await page.getByText(`${drafts} articoli trovati`).waitFor();
    await page.getByLabel("Seleziona tutte le righe di questa pagina").check();
    await bar.getByText("20 selezionati").waitFor();
    await bar.getByRole("button", { name: `Seleziona tutti i ${drafts} risultati di questo filtro` }).click();
    await bar.getByText(`Tutti i ${drafts} articoli di questo filtro selezionati`).waitFor();
    await bar.getByRole("button", { name: "Archivia" }).click();
    await confirmAndWait(page, `Archiviare ${drafts} articoli?`, "Archivia", `Completata: ${drafts} su ${drafts} articoli fatti, 0 invariati.`);
    // The filter has no draft left: the list is empty and the summary stays.
    await page.getByText("Nessun articolo trovato.").waitFor();
    expect(await page.locator("[data-bulk-summary]").isVisible()).toBe(true);

    // The two published ones too (so nothing of the fixtures stays public).
    await page.goto(`${listUrl}&status=published`);
    await page.getByLabel("Seleziona tutte le righe di questa pagina").check();
    await bar.getByRole("button", { name: "Archivia" }).click();
    await confirmAndWait(page, "Archiviare 2 articoli?", "Archivia", "Completata: 2 su 2 articoli fatti, 0 invariati.");
    await page.goto(listUrl);
    await page.getByRole("row", { name: new RegExp(first) }).getByText("Archiviato", { exact: true }).waitFor();
    // Archived: not on the public site (a visitor's request; the admin would see a preview).
    expect((await fetch(new URL("/article/lotto-e2e-1", page.url()))).status).toBe(404);
  });

  it("an article that cannot be published is left as it was, and the summary says why", async () => {
    const { page } = await asAdmin();
    // Its own search: the fixtures share one creation time, so their order across pages is the ids'.
    await page.goto(`/admin/articles?q=${encodeURIComponent(noExcerpt)}`);
    await page.getByLabel(`Seleziona ${noExcerpt}`).check();
    const bar = page.getByRole("region", { name: "Azioni di gruppo" });
    await bar.getByRole("button", { name: "Pubblica" }).click();
    await confirmAndWait(page, "Pubblicare 1 articolo?", "Pubblica", "Completata: 0 su 1 articolo fatti, 1 invariato.");
    const job = page.locator("[data-bulk-job]");
    await job.getByText("Impossibile pubblicare: manca estratto: 1").waitFor();
    await job.getByText("Elenco").click();
    await job.getByText(`${noExcerpt}: Impossibile pubblicare: manca estratto`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Kept for the tab: back on the list, the last job's summary is there until it is closed.
    await page.reload();
    await page.locator("[data-bulk-summary]").filter({ hasText: "Completata: 0 su 1 articolo fatti, 1 invariato." }).waitFor();
    await page.getByRole("button", { name: "Chiudi" }).click();
    await page.reload();
    await page.getByLabel(`Seleziona ${noExcerpt}`).waitFor();
    expect(await page.locator("[data-bulk-job]").count()).toBe(0);
    await page.getByRole("row", { name: new RegExp(noExcerpt) }).getByText("Archiviato", { exact: true }).waitFor();
  });

  it("at 360 px the page's rows are picked from the bar, and the dialog's extra field is required", async () => {
    const { page } = await asAdmin(360);
    await page.goto(listUrl);
    await page.getByRole("button", { name: "Seleziona questa pagina" }).click();
    const bar = page.getByRole("region", { name: "Azioni di gruppo" });
    await bar.getByText("20 selezionati").waitFor();
    await bar.getByRole("button", { name: "Sposta in categoria" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Spostare 20 articoli?").waitFor();
    // No category chosen: the form does not go.
    await dialog.getByRole("button", { name: "Sposta in categoria" }).click();
    expect(await dialog.getByLabel("Categoria di destinazione").evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true);
    await dialog.getByRole("button", { name: "Annulla" }).click();
    expect(await page.locator("[data-bulk-job]").count()).toBe(0);
  });

  it("a suspension with «Altro» and no words is refused by the server in the dialog, and nothing changes", async () => {
    const { page } = await asAdmin();
    await page.goto("/admin/pet-listings?status=active");
    const first = page.getByRole("checkbox", { name: /^Seleziona / }).nth(1);
    const label = (await first.getAttribute("aria-label"))!;
    await first.check();
    const bar = page.getByRole("region", { name: "Azioni di gruppo" });
    await bar.getByText("1 selezionato").waitFor();
    await bar.getByRole("button", { name: "Sospendi" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Sospendere 1 annuncio?").waitFor();
    await dialog.getByLabel("Regola violata").selectOption("other");
    await dialog.getByRole("button", { name: "Sospendi" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Con la regola «Altro» scrivi il motivo della sospensione" }).waitFor();
    await dialog.getByRole("button", { name: "Annulla" }).click();
    expect(await page.locator("[data-bulk-job]").count()).toBe(0);
    await page.reload();
    // Still active: the same listing is still in the filter of the active ones.
    await page.getByRole("checkbox", { name: label }).waitFor();
  });
});
