// The article form's content editor and featured image (/admin/articles/new): formatting from the
// toolbar and the keyboard, Markdown paste, links, pictures in the text, the featured image's
// upload with its progress bar and preview, the URL choice, and the refusals with the spec's messages.
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { baseUrl, signIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

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


// --- The save bar: in view, "Salvato" beside it, Ctrl+S, the leave question, autosave (decision 0103) ---

/** A new article saved through the form; the page is then its edit page, editor loaded. */
async function savedArticle(options: { width?: number; height?: number; clock?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; title: string }> {
  const { context, page } = await browser.context({ width: options.width ?? 1366, height: options.height ?? 768 });
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  // Playwright's clock: the autosave's 30 seconds pass at once, with no setting of the app's own.
  if (options.clock) await page.clock.install();
  await page.goto("/admin/articles/new");
  await page.locator("[data-editor-ready] .ProseMirror").waitFor();
  const title = `Barra di salvataggio ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await page.getByLabel("Titolo *").fill(title);
  await page.getByLabel("Categoria *").selectOption({ index: 1 });
  await page.getByLabel("Estratto *").fill("Un estratto per provare la barra.");
  await editable(page).click();
  await page.keyboard.type("Il primo paragrafo.");
  await page.getByRole("button", { name: "Crea articolo" }).click();
  await page.getByRole("heading", { name: "Modifica articolo" }).waitFor();
  await page.locator("[data-editor-ready] .ProseMirror").waitFor();
  return { context, page, title };
}

const saveState = (page: Page) => page.locator("#save-state");
const saveButton = (page: Page) => page.getByRole("button", { name: "Salva modifiche" });

/** The element lies wholly inside the window. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
  });
}

describe("the editor's save bar", () => {
  it("stays in view at 1366 and 360 px wherever the page is scrolled, without overflowing the width", async () => {
    for (const [width, height] of [
      [1366, 768],
      [360, 740],
    ] as const) {
      const { page } = await savedArticle({ width, height });
      await saveState(page).getByText(/^Salvato alle \d\d:\d\d$/).waitFor();
      for (const y of [0, 1200, 100_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        expect(await inView(page, "[data-save-bar] button[type=submit]"), `${width} px, scrolled to ${y}`).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Focus moved to a field by the keyboard lands above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByLabel("Meta description").focus();
      const field = await page.getByLabel("Meta description").boundingBox();
      const bar = await page.locator("[data-save-bar]").boundingBox();
      expect(field!.y + field!.height).toBeLessThanOrEqual(bar!.y);
    }
  });

  it("saves on Ctrl+S through the form, and says \"Salvato alle …\" next to the button", async () => {
    const { page, title } = await savedArticle();
    await page.getByLabel("Titolo *").fill(`${title} (rivisto)`);
    await saveState(page).getByText("Modifiche non salvate").waitFor();
    await page.getByLabel("Titolo *").press("Control+s");
    await page.getByRole("status").filter({ hasText: "Articolo aggiornato!" }).waitFor();
    await saveState(page).getByText(/^Salvato alle \d\d:\d\d$/).waitFor();
    expect(await page.getByLabel("Titolo *").inputValue()).toBe(`${title} (rivisto)`);
    // From the rich editor too.
    await editable(page).click();
    await page.keyboard.type(" Aggiunto.");
    await saveState(page).getByText("Modifiche non salvate").waitFor();
    await page.keyboard.press("Control+s");
    await saveState(page).getByText(/^Salvato alle \d\d:\d\d$/).waitFor();
    await page.reload();
    await page.locator("[data-editor-ready] .ProseMirror").waitFor();
    expect(await contentHtml(page)).toBe("<p>Il primo paragrafo. Aggiunto.</p>");
  });

  it("shows a refused save's message next to the bar (Ctrl+S with a wrong input), keeping what was typed", async () => {
    const { page } = await savedArticle();
    await page.getByLabel("Titolo *").fill("");
    await page.getByLabel("Estratto *").fill("Estratto cambiato");
    await page.getByLabel("Estratto *").press("Control+s");
    await saveState(page).getByText("Errore: Inserisci il titolo").waitFor();
    await page.getByRole("alert").filter({ hasText: "Errore: Inserisci il titolo" }).first().waitFor();
    expect(await page.getByLabel("Estratto *").inputValue()).toBe("Estratto cambiato");
    // Checked in the browser with the server's schema: the message beside its field, which has the focus.
    const title = page.getByLabel("Titolo *");
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await title.getAttribute("aria-describedby")}`).textContent()).toBe("Inserisci il titolo");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("article-form-title");
    expect(await axeViolations(page)).toEqual([]);
    // Corrected, the message goes as it is typed.
    await title.fill("Di nuovo un titolo");
    await page.locator("#article-form-title-error").waitFor({ state: "detached" });
    await saveState(page).getByText("Modifiche non salvate").waitFor();
  });

  it("refuses an emptied content before sending it, with the focus in the editor", async () => {
    const { page } = await savedArticle();
    await editable(page).click();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    await page.getByLabel("Meta title").focus();
    await page.keyboard.press("Control+s");
    await saveState(page).getByText("Errore: Inserisci il contenuto dell'articolo").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("article-form-content");
    expect(await editable(page).getAttribute("aria-invalid")).toBe("true");
    await page.keyboard.type("Di nuovo qualcosa.");
    await page.locator("#article-form-content-error").waitFor({ state: "detached" });
  });

  it("without JavaScript, the server's refusal shows beside each field, keeping what was typed", async () => {
    const { context, page } = await browser.context({ javaScript: false });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/articles/new");
    await page.getByLabel("Titolo *").fill("Solo un titolo");
    await page.getByRole("button", { name: "Crea articolo" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Errore: Inserisci lo slug (l'indirizzo dell'articolo)" });
    await summary.waitFor();
    expect(await summary.getByRole("listitem").allTextContents()).toEqual([
      "Inserisci lo slug (l'indirizzo dell'articolo)",
      "Seleziona una categoria",
      "Inserisci l'estratto",
      "Inserisci il contenuto dell'articolo",
    ]);
    expect(new URL(page.url()).pathname).toBe("/admin/articles/new");
    expect(await page.getByLabel("Titolo *").inputValue()).toBe("Solo un titolo");
    const excerpt = page.getByLabel("Estratto *");
    expect(await excerpt.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${(await excerpt.getAttribute("aria-describedby"))!.split(" ")[0]}`).textContent()).toBe("Inserisci l'estratto");
    expect(await page.getByLabel("Titolo *").getAttribute("aria-invalid")).toBeNull();
  });

  it("asks before leaving with unsaved changes (links, closing the tab), not after a save", async () => {
    const { page } = await savedArticle();
    await page.getByLabel("Estratto *").fill("Una modifica da non perdere");
    await page.getByRole("link", { name: "Articoli", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Modifiche non salvate" });
    await dialog.getByText("Hai modifiche non salvate. Vuoi uscire senza salvarle?").waitFor();
    // "Resta" has the focus: Enter keeps the page and what was typed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Resta");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/admin/articles/edit");
    expect(await page.getByLabel("Estratto *").inputValue()).toBe("Una modifica da non perdere");

    // Closing the tab: the browser's own question.
    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.type()), void d.dismiss())));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);

    // Leaving anyway.
    await page.getByRole("link", { name: "Articoli", exact: true }).first().click();
    await dialog.getByRole("button", { name: "Esci senza salvare" }).click();
    await page.waitForURL(/\/admin\/articles$/);

    // After a save, nothing to ask.
    const { page: other } = await savedArticle();
    await other.getByLabel("Estratto *").fill("Salvata prima di uscire");
    await other.keyboard.press("Control+s");
    await saveState(other).getByText(/^Salvato alle/).waitFor();
    await other.getByRole("link", { name: "Articoli", exact: true }).first().click();
    await other.waitForURL(/\/admin\/articles$/);
  });

  it("autosaves a draft revision after 30 seconds of unsaved changes, without saving the article", async () => {
    const { page, title } = await savedArticle({ clock: true });
    await editable(page).click();
    await page.keyboard.type(" Scritto e non ancora salvato.");
    await saveState(page).getByText("Modifiche non salvate").waitFor();
    await page.clock.fastForward(31_000);
    await saveState(page).getByText(/^Bozza salvata automaticamente alle \d\d:\d\d$/).waitFor();
    await saveState(page).getByText("Modifiche non salvate").waitFor();
    // In the history, a draft beside the save, which stays the current version.
    const history = page.getByRole("region", { name: "Cronologia revisioni" });
    await history.getByText(/bozza automatica/).waitFor();
    expect(await history.getByText("versione attuale").count()).toBe(1);
    await history.getByText("Un salvataggio (se ne conservano al massimo 25). Una bozza salvata automaticamente.").waitFor();
    // Nothing new to write: the next ticks send nothing.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    await page.clock.fastForward(31_000);
    await page.clock.fastForward(31_000);
    expect(posts).toBe(0);
    // The article itself was not saved: the public address still shows the first text.
    const { context: visitor, page: fresh } = await browser.context();
    await withConsent(visitor);
    await signIn(visitor, E2E_ADMIN.email, E2E_ADMIN.password);
    await fresh.goto(page.url());
    await fresh.locator("[data-editor-ready] .ProseMirror").waitFor();
    expect(await contentHtml(fresh)).toBe("<p>Il primo paragrafo.</p>");
    expect(await fresh.getByLabel("Titolo *").inputValue()).toBe(title);
  });

  it("a second tab's save is not silently overwritten: the older tab's save is refused in Italian", async () => {
    const { context, page } = await savedArticle();
    const second = await context.newPage();
    await second.goto(page.url());
    await second.waitForSelector("html[data-hydrated]", { state: "attached" });
    await second.locator("[data-editor-ready] .ProseMirror").waitFor();
    await second.getByLabel("Estratto *").fill("Dalla seconda scheda");
    await second.keyboard.press("Control+s");
    await saveState(second).getByText(/^Salvato alle/).waitFor();
    await page.getByLabel("Estratto *").fill("Dalla prima scheda");
    await saveButton(page).click();
    await saveState(page).getByText(/è stato salvato in un'altra scheda o da un altro amministratore/).waitFor();
    expect(await page.getByLabel("Estratto *").inputValue()).toBe("Dalla prima scheda");
  });

  it("works from the keyboard alone: Tab reaches every field above the bar, then the bar's button", async () => {
    const { page, title } = await savedArticle({ width: 360, height: 740 });
    await page.getByLabel("Titolo *").focus();
    await page.keyboard.press("End");
    await page.keyboard.type(" bis");
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const bar = document.querySelector("[data-save-bar]")!.getBoundingClientRect();
        if (!active) return { inBar: false, hidden: false, name: "" };
        const box = active.getBoundingClientRect();
        const inBar = active.closest("[data-save-bar]") !== null;
        return { inBar, hidden: !inBar && box.height > 0 && box.bottom > bar.top + 1, name: active.getAttribute("aria-label") ?? active.id ?? active.tagName };
      });
      expect(where.hidden, `${where.name} is under the save bar`).toBe(false);
      reached = where.inBar;
    }
    expect(reached).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Salva modifiche");
    await page.keyboard.press("Enter");
    await saveState(page).getByText(/^Salvato alle \d\d:\d\d$/).waitFor();
    expect(await page.getByLabel("Titolo *").inputValue()).toBe(`${title} bis`);
  });

  it("offers \"Mantieni la data di pubblicazione\" only for a published article", async () => {
    const { page } = await savedArticle();
    expect(await page.getByLabel("Mantieni la data di pubblicazione").count()).toBe(0);
    await page.getByLabel("Stato *").selectOption("published");
    await page.keyboard.press("Control+s");
    await saveState(page).getByText(/^Salvato alle/).waitFor();
    await page.getByLabel("Mantieni la data di pubblicazione").waitFor();
    expect(await page.getByLabel("Mantieni la data di pubblicazione").isChecked()).toBe(false);
    // Back to a draft: the suite shares one site, whose home and category pages count the published articles.
    await page.getByLabel("Stato *").selectOption("draft");
    await page.keyboard.press("Control+s");
    await page.getByLabel("Mantieni la data di pubblicazione").waitFor({ state: "detached" });
  });
});
