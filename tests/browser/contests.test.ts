// /contests, /contests/{id}, the moderation screen and /dashboard/contest-submissions.
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { CONTEST_BODY_LIMIT, IMAGE_MESSAGES } from "~/images/limits";
import { axeViolations } from "./axe";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const ACTIVE = "Il sorriso del tuo cane";
const ENDED = "Il re del divano";

async function contestPath(title: string): Promise<string> {
  const html = await fetch(`${baseUrl()}/contests`).then((r) => r.text());
  const at = html.indexOf(`>${title}</a>`);
  const href = /href="(\/contests\/[0-9a-f-]{36})"/g;
  let found: string | undefined;
  for (const m of html.matchAll(href)) if (m.index !== undefined && m.index < at) found = m[1];
  if (!found) throw new Error(`contest not found: ${title}`);
  return found;
}

async function photo() {
  return sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 240, g: 190, b: 120 } } }).jpeg().toBuffer();
}

async function submitEntry(page: Page, title: string) {
  await page.getByLabel("Titolo della foto *").fill(title);
  await page.getByLabel("Nome dell'animale *").fill("Pepe");
  await page.getByLabel("Tipo di animale *").selectOption({ label: "Cane" });
  await page.getByLabel("Foto *", { exact: true }).setInputFiles({ name: "pepe.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Invia la tua foto" }).click();
  await page.getByText("Partecipazione inviata! Verrà revisionata prima di essere pubblicata.").waitFor();
  // The form is cleared once this entry is saved (a message from an earlier entry may still show).
  await expect.poll(() => page.getByLabel("Titolo della foto *").inputValue(), { timeout: 10_000 }).toBe("");
}

async function moderate(context: BrowserContext, path: string, title: string, decision: "Approva" | "Rifiuta") {
  const page = await context.newPage();
  // From the back office's home, as an administrator finds it.
  await page.goto("/admin");
  await page.getByRole("listitem").filter({ hasText: ACTIVE }).getByRole("link", { name: /^Modera/ }).click();
  await page.waitForURL(`**${path.replace("/contests/", "/admin/contests/")}/submissions**`);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(`Azioni: «${title}»`).click();
  await page.getByRole("button", { name: `${decision} «${title}»` }).click();
  await page.getByText(decision === "Approva" ? "Partecipazione approvata" : "Partecipazione rifiutata").waitFor();
  await page.close();
}

describe("contests", () => {
  it("lists contests with status, entries and votes, and 'Vedi Risultati' for the ended one", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    expect((await page.goto("/contests"))?.status()).toBe(200);
    const active = page.getByRole("listitem").filter({ hasText: ACTIVE });
    expect(await active.getByText("In corso").isVisible()).toBe(true);
    expect(await active.getByText(/Foto in gara:\s*\d+/).isVisible()).toBe(true);
    const ended = page.getByRole("listitem").filter({ hasText: ENDED });
    expect(await ended.getByRole("link", { name: /Vedi Risultati/ }).isVisible()).toBe(true);
    // Newest start first.
    const titles = await page.getByRole("main").locator("h2").allTextContents();
    expect(titles.indexOf(ACTIVE)).toBeLessThan(titles.indexOf(ENDED));
  });

  it("shows an ended contest's winners and its ranking by votes", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto(await contestPath(ENDED));
    expect(await page.getByRole("heading", { name: "I vincitori" }).isVisible()).toBe(true);
    expect(await page.getByText("1° classificato").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: /^Vota / }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Partecipa" }).count()).toBe(0);
  });

  it("answers malformed and unknown ids with 'Concorso non trovato' and HTTP 404", async () => {
    const { page } = await browser.context();
    for (const id of ["123", "3f0f8a5e-1111-4222-8333-944455556666"]) {
      expect((await page.goto(`/contests/${id}`))?.status()).toBe(404);
      expect(await page.getByRole("heading", { name: "Concorso non trovato" }).isVisible()).toBe(true);
    }
  });

  it("tells a visitor to sign in to vote", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto(await contestPath(ACTIVE));
    await page.getByRole("button", { name: /^Vota / }).first().click();
    await page.getByText("Devi effettuare il login per votare!").waitFor();
  });

  it("takes an entry as pending, shows it after approval, lets others vote and un-vote, never its author", async () => {
    const path = await contestPath(ACTIVE);
    const title = `Pepe al mare ${Date.now()}`;
    const rejectedTitle = `Foto da rifiutare ${Date.now()}`;

    const author = await browser.context();
    await withConsent(author.context);
    await signUpIn(author.context, "Marta Autrice");
    await author.page.goto(path);
    await submitEntry(author.page, title);
    await submitEntry(author.page, rejectedTitle);
    await author.page.reload();
    expect(await author.page.getByRole("heading", { name: title }).count()).toBe(0);

    await author.page.goto("/dashboard/contest-submissions");
    const pending = author.page.getByRole("listitem").filter({ hasText: title });
    expect(await pending.getByText("In attesa di approvazione", { exact: true }).isVisible()).toBe(true);
    expect(await pending.getByRole("link", { name: "Vai al concorso" }).count()).toBe(0);

    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    await moderate(admin.context, path, title, "Approva");
    await moderate(admin.context, path, rejectedTitle, "Rifiuta");

    await author.page.goto(path);
    const card = author.page.getByRole("listitem").filter({ has: author.page.getByRole("heading", { name: title }) });
    expect(await card.getByText("la tua foto").isVisible()).toBe(true);
    expect(await card.getByRole("button", { name: /Vota/ }).count()).toBe(0);
    expect(await author.page.getByRole("heading", { name: rejectedTitle }).count()).toBe(0);

    await author.page.goto("/dashboard/contest-submissions");
    const approved = author.page.getByRole("listitem").filter({ hasText: title });
    expect(await approved.getByText("0 voti").isVisible()).toBe(true);
    expect(await approved.getByRole("link", { name: "Vai al concorso" }).getAttribute("href")).toBe(path);
    expect(await author.page.getByRole("listitem").filter({ hasText: rejectedTitle }).getByText("Non approvata", { exact: true }).isVisible()).toBe(true);

    const voter = await browser.context();
    await withConsent(voter.context);
    await signUpIn(voter.context, "Luca Votante");
    await voter.page.goto(path);
    const entry = voter.page.getByRole("listitem").filter({ has: voter.page.getByRole("heading", { name: title }) });
    await entry.getByRole("button", { name: `Vota ${title}` }).click();
    await entry.getByText("1 voto").waitFor();
    expect(await entry.getByRole("button", { name: `Togli il voto a ${title}` }).getAttribute("aria-pressed")).toBe("true");
    await voter.page.reload();
    await entry.getByText("1 voto").waitFor();
    await entry.getByRole("button", { name: `Togli il voto a ${title}` }).click();
    await entry.getByText("0 voti").waitFor();
    await voter.page.reload();
    await entry.getByText("0 voti").waitFor();
  });
});

/** A real JPEG of ~4 MB: random noise does not compress, so 2000 × 1500 pixels at quality 100 stay that large. */
async function noisePhoto(): Promise<Buffer> {
  const [width, height] = [2000, 1500];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
}

describe("large contest photos with JavaScript on", () => {
  async function fillEntry(page: Page, title: string, photo: Buffer) {
    await page.getByLabel("Titolo della foto *").fill(title);
    await page.getByLabel("Nome dell'animale *").fill("Pepe");
    await page.getByLabel("Tipo di animale *").selectOption({ label: "Cane" });
    // Several megabytes go to the browser through the DevTools protocol: on a busy machine that
    // alone can pass the default 15 s.
    await page.getByLabel("Foto *", { exact: true }).setInputFiles({ name: "pepe-grande.jpg", mimeType: "image/jpeg", buffer: photo }, { timeout: 60_000 });
  }
  const entryPost = (page: Page) => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith(".data"));

  it("takes a 4 MB photo through the entry form, which posts to /contests/{id}.data", async () => {
    const photo = await noisePhoto();
    expect(photo.length).toBeGreaterThan(3.8 * 1024 * 1024);
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context, "Sara Fotografa");
    const path = await contestPath(ACTIVE);
    await page.goto(path);
    await fillEntry(page, `Pepe in alta risoluzione ${Date.now()}`, photo);
    const posted = entryPost(page);
    await page.getByRole("button", { name: "Invia la tua foto" }).click();
    const response = await posted;
    expect(new URL(response.url()).pathname).toBe(`${path}.data`);
    expect(response.status()).toBe(201);
    await page.getByText("Partecipazione inviata! Verrà revisionata prima di essere pubblicata.").waitFor();
  });

  it("shows the Italian message in the form when the server refuses a body over the limit (413)", async () => {
    // A photo padded past the contest's limit: the server answers 413 before reading it.
    const jpeg = await photo();
    const tooLarge = Buffer.concat([jpeg, Buffer.alloc(CONTEST_BODY_LIMIT + 1024 - jpeg.length)]);
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context, "Sara Esagerata");
    await page.goto(await contestPath(ACTIVE));
    await fillEntry(page, "Troppo grande", tooLarge);
    const posted = entryPost(page);
    await page.getByRole("button", { name: "Invia la tua foto" }).click();
    expect((await posted).status()).toBe(413);
    await page.getByRole("alert").filter({ hasText: IMAGE_MESSAGES.requestTooLarge }).waitFor();
    // The page and the form stay, with what was typed.
    expect(await page.getByLabel("Titolo della foto *").inputValue()).toBe("Troppo grande");
    expect(await page.getByRole("heading", { name: "Partecipa" }).isVisible()).toBe(true);
  });
});

describe("voting without JavaScript", () => {
  it("votes with a plain form post and shows the new count", async () => {
    const path = await contestPath(ACTIVE);
    const { context, page } = await browser.context({ javaScript: false });
    await signUpIn(context, "Nina Senza Script");
    await page.goto(path);
    const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Luna al parco dopo la pioggia" }) });
    const before = Number((await entry.getByText(/^\s*\d+ vot[oi]$/).textContent())?.match(/\d+/)?.[0]);
    await entry.getByRole("button", { name: /^Vota / }).click();
    await page.waitForLoadState("load");
    const after = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Luna al parco dopo la pioggia" }) });
    expect(await after.getByText(new RegExp(`^\\s*${before + 1} voti$`)).count()).toBe(1);
    expect(await after.getByRole("button", { name: /^Togli il voto/ }).count()).toBe(1);
  });
});

describe("moderation screen", () => {
  it("is for administrators only, and answers an unknown contest with 404", async () => {
    const path = await contestPath(ACTIVE);
    const user = await browser.context();
    await signUpIn(user.context);
    await user.page.goto(`${path}/submissions`.replace("/contests/", "/admin/contests/"));
    expect(new URL(user.page.url()).pathname).toBe("/login");
    const refused = await user.context.request.post(`${baseUrl()}${path.replace("/contests/", "/admin/contests/")}/submissions`, {
      headers: { origin: baseUrl() },
      form: { intent: "approve", id: "3f0f8a5e-1111-4222-8333-944455556666" },
      maxRedirects: 0,
    });
    // The back office's gate refuses a form posted by a user with 403 (decision 0073).
    expect(refused.status()).toBe(403);

    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    const response = await admin.page.goto("/admin/contests/3f0f8a5e-1111-4222-8333-944455556666/submissions");
    expect(response?.status()).toBe(404);
    expect(await admin.page.getByRole("heading", { name: "Concorso non trovato" }).isVisible()).toBe(true);
  });
});

describe("dashboard", () => {
  it("counts the user's own listings, entries, votes and pending entries", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context, "Sofia Contatori");
    await page.goto(await contestPath(ACTIVE));
    await submitEntry(page, `Conteggio ${Date.now()}`);
    await page.goto("/dashboard");
    expect(await page.getByRole("heading", { name: "Benvenuto, Sofia Contatori" }).isVisible()).toBe(true);
    const figure = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd").textContent();
    expect(await figure("I miei annunci")).toBe("0");
    expect(await figure("Le mie partecipazioni")).toBe("1");
    expect(await figure("Voti ricevuti")).toBe("0");
    expect(await figure("In attesa di approvazione")).toBe("1");
    for (const name of ["I miei annunci", "Le mie partecipazioni", "Il mio profilo"]) {
      expect(await page.getByRole("link", { name }).count()).toBe(1);
    }
  });

  it("sends visitors to /login", async () => {
    const { page } = await browser.context();
    for (const path of ["/dashboard", "/dashboard/contest-submissions", "/dashboard/profile"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/login");
    }
  });
});
