// The SEO manager's redirects, meta tags and settings tabs: an admin adds a redirect, follows it
// (the visits rise), deletes it; a full URL as the from path and a loop are refused; saved settings
// change /robots.txt and the home page's head at once and show in the meta tags tab; a bad Open
// Graph image is refused; non-admins are sent to /login. The settings are restored at the end
// (other files check the home page's title and tags).
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const SETTINGS_FIELDS = ["siteName", "siteDescription", "defaultOgImage", "googleAnalyticsId", "googleSearchConsoleCode", "facebookPixelId", "robotsTxt"] as const;
let originalSettings: Record<string, string> | null = null;

async function asAdmin(path: string) {
  const { context, page } = await browser.context();
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(path);
  return { context, page };
}

/** The saved settings put back through the page's own action, whatever happened in the test. */
afterAll(async () => {
  if (!originalSettings) return;
  const { context } = await browser.context();
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await context.request.post(`${baseUrl()}/admin/seo/settings`, { form: originalSettings, headers: { origin: baseUrl() }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
});

describe("admin SEO: redirects, meta tags, settings", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    for (const path of ["/admin/seo/redirects", "/admin/seo/meta-tags", "/admin/seo/settings"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/login");
    }
    await signUpIn(context);
    for (const path of ["/admin/seo/redirects", "/admin/seo/settings"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/login");
    }
  });

  it("adds a redirect that answers at once and counts its visits, refuses a full URL and a loop, deletes it", async () => {
    const from = `/e2e-vecchia-${Date.now()}`;
    const { page } = await asAdmin("/admin/seo/redirects");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 2, name: "Redirect" }).waitFor();

    // The form replaces the list; a full URL as the from path is refused with its message.
    await main.getByRole("button", { name: "Nuovo redirect" }).click();
    const form = main.getByRole("region", { name: "Nuovo redirect" });
    await form.waitFor();
    expect(await main.getByRole("table").count()).toBe(0);
    expect(await form.getByLabel("Tipo").inputValue()).toBe("301");
    await form.getByLabel("Percorso di origine").fill(`https://zampa.it${from}`);
    await form.getByLabel("Percorso di destinazione").fill("/about");
    await form.getByRole("button", { name: "Aggiungi redirect" }).click();
    await form.getByRole("alert").getByText(/deve essere relativo, senza dominio/).waitFor();
    expect(await form.getByLabel("Percorso di origine").getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Percorso di origine").fill(from);
    await form.getByRole("button", { name: "Aggiungi redirect" }).click();
    await main.getByText("Redirect aggiunto", { exact: true }).waitFor();
    const row = main.getByRole("row").filter({ hasText: from });
    await row.waitFor();
    expect(await row.textContent()).toContain("/about");
    expect(await row.textContent()).toContain("301");
    expect(await row.textContent()).toContain("Attivo");
    expect(await row.getByTestId("redirect-visits").textContent()).toBe("0");
    expect(await axeViolations(page)).toEqual([]);

    // Ordered by the from path (its unique index), kept in the address; the header says so.
    await main.getByRole("link", { name: "Da", exact: true }).click();
    await page.waitForURL(/sort=from&dir=asc/);
    await main.locator('th[aria-sort="ascending"]', { hasText: "Da" }).waitFor();
    await main.getByRole("link", { name: "Da", exact: true }).click();
    await page.waitForURL(/sort=from&dir=desc/);
    await main.locator('th[aria-sort="descending"]', { hasText: "Da" }).waitFor();

    // Visiting the old path lands on the target, and the visit is counted.
    await page.goto(from);
    expect(new URL(page.url()).pathname).toBe("/about");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const plain = await fetch(`${baseUrl()}${from}`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("/about");
    await page.goto("/admin/seo/redirects");
    await expect.poll(() => main.getByRole("row").filter({ hasText: from }).getByTestId("redirect-visits").textContent()).toBe("2");

    // A redirect back from the target would loop: refused, nothing added.
    await main.getByRole("button", { name: "Nuovo redirect" }).click();
    await form.getByLabel("Percorso di origine").fill("/about");
    await form.getByLabel("Percorso di destinazione").fill(from);
    await form.getByRole("button", { name: "Aggiungi redirect" }).click();
    await form.getByRole("alert").getByText(`Questo redirect creerebbe un ciclo: /about → ${from} → /about`).waitFor();
    await form.getByRole("button", { name: "Annulla" }).click();
    await main.getByRole("table").waitFor();
    expect(await main.getByRole("row").filter({ hasText: "/about" }).count()).toBe(1);
    expect((await fetch(`${baseUrl()}/about`, { redirect: "manual" })).status).toBe(200);

    // Deleted after a confirmation: the old path answers 404 again.
    await main.getByLabel(`Azioni: «${from}»`).click();
    await main.getByRole("button", { name: `Elimina «${from}»` }).click();
    const confirm = page.getByRole("dialog", { name: "Conferma" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Vuoi eliminare il redirect da ${from} a /about?`);
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await main.getByText("Redirect eliminato", { exact: true }).waitFor();
    await main.getByRole("row").filter({ hasText: from }).waitFor({ state: "detached" });
    expect((await fetch(`${baseUrl()}${from}`, { redirect: "manual" })).status).toBe(404);
  });

  it("saves the settings: /robots.txt, the home page's head and the meta tags tab change at once; a bad image URL is refused", async () => {
    const { page } = await asAdmin("/admin/seo/settings");
    const main = page.getByRole("main");
    const form = main.getByRole("form", { name: "Impostazioni SEO" });
    await form.waitFor();
    const fieldOf = (name: string) => form.locator(`[name="${name}"]`);
    const original: Record<string, string> = {};
    for (const name of SETTINGS_FIELDS) original[name] = await fieldOf(name).inputValue();
    originalSettings = original;
    expect(await form.getByLabel("robots.txt").getAttribute("rows")).toBe("10");

    // Warm the page cache with the current head.
    await fetch(`${baseUrl()}/`);
    await fetch(`${baseUrl()}/`);

    // The main error: an Open Graph image that is not a URL is refused, nothing saved.
    await form.getByLabel("Immagine Open Graph predefinita").fill("immagine senza indirizzo");
    await form.getByRole("button", { name: "Salva impostazioni" }).click();
    await form.getByRole("alert").getByText(/L'immagine Open Graph deve essere un URL/).waitFor();

    await form.getByLabel("Nome del sito").fill("Zampa E2E Prova");
    await form.getByLabel("Descrizione del sito").fill("Descrizione di prova del portale per chi ama gli animali.");
    await form.getByLabel("Immagine Open Graph predefinita").fill("/uploads/og-e2e.png");
    await form.getByLabel("robots.txt").fill("User-agent: *\nDisallow: /e2e-privato");
    await form.getByRole("button", { name: "Salva impostazioni" }).click();
    await main.getByText("Impostazioni salvate con successo", { exact: true }).waitFor();

    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(await robots.text()).toBe("User-agent: *\nDisallow: /e2e-privato\n");
    const home = await (await fetch(`${baseUrl()}/`)).text();
    expect(home).toContain("<title>Zampa E2E Prova</title>");
    expect(home).toContain('<meta name="description" content="Descrizione di prova del portale per chi ama gli animali."/>');
    expect(home).toContain(`<meta property="og:image" content="${baseUrl()}/uploads/og-e2e.png"/>`);
    expect(home).toContain('<meta property="og:site_name" content="Zampa E2E Prova"/>');

    // The meta tags tab shows the saved values; its link switches to the settings tab.
    await page.goto("/admin/seo/meta-tags");
    await main.getByRole("heading", { level: 2, name: "Meta tag globali" }).waitFor();
    const list = main.getByRole("definition");
    expect(await list.allTextContents()).toEqual(["Zampa E2E Prova", "Descrizione di prova del portale per chi ama gli animali.", "/uploads/og-e2e.png"]);
    await main.getByRole("link", { name: "Modifica nelle impostazioni" }).click();
    await main.getByRole("heading", { level: 2, name: "Impostazioni SEO" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/seo/settings");
    expect(await form.getByLabel("Nome del sito").inputValue()).toBe("Zampa E2E Prova");

    // Put back what was there, through the form, and see the home page follow.
    for (const name of SETTINGS_FIELDS) await fieldOf(name).fill(original[name]!);
    await form.getByRole("button", { name: "Salva impostazioni" }).click();
    await main.getByText("Impostazioni salvate con successo", { exact: true }).waitFor();
    originalSettings = null;
    const restored = await (await fetch(`${baseUrl()}/`)).text();
    expect(restored).toContain(`<title>${original.siteName}</title>`);
    expect(restored).not.toContain("Zampa E2E Prova");
  });
});
