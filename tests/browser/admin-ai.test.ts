// The AI screens end to end, against the fake OpenAI-compatible server the suite starts
// (tests/browser/server.ts): the generator in the article form (generate, regenerate the title,
// accept, save), the editorial plan generated and saved as drafts, the statistics with their chart
// and live refresh, and the main errors (topic missing, the provider failing).
import { afterEach, describe, expect, inject, it } from "vitest";
import { AI_MESSAGES } from "~/ai/messages";
import { signIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

/** The fake AI server's control endpoint: its mode for the next requests. */
async function fakeMode(mode: "canned" | "fail" | "slow", delayMs = 150): Promise<void> {
  const response = await fetch(`${inject("aiControlUrl")}/__control`, { method: "POST", body: JSON.stringify({ mode, delayMs }) });
  expect(response.ok).toBe(true);
}

async function asAdmin() {
  const { context, page } = await browser.context();
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}

afterEach(async () => {
  await fakeMode("canned");
});

describe("the AI generator in the article form", () => {
  it("generates, regenerates the title, accepts into the form and saves an article marked as generated", async () => {
    const { page } = await asAdmin();
    const stamp = Date.now().toString(36);
    await page.goto("/admin/articles/new");
    await page.getByRole("button", { name: "Genera con l'AI" }).click();
    await page.getByText(/richieste rimanenti oggi/).waitFor();

    // Topic and category are required before anything is asked of the server.
    await page.getByRole("button", { name: "Genera articolo" }).click();
    await page.getByRole("alert").filter({ hasText: "Inserisci almeno un argomento e seleziona una categoria" }).waitFor();

    const panel = page.getByRole("region", { name: "Generatore AI" });
    await panel.getByLabel("Argomento *").fill(`gatto anziano ${stamp}`);
    await panel.getByLabel("Categoria *").selectOption({ index: 1 });
    await panel.getByLabel("Parole chiave").fill("gatto, anziano, salute");
    expect(await panel.getByLabel("Tono").inputValue()).toBe("informative");
    expect(await panel.getByLabel("Lunghezza").inputValue()).toBe("medium");
    const chosenCategory = await panel.getByLabel("Categoria *").inputValue();
    // Enter in the panel's fields generates (it is a form of its own, not the article's).
    await panel.getByLabel("Parole chiave").press("Enter");

    const title = page.locator('[data-ai-preview="title"]');
    await title.waitFor();
    // The button that started it is gone: the focus moves to the preview.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Anteprima");
    expect(page.url()).toContain("/admin/articles/new");
    expect(await title.textContent()).toBe(`Guida pratica: gatto anziano ${stamp}`);
    const preview = (await page.locator('[data-ai-preview="content"]').textContent()) ?? "";
    expect(preview.startsWith("Introduzione")).toBe(true);
    expect(Array.from(preview.replace(/…$/, "")).length).toBeLessThanOrEqual(500);
    expect(preview).not.toContain("<");
    expect(await page.locator('[data-ai-preview="metaDescription"]').textContent()).toContain(`gatto anziano ${stamp}`);

    await page.getByRole("button", { name: "Rigenera titolo" }).click();
    await page.locator('[data-ai-preview="title"]', { hasText: "Un nuovo titolo accattivante" }).waitFor();
    expect(await page.locator('[data-ai-preview="excerpt"]').textContent()).toContain(`gatto anziano ${stamp}`);

    await page.getByRole("button", { name: "Usa questo articolo" }).click();
    await page.getByText("Articolo generato inserito nel modulo").waitFor();
    expect(await page.getByLabel("Titolo *").inputValue()).toBe("Un nuovo titolo accattivante");
    expect(await page.getByLabel("Slug *").inputValue()).toBe("un-nuovo-titolo-accattivante");
    expect(await page.getByLabel("Estratto *").inputValue()).toContain(`gatto anziano ${stamp}`);
    expect(await page.getByLabel("Meta title").inputValue()).toBe(`Guida: gatto anziano ${stamp}`.slice(0, 60));
    expect(await page.locator("#article-form-categoryId").inputValue()).toBe(chosenCategory);
    await page.locator(".ProseMirror", { hasText: "Consigli utili" }).waitFor();

    await page.getByRole("button", { name: "Crea articolo" }).click();
    await page.getByRole("status").filter({ hasText: "Articolo creato!" }).waitFor();
    // The saved article carries the flag and how it was written (the edit page's hidden fields).
    expect(await page.locator('input[name="aiGenerated"]').inputValue()).toBe("true");
    const metadata = JSON.parse(await page.locator('input[name="generationMetadata"]').inputValue()) as Record<string, string>;
    expect(metadata).toEqual({ generatedBy: "gpt-4o-mini", topic: `gatto anziano ${stamp}` });
    const saved = await page.request.get(`/article/un-nuovo-titolo-accattivante`);
    expect(await saved.text()).not.toContain('alert("x")');
  });

  it("shows the generation error with the server's message when the provider fails", async () => {
    const { page } = await asAdmin();
    await fakeMode("fail");
    await page.goto("/admin/articles/new");
    await page.getByRole("button", { name: "Genera con l'AI" }).click();
    const panel = page.getByRole("region", { name: "Generatore AI" });
    await panel.getByLabel("Argomento *").fill("la pappa del cane");
    await panel.getByLabel("Categoria *").selectOption({ index: 1 });
    await panel.getByRole("button", { name: "Genera articolo" }).click();
    const alert = page.getByRole("alert").filter({ hasText: AI_MESSAGES.generateArticleError });
    await alert.waitFor();
    // The form stays usable: the admin may try again.
    expect(await panel.getByRole("button", { name: "Genera articolo" }).isEnabled()).toBe(true);
    // Nothing reached the form.
    expect(await page.getByLabel("Titolo *").inputValue()).toBe("");
  });

  it("shows the place in the queue behind another request, then the progress, while a slow answer arrives", async () => {
    const { page } = await asAdmin();
    await fakeMode("slow", 100);
    await page.goto("/admin/articles/new");
    await page.getByRole("button", { name: "Genera con l'AI" }).click();
    const panel = page.getByRole("region", { name: "Generatore AI" });
    await panel.getByLabel("Argomento *").fill("il coniglio in appartamento");
    await panel.getByLabel("Categoria *").selectOption({ index: 1 });
    // Another request (another admin's tab) holds the queue: this one waits behind it.
    const other = page.request.post("/admin/ai/regenerate-field", {
      data: { field: "content", context: { title: "Il coniglio", category: "alimentazione", topic: "Conigli" } },
      headers: { origin: new URL(page.url()).origin },
    });
    await panel.getByRole("button", { name: "Genera articolo" }).click();
    const bar = page.getByRole("progressbar", { name: "Avanzamento della generazione" });
    await bar.waitFor();
    expect(await bar.getAttribute("aria-valuemin")).toBe("0");
    expect(await bar.getAttribute("aria-valuemax")).toBe("100");
    await page.locator('[data-ai-progress="queued"]').waitFor();
    expect(await panel.getByText(/^(Prossima in coda: partenza tra circa \d+ s|Posizione in coda: \d+, attesa stimata \d+ s)$/).count()).toBe(1);
    await page.locator('[data-ai-progress="generating"]').waitFor({ timeout: 30_000 });
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(0);
    await page.locator('[data-ai-preview="title"]').waitFor({ timeout: 30_000 });
    expect((await other).status()).toBe(200);
  });

  it("cancelling stops the provider's call, and the panel fits a 360 px screen", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await fakeMode("slow", 300);
    await page.goto("/admin/articles/new");
    await page.getByRole("button", { name: "Genera con l'AI" }).click();
    const panel = page.getByRole("region", { name: "Generatore AI" });
    await panel.getByLabel("Argomento *").fill("il criceto e la ruota");
    await panel.getByLabel("Categoria *").selectOption({ index: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await panel.getByRole("button", { name: "Genera articolo" }).click();
    await page.locator('[data-ai-progress="generating"]').waitFor({ timeout: 30_000 });
    await panel.getByRole("button", { name: "Annulla" }).click();
    await panel.getByRole("button", { name: "Genera articolo" }).waitFor();
    // The browser's abort reached the provider: its call was cut before the answer ended.
    await expect
      .poll(async () => {
        const requests = (await (await fetch(`${inject("aiControlUrl")}/__requests`)).json()) as { kind: string; aborted: boolean }[];
        return requests.filter((r) => r.kind === "article").at(-1)?.aborted;
      })
      .toBe(true);
    expect(await page.locator('[data-ai-preview="title"]').count()).toBe(0);
  });
});

describe("/admin/editorial-plan", () => {
  it("asks before a plan over 10 items, generates the first 10 and saves them as drafts", async () => {
    const { page } = await asAdmin();
    await page.goto("/admin/editorial-plan");
    await page.getByRole("heading", { name: "Piano Editoriale", level: 1 }).waitFor();

    await page.getByRole("button", { name: "Salva come bozze" }).click();
    await page.getByRole("alert").filter({ hasText: "Genera prima un piano editoriale" }).waitFor();
    await page.getByRole("button", { name: "Genera piano" }).click();
    await page.getByRole("alert").filter({ hasText: "Seleziona almeno una categoria" }).waitFor();

    expect(await page.getByLabel("Articoli a settimana").inputValue()).toBe("3");
    expect(await page.getByLabel("Settimane").inputValue()).toBe("4");
    await page.getByRole("group", { name: "Categorie *" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Genera piano" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Hai chiesto 12 articoli: verranno generati solo i primi 10").waitFor();
    await dialog.getByRole("button", { name: "Genera i primi 10" }).click();

    const rows = page.getByRole("region", { name: "Piano generato" }).locator("tbody tr");
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(10);
    expect(await rows.first().textContent()).toContain("Articolo 1");
    await page.getByRole("button", { name: "Salva come bozze" }).click();
    await page.getByRole("status").filter({ hasText: "10 articoli creati con successo!" }).waitFor();

    await page.goto("/admin/articles?q=Articolo+1%3A");
    await page.getByRole("cell", { name: /Articolo 1: consigli/ }).first().waitFor();
  });

  it("prefers the server's message when the plan fails", async () => {
    const { page } = await asAdmin();
    await fakeMode("fail");
    await page.goto("/admin/editorial-plan");
    await page.getByRole("group", { name: "Categorie *" }).getByRole("checkbox").first().check();
    await page.getByLabel("Settimane").fill("1");
    await page.getByRole("button", { name: "Genera piano" }).click();
    // The provider's HTTP 500: the server's own message, not the generic one.
    await page.getByRole("alert").filter({ hasText: AI_MESSAGES.invalidAnswer }).waitFor();
    expect(await page.getByRole("region", { name: "Piano generato" }).locator("tbody tr").count()).toBe(0);
  });
});

describe("/admin/api-stats", () => {
  it("shows the figures and the chart, and refreshes when a request is logged", async () => {
    const { page } = await asAdmin();
    await page.goto("/admin/api-stats");
    await page.getByRole("heading", { name: "Statistiche API", level: 1 }).waitFor();
    const total = page.locator("dt", { hasText: "Richieste totali" }).locator("xpath=following-sibling::dd");
    const before = Number((await total.textContent())!.replace(/\./g, ""));
    // the tests above made requests today
    expect(before).toBeGreaterThan(0);
    const chart = page.locator('svg[data-chart="ai-usage"]');
    expect(await chart.getAttribute("role")).toBe("img");
    expect(await chart.locator("rect").count()).toBeGreaterThan(0);

    // A request made elsewhere shows up here without reloading the page.
    const answer = await page.request.post("/admin/ai/regenerate-field", {
      data: { field: "title", context: { title: "Il gatto", category: "gatti", topic: "Gatti" } },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(answer.headers()["content-type"]).toContain("text/event-stream");
    expect(await answer.text()).toContain("event: result");
    await page.waitForFunction(
      ([selector, value]) => {
        const dd = [...document.querySelectorAll("dt")].find((dt) => dt.textContent === selector)?.nextElementSibling;
        return Number((dd?.textContent ?? "0").replace(/\./g, "")) > value;
      },
      ["Richieste totali", before] as const,
      { timeout: 10_000 },
    );

    await page.getByLabel("Periodo").selectOption("7");
    await page.waitForURL("**/admin/api-stats?days=7");
    await chart.locator("desc", { hasText: /^7 giorni,/ }).waitFor({ state: "attached" });
    expect(await chart.locator("text", { hasText: /\d{2}\/\d{2}/ }).count()).toBe(7);
  });
});

describe("the AI pages on a phone", () => {
  it("fit a 360 px screen", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ["/admin/editorial-plan", "/admin/api-stats?days=90"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});
