// /admin/seo: the tab bar (links, reachable by keyboard, scrolling inside its box at 360 px), the
// overview's cards and checklist, keywords added and edited in the form that replaces the list
// (with the bar, badge and the articles that use each one; a blank keyword refused; markup in the
// notes shown as text), the sitemap downloaded as a file; non-admins sent to /login. What the tests
// add they delete.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function asAdmin(path: string, size?: { width: number; height: number }) {
  const { context, page } = await browser.context(size);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: "SEO" }).waitFor();
  return { context, page };
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Sezioni SEO" });

async function addKeyword(page: Page, values: { keyword: string; volume?: string; difficulty?: string; status?: string; notes?: string }) {
  const main = page.getByRole("main");
  await main.getByRole("link", { name: /^Aggiungi (la prima )?parola chiave$/ }).first().click();
  await main.getByRole("heading", { name: "Nuova parola chiave" }).waitFor();
  await main.getByLabel("Parola chiave").fill(values.keyword);
  if (values.volume !== undefined) await main.getByLabel("Volume di ricerca").fill(values.volume);
  if (values.difficulty !== undefined) await main.getByLabel("Difficoltà (1-100)").fill(values.difficulty);
  if (values.status !== undefined) await main.getByLabel("Stato").selectOption({ label: values.status });
  if (values.notes !== undefined) await main.getByLabel(/^Note/).fill(values.notes);
  await main.getByRole("button", { name: "Aggiungi parola chiave" }).click();
  await main.getByText("Parola chiave aggiunta", { exact: true }).waitFor();
}

const row = (page: Page, keyword: string) =>
  page.getByRole("main").getByRole("row").filter({ has: page.getByRole("cell", { name: keyword, exact: true }) });

/** "Modifica" in the row's menu (a disclosure: it opens without JavaScript too). */
async function openEdit(page: Page, keyword: string) {
  const main = page.getByRole("main");
  await main.getByLabel(`Azioni: «${keyword}»`).click();
  await main.getByRole("link", { name: `Modifica «${keyword}»` }).click();
}

async function deleteKeyword(page: Page, keyword: string) {
  const main = page.getByRole("main");
  await openEdit(page, keyword);
  await main.getByRole("heading", { name: "Modifica parola chiave" }).waitFor();
  await main.getByRole("button", { name: "Elimina" }).click();
  const confirm = page.getByRole("dialog", { name: "Conferma" });
  await confirm.getByRole("button", { name: "Elimina" }).click();
  await main.getByText("Parola chiave eliminata", { exact: true }).waitFor();
}

describe("admin SEO", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    for (const path of ["/admin/seo", "/admin/seo/keywords", "/admin/seo/sitemap"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/login");
    }
    await signUpIn(context);
    for (const path of ["/admin/seo", "/admin/seo/keywords?edit=new"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/login");
    }
  });

  it("shows the overview's cards and checklist; the tabs are links reached by keyboard", async () => {
    const { page } = await asAdmin("/admin/seo");
    const main = page.getByRole("main");
    const links = tabs(page).getByRole("link");
    expect(await links.allTextContents()).toEqual(["Panoramica", "Parole chiave", "Sitemap", "Redirect", "Meta tag", "Impostazioni"]);
    expect(await links.first().getAttribute("aria-current")).toBe("page");

    const cards = main.getByRole("list", { name: "Indicatori SEO" }).getByRole("listitem");
    expect(await cards.count()).toBe(4);
    const text = await cards.allTextContents();
    expect(text[0]).toMatch(/Articoli pubblicati\d+su \d+ totali/);
    expect(text[2]).toContain("Redirect attivi");
    expect(text[3]).toMatch(/Lunghezza media\d+,\dk/);
    // The state is written, not only coloured.
    expect(text.every((t) => /Buono|Da migliorare/.test(t))).toBe(true);
    const checklist = main.getByRole("region", { name: "Checklist SEO" });
    expect(await checklist.getByRole("listitem").count()).toBe(4);
    expect(await checklist.textContent()).toContain("Meta tag configurati: fatto");
    const console = main.getByRole("link", { name: /Google Search Console/ });
    expect(await console.getAttribute("target")).toBe("_blank");
    expect(await main.getByRole("link", { name: "Nuovo articolo" }).getAttribute("href")).toBe("/admin/articles/new");
    expect(await main.getByRole("region", { name: "Consigli SEO" }).getByRole("listitem").count()).toBe(5);

    // Keyboard: from the first tab, Tab reaches the second, Enter opens it.
    await links.first().focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Parole chiave");
    await page.keyboard.press("Enter");
    await main.getByRole("heading", { level: 2, name: "Parole chiave" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/seo/keywords");
    expect(await tabs(page).getByRole("link", { name: "Parole chiave" }).getAttribute("aria-current")).toBe("page");
    expect(await links.first().getAttribute("aria-current")).toBeNull();
  });

  it("adds a keyword (bar, badge, articles using it, notes as text), edits it, deletes it", async () => {
    const { page } = await asAdmin("/admin/seo/keywords");
    const main = page.getByRole("main");
    let alerted = false;
    page.on("dialog", (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await addKeyword(page, { keyword: "gatti", volume: "1200", difficulty: "75", status: "Monitoraggio", notes: "<img src=x onerror=alert(1)>" });
    const gatti = row(page, "gatti");
    await gatti.waitFor();
    const cells = await gatti.getByRole("cell").allTextContents();
    expect(cells[1]).toContain("<img src=x onerror=alert(1)>");
    expect(await gatti.locator("img").count()).toBe(0);
    expect(cells[2]).toContain("1200");
    expect(cells[3]).toContain("75 (alta)");
    expect(await gatti.locator("[data-band]").getAttribute("data-band")).toBe("high");
    expect(cells[4]).toContain("Monitoraggio");
    // The demo's articles about cats, found through the Italian stem.
    const articlesLink = gatti.getByRole("link", { name: /\d+ articol/ });
    expect(await articlesLink.getAttribute("href")).toBe("/articles?q=gatti");
    expect(alerted).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await openEdit(page, "gatti");
    await main.getByRole("heading", { name: "Modifica parola chiave" }).waitFor();
    expect(await main.getByLabel("Parola chiave").inputValue()).toBe("gatti");
    expect(await main.getByLabel(/^Note/).getAttribute("rows")).toBe("3");
    await main.getByLabel("Difficoltà (1-100)").fill("20");
    await main.getByLabel("Stato").selectOption({ label: "Posizionata" });
    await main.getByRole("button", { name: "Salva modifiche" }).click();
    await main.getByText("Parola chiave aggiornata", { exact: true }).waitFor();
    const edited = await row(page, "gatti").getByRole("cell").allTextContents();
    expect(edited[3]).toContain("20 (bassa)");
    expect(edited[4]).toContain("Posizionata");

    // No article uses it yet: said plainly; volume 0 shows N/A; default difficulty 50.
    await addKeyword(page, { keyword: "ornitorinco" });
    const none = await row(page, "ornitorinco").getByRole("cell").allTextContents();
    expect(none[2]).toContain("N/A");
    expect(none[3]).toContain("50 (media)");
    expect(none[4]).toContain("Target (da posizionare)");
    expect(none[5]).toContain("Nessun articolo");

    await deleteKeyword(page, "gatti");
    await deleteKeyword(page, "ornitorinco");
    expect(await row(page, "gatti").count()).toBe(0);
  });

  it("refuses a blank keyword on the form, keeping the other fields", async () => {
    const { page } = await asAdmin("/admin/seo/keywords?edit=new");
    const main = page.getByRole("main");
    await main.getByLabel("Parola chiave").fill("   ");
    await main.getByLabel(/^Note/).fill("Da non perdere");
    await main.getByRole("button", { name: "Aggiungi parola chiave" }).click();
    const alert = main.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Errore nel salvataggio");
    expect(await alert.textContent()).toContain("La parola chiave è obbligatoria");
    expect(await main.getByLabel("Parola chiave").getAttribute("aria-invalid")).toBe("true");
    expect(await main.getByLabel(/^Note/).inputValue()).toBe("Da non perdere");
    expect(new URL(page.url()).search).toBe("?edit=new");
  });

  it("adds and edits a keyword without JavaScript (the form has its own address)", async () => {
    const { context, page } = await browser.context({ javaScript: false });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/seo/keywords?edit=new");
    const main = page.getByRole("main");
    await main.getByLabel("Parola chiave").fill("");
    await main.getByRole("button", { name: "Aggiungi parola chiave" }).click();
    await main.getByText("La parola chiave è obbligatoria").first().waitFor();
    await main.getByLabel("Parola chiave").fill("criceto nano");
    await main.getByRole("button", { name: "Aggiungi parola chiave" }).click();
    await main.getByText("Parola chiave aggiunta", { exact: true }).waitFor();
    await row(page, "criceto nano").waitFor();
    await openEdit(page, "criceto nano");
    await main.getByLabel("Volume di ricerca").fill("30");
    await main.getByRole("button", { name: "Salva modifiche" }).click();
    await main.getByText("Parola chiave aggiornata", { exact: true }).waitFor();
    expect((await row(page, "criceto nano").getByRole("cell").allTextContents())[2]).toContain("30");

    // Deleting asks for a confirmation in a dialog, which needs JavaScript.
    const admin = await asAdmin("/admin/seo/keywords");
    await deleteKeyword(admin.page, "criceto nano");
  });

  it("downloads the sitemap the site serves; a failed request says so", async () => {
    const { page } = await asAdmin("/admin/seo/sitemap");
    const main = page.getByRole("main");
    await main.getByText("Ultima generazione").waitFor();
    const button = main.getByRole("button", { name: "Genera e scarica la sitemap" });
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe("sitemap.xml");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const xml = Buffer.concat(chunks).toString("utf8");
    const served = await (await page.request.get("/sitemap.xml")).text();
    expect(xml).toBe(served);
    expect(xml).toMatch(/<(urlset|sitemapindex) /);
    await main.getByText("Sitemap generata con successo!", { exact: true }).waitFor();
    expect(await main.getByRole("link", { name: /Google Search Console/ }).getAttribute("target")).toBe("_blank");
    expect(await main.getByRole("list").filter({ hasText: "Search Console" }).getByRole("listitem").count()).toBeGreaterThan(2);

    await page.route("**/sitemap.xml", (route) => route.fulfill({ status: 500, body: "errore" }));
    await button.click();
    await main.getByText("Errore nella generazione della sitemap", { exact: true }).waitFor();
    expect(await main.getByText("Sitemap generata con successo!").count()).toBe(0);
  });

  it("at 360 px the tab bar scrolls inside its box, not the page", async () => {
    const { page } = await asAdmin("/admin/seo", { width: 360, height: 740 });
    const nav = tabs(page);
    expect(await nav.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The last tab, reached by keyboard, is scrolled into view.
    const last = nav.getByRole("link", { name: "Impostazioni" });
    await last.focus();
    const box = await last.boundingBox();
    expect(box && box.x + box.width <= 360).toBe(true);
  });
});
