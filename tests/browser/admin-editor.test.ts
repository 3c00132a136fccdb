// The article form's content editor and featured image (/admin/articles/new): formatting from the
// toolbar and the keyboard, Markdown paste, links, pictures in the text, the featured image's
// upload with its progress bar and preview, the URL choice, and the refusals with the spec's messages.
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseUrl, signIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./server";

const browser = startBrowser();

async function openForm(options: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await browser.context(options);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/articles/new");
  await page.getByRole("heading", { name: "Nuovo articolo" }).waitFor();
  // The editor replaces the server's textarea once TipTap has loaded.
  await page.locator("[data-editor-ready] .ProseMirror").waitFor();
  return { context, page };
}

function editable(page: Page) {
  return page.getByRole("textbox", { name: /^Contenuto/ });
}

async function contentHtml(page: Page): Promise<string> {
  return page.locator('input[type="hidden"][name="content"]').inputValue();
}

function toolbarButton(page: Page, name: string) {
  return page.getByRole("toolbar", { name: "Formattazione del contenuto" }).getByRole("button", { name, exact: true });
}

/** A PNG of random pixels, so that it does not compress: about `side² × 3` bytes. */
async function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

describe("the article editor", () => {
  it("formats from the toolbar, pastes Markdown as formatted content, and keeps the HTML in the form field", async () => {
    const { page } = await openForm();
    const box = editable(page);
    expect(await box.getAttribute("aria-multiline")).toBe("true");

    await box.click();
    await toolbarButton(page, "Titolo di sezione (H2)").click();
    await page.keyboard.type("Come nutrire il gatto");
    expect(await toolbarButton(page, "Titolo di sezione (H2)").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Una dieta ");
    await toolbarButton(page, "Grassetto").click();
    await page.keyboard.type("equilibrata");
    expect(await toolbarButton(page, "Grassetto").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => contentHtml(page)).toBe("<h2>Come nutrire il gatto</h2><p>Una dieta <strong>equilibrata</strong></p>");

    // Markdown on the clipboard, as a text editor or an AI chat puts it there.
    await page.keyboard.press("Enter");
    await box.evaluate((element) => {
      const data = new DataTransfer();
      data.setData("text/plain", "## Titolo\n\n- uno\n- due\n\n**grassetto**");
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => contentHtml(page)).toContain("<h2>Titolo</h2>");
    const html = await contentHtml(page);
    expect(html).toMatch(/<ul><li><p>uno<\/p><\/li><li><p>due<\/p><\/li><\/ul>/);
    expect(html).toContain("<strong>grassetto</strong>");
    expect(html).not.toContain("##");
    expect(await box.locator("h2", { hasText: "Titolo" }).count()).toBe(1);

    // Undo takes the paste back.
    await toolbarButton(page, "Annulla").click();
    await expect.poll(() => contentHtml(page)).not.toContain("<li>");
  });

  it("moves between the toolbar's buttons with the arrow keys, one tab stop for all", async () => {
    const { page } = await openForm();
    const first = toolbarButton(page, "Titolo di sezione (H2)");
    await first.focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Sottotitolo (H3)");
    await page.keyboard.press("End");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Ripeti");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Titolo di sezione (H2)");
    const tabStops = await page.getByRole("toolbar", { name: "Formattazione del contenuto" }).locator('button[tabindex="0"]').count();
    expect(tabStops).toBe(1);
    // Space on a focused button formats the text.
    await editable(page).click();
    await page.keyboard.type("Citazione importante");
    await toolbarButton(page, "Citazione").focus();
    await page.keyboard.press("Space");
    await expect.poll(() => contentHtml(page)).toBe("<blockquote><p>Citazione importante</p></blockquote>");
  });

  it("sets a link through its dialog, refusing addresses that are not http(s) or mailto", async () => {
    const { page } = await openForm();
    await editable(page).click();
    await page.keyboard.type("Leggi la guida");
    await page.keyboard.press("Shift+Home");
    await toolbarButton(page, "Collegamento").click();
    const dialog = page.getByRole("dialog", { name: "Inserisci collegamento" });
    const address = dialog.getByLabel("Indirizzo (http, https o mailto)");
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await dialog.getByText("Usa un indirizzo che inizi con http://, https:// o mailto:").waitFor();
    await address.fill("https://www.example.it/guida");
    await dialog.getByRole("button", { name: "Applica" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => contentHtml(page)).toBe('<p><a href="https://www.example.it/guida">Leggi la guida</a></p>');
    expect(await toolbarButton(page, "Collegamento").getAttribute("aria-pressed")).toBe("true");

    await toolbarButton(page, "Collegamento").click();
    await page.getByRole("dialog", { name: "Modifica collegamento" }).getByRole("button", { name: "Rimuovi collegamento" }).click();
    await expect.poll(() => contentHtml(page)).toBe("<p>Leggi la guida</p>");
  });

  it("uploads a picture into the text with its alternative text", async () => {
    const { page } = await openForm();
    await editable(page).click();
    await toolbarButton(page, "Inserisci immagine").click();
    const dialog = page.getByRole("dialog", { name: "Inserisci immagine" });
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a5230" } }).png().toBuffer();
    await dialog.getByLabel("Immagine", { exact: true }).setInputFiles({ name: "cuccia.png", mimeType: "image/png", buffer: png });
    await dialog.getByLabel("Testo alternativo").fill("Una cuccia di legno");
    await dialog.getByRole("button", { name: "Inserisci" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => contentHtml(page)).toMatch(/<img src="\/uploads\/article-images\/[^/"]+\/[0-9a-f-]{36}\.webp" alt="Una cuccia di legno">/);
  });

  it("fits a 360 px screen: the toolbar wraps instead of overflowing", async () => {
    const { page } = await openForm({ width: 360, height: 740 });
    const toolbar = page.getByRole("toolbar", { name: "Formattazione del contenuto" });
    const bar = await toolbar.boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(360);
    const last = await toolbarButton(page, "Ripeti").boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe("the featured image", () => {
  it("uploads a file with a progress bar, then shows the preview and keeps the URL in the form field", async () => {
    const { context, page } = await openForm();
    const field = page.getByRole("group", { name: "Immagine in evidenza" });
    expect(await field.getByLabel("Carica un file").isChecked()).toBe(true);

    // A slow connection, so that the progress bar is seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const png = await noisyPng(500);
    await field.getByLabel("Scegli un'immagine dal dispositivo").setInputFiles({ name: "copertina.png", mimeType: "image/png", buffer: png });
    const progress = field.locator("progress");
    await progress.waitFor();
    await field.getByText(/Caricamento in corso… \d+%/).waitFor();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const preview = field.getByRole("img", { name: "Anteprima dell'immagine in evidenza" });
    await preview.waitFor();
    await field.getByText("Immagine caricata").waitFor();
    const url = await page.locator('input[type="hidden"][name="featuredImage"]').inputValue();
    expect(url).toMatch(/^\/uploads\/article-images\/[^/]+\/[0-9a-f-]{36}\.webp$/);
    expect(await preview.getAttribute("src")).toBe(url.replace(/\.webp$/, ".thumb.webp"));
    const served = await context.request.get(`${baseUrl()}${url}`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");

    await field.getByRole("button", { name: "Rimuovi immagine" }).click();
    expect(await page.locator('input[type="hidden"][name="featuredImage"]').inputValue()).toBe("");
    expect(await preview.count()).toBe(0);
  });

  it("refuses a file over 5 MB or not an image with the spec's messages, before or after sending", async () => {
    const { page } = await openForm();
    const field = page.getByRole("group", { name: "Immagine in evidenza" });
    const picker = field.getByLabel("Scegli un'immagine dal dispositivo");

    await picker.setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(5_242_881) });
    await field.getByRole("alert").getByText("Il file è troppo grande. Dimensione massima: 5MB", { exact: true }).waitFor();

    await picker.setInputFiles({ name: "appunti.txt", mimeType: "text/plain", buffer: Buffer.from("non è un'immagine") });
    await field.getByRole("alert").getByText("Per favore seleziona un file immagine valido", { exact: true }).waitFor();

    // Named and typed as an image, but its content is a web page: the server refuses it.
    await picker.setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><p>ciao</p>") });
    await field
      .getByRole("alert")
      .getByText("Errore nel caricamento dell'immagine: Per favore seleziona un file immagine valido", { exact: true })
      .waitFor();
    expect(await page.locator('input[type="hidden"][name="featuredImage"]').inputValue()).toBe("");
  });

  it("takes an http(s) address instead of a file", async () => {
    const { page } = await openForm();
    const field = page.getByRole("group", { name: "Immagine in evidenza" });
    await field.getByLabel("Usa un URL").check();
    const address = field.getByLabel("Indirizzo dell'immagine");
    await address.fill("ftp://example.com/gatto.jpg");
    await address.blur();
    await field.getByText("Inserisci un indirizzo che inizi con http:// o https://").waitFor();
    await address.fill("https://example.com/gatto.jpg");
    expect(await page.locator('input[type="hidden"][name="featuredImage"]').inputValue()).toBe("https://example.com/gatto.jpg");
    expect(await field.getByText("Inserisci un indirizzo che inizi con http:// o https://").count()).toBe(0);
  });
});

describe("saving an article written in the editor", () => {
  it("saves the formatted content and the uploaded featured image, and opens them again for editing", async () => {
    const { page } = await openForm();
    const stamp = Date.now().toString(36);
    await page.getByLabel("Titolo *").fill(`Il gatto e la pappa ${stamp}`);
    await page.getByLabel("Categoria *").selectOption({ index: 1 });
    await page.getByLabel("Estratto *").fill("Cosa mettere nella ciotola.");
    await editable(page).click();
    await toolbarButton(page, "Titolo di sezione (H2)").click();
    await page.keyboard.type("La ciotola giusta");
    await page.keyboard.press("Enter");
    await toolbarButton(page, "Corsivo").click();
    await page.keyboard.type("Poca ma buona");
    const field = page.getByRole("group", { name: "Immagine in evidenza" });
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#d9a066" } }).png().toBuffer();
    await field.getByLabel("Scegli un'immagine dal dispositivo").setInputFiles({ name: "ciotola.png", mimeType: "image/png", buffer: png });
    await field.getByRole("img", { name: "Anteprima dell'immagine in evidenza" }).waitFor();

    await page.getByRole("button", { name: "Crea articolo" }).click();
    await page.getByRole("status").filter({ hasText: "Articolo creato!" }).waitFor();
    await page.getByRole("heading", { name: "Modifica articolo" }).waitFor();
    await page.locator("[data-editor-ready] .ProseMirror").waitFor();
    await editable(page).locator("h2", { hasText: "La ciotola giusta" }).waitFor();
    expect(await editable(page).locator("em", { hasText: "Poca ma buona" }).count()).toBe(1);
    expect(await contentHtml(page)).toBe("<h2>La ciotola giusta</h2><p><em>Poca ma buona</em></p>");
    const image = await page.locator('input[type="hidden"][name="featuredImage"]').inputValue();
    expect(image).toMatch(/^\/uploads\/article-images\/[^/]+\/[0-9a-f-]{36}\.webp$/);
    await page.getByRole("group", { name: "Immagine in evidenza" }).getByRole("img", { name: "Anteprima dell'immagine in evidenza" }).waitFor();
  });

  it("works without JavaScript: the server's textarea sends the content, and Markdown opens formatted in the editor", async () => {
    const { context, page } = await browser.context({ javaScript: false });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/articles/new");
    const stamp = Date.now().toString(36);
    await page.getByLabel("Titolo *").fill(`Senza script ${stamp}`);
    await page.getByLabel("Slug *").fill(`senza-script-${stamp}`);
    await page.getByLabel("Categoria *").selectOption({ index: 1 });
    await page.getByLabel("Estratto *").fill("Scritto senza JavaScript.");
    const textarea = page.locator('textarea[name="content"]');
    expect(await textarea.getAttribute("aria-labelledby")).toBe("content-label");
    await page.getByLabel("Contenuto *").fill("## Acqua fresca\n\n- sempre pulita\n- cambiata ogni giorno\n\n**Importante** in estate.");
    await page.getByRole("button", { name: "Crea articolo" }).click();
    await page.waitForURL(/\/admin\/articles\/edit\?id=/);

    const { context: withJs, page: editorPage } = await browser.context();
    await withConsent(withJs);
    await signIn(withJs, E2E_ADMIN.email, E2E_ADMIN.password);
    await editorPage.goto(page.url());
    await editorPage.locator("[data-editor-ready] .ProseMirror").waitFor();
    await editable(editorPage).locator("h2", { hasText: "Acqua fresca" }).waitFor();
    expect(await editable(editorPage).locator("li").count()).toBe(2);
    expect(await contentHtml(editorPage)).toBe(
      "<h2>Acqua fresca</h2><ul><li><p>sempre pulita</p></li><li><p>cambiata ogni giorno</p></li></ul><p><strong>Importante</strong> in estate.</p>",
    );
  });
});

