import type { Page } from "playwright-core";
// Accounts in the browser: sign up, sign in, sign out, the user menu, the guards.
import { describe, expect, it } from "vitest";
import { E2E_ADMIN } from "./e2e-accounts";
import { baseUrl, linkMailedTo, outboxNames, signUpIn, uniqueEmail, startBrowser, withConsent } from "./browser";

const browser = startBrowser();

async function openSignUp(page: Page) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Registrati" }).click();
  await page.getByRole("heading", { name: "Registrati" }).waitFor();
}

async function fillSignUp(page: Page, email: string, options: { accept?: boolean } = {}) {
  await page.getByLabel("Nome completo").fill("Sara Neri");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Coniglio-Nano-42");
  if (options.accept !== false) {
    await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
    await page.getByLabel("Accetto i Termini e Condizioni").check();
  }
}

describe("sign-up, sign-out and sign-in", () => {
  it("a visitor signs up, confirms the address from the mail, signs in, sees the user menu, signs out and signs in again", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const email = uniqueEmail("sara");
    await openSignUp(page);
    await fillSignUp(page, email);
    await page.getByRole("button", { name: "Registrati" }).click();
    // No session yet (decision 0075): the same answer a registered address gets.
    await page.getByRole("status").filter({ hasText: "Controlla la tua email" }).waitFor();
    expect(await page.getByRole("button", { name: "Sara Neri" }).count()).toBe(0);

    await page.goto(await linkMailedTo(email, "/api/auth/verify-email?"));
    await page.getByRole("status").filter({ hasText: "Indirizzo email confermato" }).waitFor();
    await page.getByRole("link", { name: "Vai all'accesso" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Coniglio-Nano-42");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");

    const menuButton = page.getByRole("button", { name: "Sara Neri" });
    await menuButton.click();
    expect(await page.getByText(email).filter({ visible: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Admin Dashboard" }).count()).toBe(0);
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press("Escape");
    expect(await page.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(false);
    await menuButton.click();
    await page.getByRole("button", { name: "Esci" }).click();
    await page.getByRole("link", { name: "Accedi" }).first().waitFor();

    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/login");
    // With the way back to the page asked for (decision 0092).
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Coniglio-Nano-42");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toContain("Sara Neri");
  });

  it("shows 'Caricamento...' on a disabled button while submitting", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.route("**/login*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto("/login");
    await page.getByLabel("Email").fill("qualcuno@example.it");
    await page.getByLabel("Password").fill("una-password-qualsiasi");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    const busy = page.getByRole("button", { name: "Caricamento..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.getByRole("alert").waitFor();
  });

  it("refuses a sign-up without both checkboxes, with the spec's message", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await openSignUp(page);
    await fillSignUp(page, uniqueEmail(), { accept: false });
    await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
    await page.getByRole("button", { name: "Registrati" }).click();
    expect(await page.getByRole("alert").textContent()).toBe(
      "Devi accettare la Privacy Policy e i Termini e Condizioni per registrarti",
    );
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("answers a registered e-mail as a new one, mails its owner, and refuses a wrong password with a clear message", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const owner = await signUpIn(context, "Sara Neri");
    await context.clearCookies();
    const before = await outboxNames();
    await openSignUp(page);
    await fillSignUp(page, owner.email);
    await page.getByRole("button", { name: "Registrati" }).click();
    const answer = await page.getByRole("status").filter({ hasText: "Controlla la tua email" }).textContent();
    await openSignUp(page);
    await fillSignUp(page, uniqueEmail("nuova"));
    await page.getByRole("button", { name: "Registrati" }).click();
    expect(await page.getByRole("status").filter({ hasText: "Controlla la tua email" }).textContent()).toBe(answer);
    // The owner is told, with the way back in.
    await linkMailedTo(owner.email, "/forgot-password", { after: before });

    await page.goto("/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("non-e-la-password");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Email o password non corretti");
  });
});

describe("administrators", () => {
  it("the administrator from ADMIN_EMAIL sees 'Admin Dashboard' and reaches /admin", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Amministratore" }).click();
    await page.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    // The URL changes a moment before the new page is rendered.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Dashboard");
    await page.goto("/admin/sezione-inesistente");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sezione non disponibile");
  });

  it("a signed-in user who opens /admin lands on /login", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context, "Sara Neri");
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByRole("status").textContent()).toContain("Hai già effettuato l'accesso");
  });
});

describe("the /login page's head", () => {
  it("has its canonical URL, Open Graph and Twitter tags like every page, and is not indexed", async () => {
    const { page } = await browser.context();
    await page.goto("/login?mode=signup");
    const head = page.locator("head");
    const meta = (key: string) => head.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");
    const canonical = `${baseUrl()}/login`;
    expect(await page.title()).toBe("Accedi o registrati | Zampa");
    expect(await head.locator('link[rel="canonical"]').getAttribute("href")).toBe(canonical);
    expect(await meta("og:url")).toBe(canonical);
    expect(await meta("og:title")).toBe("Accedi o registrati");
    expect(await meta("og:description")).toContain("Accedi al tuo account Zampa");
    expect(await meta("og:image")).toMatch(/^https?:\/\//);
    expect(await meta("twitter:card")).toBe("summary_large_image");
    expect(await meta("twitter:title")).toBe("Accedi o registrati");
    expect(await meta("robots")).toBe("noindex");
  });
});
