// "Mostra numero" / "Mostra email" (decision 0089): who gets a listing's contact, how often, and the
// owner's count; the endpoint's and the page's answers; and that nobody else's page carries them.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { config, readConfig, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { listingContactStats, rateLimits } from "~/db/schema";
import { listingMarkers } from "~/listings/browse.server";
import { NO_FILTERS } from "~/listings/browse-filters.testing";
import PetListing, { action as pageAction, headers as pageHeaders, loader as pageLoader } from "~/routes/listings/detail";
import { action as revealAction, loader as revealLoader } from "~/routes/listings/contact-reveal";
import { createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { outcomeOf } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { renderPage } from "../../tests/render-page";
import { CLIENT_IP_HEADER } from "~/accounts/client-ip";
import { CONTACT_TEXTS, REVEAL_MESSAGES as M } from "./contact-texts";
import { contactStatsOf, revealContact, type RevealRequester } from "./contact-reveal.server";
import { deleteListing } from "./listings.server";
import { LISTING_MESSAGES } from "./validation";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PHONE = "+39 347 555 0199";
const EMAIL = "privata.contatto@example.it";
const ADDRESS = "Via dei Segreti 17";

const original = config();
afterEach(() => setConfig(original));

let ipCounter = 0;
/** A client address of its own per test: the shared PostgreSQL keeps counters across files. */
const freshIp = () => `198.51.100.${(Date.now() + ++ipCounter) % 250}`;
const from = (ip: string, userAgent = BROWSER): RevealRequester => ({ clientIp: ip, userAgent });

const actor = (account: TestAccount, role: "user" | "admin" = "user"): CurrentUser => ({ id: account.id, email: account.email, fullName: "Utente Prova", role });

async function setUp(values: Parameters<typeof createListingRow>[1] = {}) {
  const owner = await createAccount();
  const listing = await createListingRow(owner.id, { contactPhone: PHONE, contactEmail: EMAIL, locationAddress: ADDRESS, locationLat: 44.49493, locationLng: 11.34261, ...values });
  return { owner, listing };
}

const statsOf = async (listingId: string) => (await contactStatsOf([listingId])).get(listingId) ?? null;

describe("revealContact", () => {
  itDb("gives a confirmed account the phone and the e-mail, and counts each for the owner", async () => {
    const { listing } = await setUp();
    const asker = await createAccount({ verified: true });
    const ip = freshIp();
    expect(await revealContact(actor(asker), listing.id, "phone", from(ip))).toEqual({ ok: true, kind: "phone", value: PHONE });
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 1, emailReveals: 0 });
    expect(await revealContact(actor(asker), listing.id, "email", from(ip))).toEqual({ ok: true, kind: "email", value: EMAIL });
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 1, emailReveals: 1 });
    // The same person asking again the same day is one more answer, not one more person.
    expect((await revealContact(actor(asker), listing.id, "phone", from(ip))).ok).toBe(true);
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 1, emailReveals: 1 });
    const second = await createAccount({ verified: true });
    expect((await revealContact(actor(second), listing.id, "phone", from(ip))).ok).toBe(true);
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 2, emailReveals: 1 });
  });

  itDb("answers the owner and the admins without counting or limits", async () => {
    const { owner, listing } = await setUp();
    const admin = await createAccount({ role: "admin" });
    setConfig({ ...original, revealLimits: { perUser: { max: 1, windowSeconds: 3600 }, perIp: { max: 1, windowSeconds: 3600 } } });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect(await revealContact(actor(owner), listing.id, "phone", from(ip))).toEqual({ ok: true, kind: "phone", value: PHONE });
      expect(await revealContact(actor(admin, "admin"), listing.id, "email", from(ip))).toEqual({ ok: true, kind: "email", value: EMAIL });
    }
    expect(await statsOf(listing.id)).toBeNull();
  });

  itDb("refuses crawlers, visitors, unconfirmed accounts and malformed kinds, and counts nothing", async () => {
    const { listing } = await setUp();
    const confirmed = await createAccount({ verified: true });
    const unconfirmed = await createAccount();
    const ip = freshIp();
    expect(await revealContact(actor(confirmed), listing.id, "phone", from(ip, GOOGLEBOT))).toEqual({ ok: false, status: 403, error: M.notForRobots });
    expect(await revealContact(actor(confirmed), listing.id, "phone", from(ip, ""))).toMatchObject({ status: 403 });
    expect(await revealContact(null, listing.id, "phone", from(ip, GOOGLEBOT))).toMatchObject({ status: 403 });
    expect(await revealContact(null, listing.id, "phone", from(ip))).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await revealContact(actor(unconfirmed), listing.id, "email", from(ip))).toEqual({ ok: false, status: 403, error: M.mustVerify });
    for (const kind of ["", "fax", "PHONE", undefined, ["phone"]]) {
      expect(await revealContact(actor(confirmed), listing.id, kind, from(ip)), String(kind)).toEqual({ ok: false, status: 400, error: M.badKind });
    }
    expect(await statsOf(listing.id)).toBeNull();
    const [spent] = await db().select().from(rateLimits).where(eq(rateLimits.key, `class:reveals:user:${confirmed.id}`));
    expect(spent).toBeUndefined();
  });

  itDb("answers 404 for a listing the public does not see, as the page does, and 409 for «solo messaggi»", async () => {
    const confirmed = await createAccount({ verified: true });
    const ip = freshIp();
    const { owner, listing: suspended } = await setUp({ status: "suspended" });
    const { listing: closed } = await setUp({ status: "closed" });
    for (const id of [suspended.id, closed.id, "00000000-0000-4000-8000-000000000000", "non-un-id"]) {
      expect(await revealContact(actor(confirmed), id, "phone", from(ip)), id).toEqual({ ok: false, status: 404, error: LISTING_MESSAGES.notFound });
    }
    // Its owner still sees their own.
    expect((await revealContact(actor(owner), suspended.id, "phone", from(ip))).ok).toBe(true);

    const { listing: quiet } = await setUp({ messagesOnly: true });
    const { listing: quietWithout } = await setUp({ messagesOnly: true, contactPhone: "", contactEmail: "" });
    for (const id of [quiet.id, quietWithout.id]) {
      for (const kind of ["phone", "email"]) {
        expect(await revealContact(actor(confirmed), id, kind, from(ip))).toEqual({ ok: false, status: 409, error: M.messagesOnly });
      }
    }
    for (const id of [suspended.id, closed.id, quiet.id]) expect(await statsOf(id)).toBeNull();
  });

  itDb("limits each account, whatever its address, and each address, whoever asks: 429 with the wait", async () => {
    setConfig({ ...original, revealLimits: { perUser: { max: 2, windowSeconds: 3600 }, perIp: { max: 3, windowSeconds: 3600 } } });
    const { listing } = await setUp();
    const { listing: other } = await setUp();
    const [first, second] = [await createAccount({ verified: true }), await createAccount({ verified: true })];
    // One account from two addresses: the third reveal is refused.
    expect((await revealContact(actor(first), listing.id, "phone", from(freshIp()))).ok).toBe(true);
    expect((await revealContact(actor(first), listing.id, "email", from(freshIp()))).ok).toBe(true);
    const refused = await revealContact(actor(first), other.id, "phone", from(freshIp()));
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok ? 0 : (refused as { retryAfter: number }).retryAfter).toBeGreaterThan(3000);
    expect(refused.ok ? "" : refused.error).toMatch(/^Hai chiesto troppi contatti in poco tempo\. Riprova tra \d+ minuti\.$/);
    expect(await statsOf(other.id)).toBeNull();

    // One address, several accounts: the address's budget (3) runs out across them.
    const shared = freshIp();
    const third = await createAccount({ verified: true });
    expect((await revealContact(actor(second), listing.id, "phone", from(shared))).ok).toBe(true);
    expect((await revealContact(actor(second), other.id, "phone", from(shared))).ok).toBe(true);
    expect((await revealContact(actor(third), listing.id, "phone", from(shared))).ok).toBe(true);
    expect(await revealContact(actor(third), other.id, "phone", from(shared))).toMatchObject({ ok: false, status: 429 });
    expect(await statsOf(other.id)).toEqual({ phoneReveals: 1, emailReveals: 0 });
  });

  itDb("reads its figures from RATE_LIMIT_REVEALS and RATE_LIMIT_REVEALS_PER_IP", async () => {
    expect(readConfig({}).revealLimits).toEqual({ perUser: { max: 30, windowSeconds: 3600 }, perIp: { max: 60, windowSeconds: 3600 } });
    expect(readConfig({ RATE_LIMIT_REVEALS: "5/60", RATE_LIMIT_REVEALS_PER_IP: "9/120" }).revealLimits).toEqual({
      perUser: { max: 5, windowSeconds: 60 },
      perIp: { max: 9, windowSeconds: 120 },
    });
    expect(readConfig({ RATE_LIMIT_REVEALS_PER_IP: "off" }).revealLimits?.perIp).toBeUndefined();
    expect(readConfig({ RATE_LIMIT_REVEALS: "off" }).revealLimits).toBeUndefined();
    expect(readConfig({ RATE_LIMITS: "off" }).revealLimits).toBeUndefined();
    expect(() => readConfig({ RATE_LIMIT_REVEALS_PER_IP: "molti" })).toThrow(/RATE_LIMIT_REVEALS_PER_IP/);
  });
});

// --- Through the routes --------------------------------------------------------------------------

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const args = (request: Request, id: string) => ({ request, params: { id }, context: {}, url: new URL(request.url) }) as never;
const pageUrl = (id: string) => `http://localhost:3000/pet-listing/${id}`;

function postAs(account: TestAccount | null, url: string, body: string, headers: Record<string, string> = {}) {
  return requestAs(account, url, { method: "POST", body, headers: { ...FORM, "user-agent": BROWSER, [CLIENT_IP_HEADER]: freshIp(), ...headers } });
}

describe("POST /pet-listing/:id/contatto", () => {
  itDb("answers JSON that no cache keeps, with the status of each refusal", async () => {
    const { listing } = await setUp();
    const asker = await createAccount({ verified: true });
    const url = `${pageUrl(listing.id)}/contatto`;
    const call = async (account: TestAccount | null, body: string, headers?: Record<string, string>) => {
      const response = (await revealAction(args(postAs(account, url, body, headers), listing.id))) as Response;
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return { status: response.status, body: await response.json() };
    };
    expect(await call(asker, "kind=phone")).toEqual({ status: 200, body: { ok: true, kind: "phone", value: PHONE } });
    expect(await call(null, "kind=email")).toEqual({ status: 401, body: { ok: false, kind: "email", error: M.mustSignIn, signIn: true } });
    expect(await call(asker, "kind=phone", { "user-agent": GOOGLEBOT })).toMatchObject({ status: 403, body: { error: M.notForRobots } });
    expect(await call(asker, "kind=telefono")).toEqual({ status: 400, body: { ok: false, kind: null, error: M.badKind, signIn: false } });
    expect((await call(asker, "kind=phone", { "content-type": "text/plain" })).status).toBe(400);
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 1, emailReveals: 0 });
    const get = (await revealLoader()) as Response;
    expect(get.status).toBe(405);
  });

  itDb("sends a 429 with Retry-After", async () => {
    setConfig({ ...original, revealLimits: { perUser: { max: 1, windowSeconds: 600 }, perIp: undefined } });
    const { listing } = await setUp();
    const asker = await createAccount({ verified: true });
    const url = `${pageUrl(listing.id)}/contatto`;
    expect(((await revealAction(args(postAs(asker, url, "kind=phone"), listing.id))) as Response).status).toBe(200);
    const refused = (await revealAction(args(postAs(asker, url, "kind=email"), listing.id))) as Response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 1, emailReveals: 0 });
  });
});

describe("the listing page", () => {
  const load = async (account: TestAccount | null, id: string) => outcomeOf(() => pageLoader(args(requestAs(account, pageUrl(id)), id)));

  itDb("gives nobody but the owner and the admins the phone, the e-mail, the street address or the exact position", async () => {
    const { owner, listing } = await setUp({ title: "Gattina riservata" });
    const stranger = await createAccount({ verified: true });
    const admin = await createAccount({ role: "admin" });
    for (const [who, account] of [["visitor", null], ["stranger", stranger]] as const) {
      const loaded = await load(account, listing.id);
      expect(loaded.status, who).toBe(200);
      const serialized = JSON.stringify(loaded.data);
      for (const secret of [PHONE, "347 555", EMAIL, ADDRESS, "44.49493", "11.34261"]) expect(serialized, `${who}: ${secret}`).not.toContain(secret);
      const html = renderPage(PetListing, loaded.data, `/pet-listing/${listing.id}`, "/pet-listing/:id");
      for (const secret of [PHONE, EMAIL, ADDRESS, "tel:", "mailto:"]) expect(html, `${who}: ${secret}`).not.toContain(secret);
      expect(html).toContain(CONTACT_TEXTS.showPhone);
      expect(html).toContain(CONTACT_TEXTS.showEmail);
      expect(html).toContain("Mario Rossi");
      expect(html).toContain("Roma, Lazio");
      expect((loaded.data as { listing: { lat: number; lng: number } }).listing).toMatchObject({ lat: 44.49, lng: 11.34 });
    }
    for (const account of [owner, admin]) {
      const loaded = await load(account, listing.id);
      const html = renderPage(PetListing, loaded.data, `/pet-listing/${listing.id}`, "/pet-listing/:id");
      for (const shown of [PHONE, EMAIL, ADDRESS, 'href="tel:+393475550199"', `mailto:${EMAIL}?subject=Annuncio%20Zampa%3A%20Gattina%20riservata`]) expect(html).toContain(shown);
      expect(html).not.toMatch(/<button[^>]*name="kind"/);
    }
  });

  itDb("keeps the map's markers to the neighbourhood", async () => {
    const { listing } = await setUp({ title: "Segnaposto arrotondato" });
    const markers = await listingMarkers(NO_FILTERS);
    const marker = markers.find((m) => m.id === listing.id);
    expect(marker).toMatchObject({ lat: 44.49, lng: 11.34 });
    expect(JSON.stringify(marker)).not.toMatch(/555|privata|Segreti/);
  });

  itDb("says «solo messaggi» instead of the buttons", async () => {
    const { listing } = await setUp({ messagesOnly: true });
    const html = renderPage(PetListing, (await load(null, listing.id)).data, `/pet-listing/${listing.id}`, "/pet-listing/:id");
    // (React escapes the apostrophe.)
    expect(html).toContain(CONTACT_TEXTS.messagesOnlyNote.replaceAll("'", "&#x27;"));
    expect(html).not.toMatch(/<button[^>]*name="kind"/);
    expect(html).not.toContain(PHONE);
  });

  itDb("reveals without JavaScript: the page's action draws the value and the links, stored by no cache", async () => {
    const { listing } = await setUp({ title: "Senza script" });
    const asker = await createAccount({ verified: true });
    const answer = await outcomeOf(() => pageAction(args(postAs(asker, pageUrl(listing.id), "kind=email"), listing.id)));
    expect(answer).toMatchObject({ status: 200, data: { reveal: { ok: true, kind: "email", value: EMAIL } } });
    const loaded = await load(asker, listing.id);
    const Page = PetListing as unknown as (props: { loaderData: unknown; actionData: unknown }) => React.ReactNode;
    const html = renderPage(() => Page({ loaderData: loaded.data, actionData: answer.data }), loaded.data, `/pet-listing/${listing.id}`, "/pet-listing/:id");
    expect(html).toContain(`mailto:${EMAIL}?subject=Annuncio%20Zampa%3A%20Senza%20script`);
    expect(html).toContain(CONTACT_TEXTS.sendEmail);
    expect(html).toContain(CONTACT_TEXTS.showPhone);

    const visitor = await outcomeOf(() => pageAction(args(postAs(null, pageUrl(listing.id), "kind=phone"), listing.id)));
    expect(visitor).toMatchObject({ status: 401, data: { reveal: { ok: false, signIn: true, error: M.mustSignIn } } });
    const refusedHtml = renderPage(() => Page({ loaderData: loaded.data, actionData: visitor.data }), loaded.data, `/pet-listing/${listing.id}`, "/pet-listing/:id");
    expect(refusedHtml).toContain(`href="/login?redirectTo=%2Fpet-listing%2F${listing.id}"`);

    // The page drawn for a reveal goes out as private, no-store and without cache tags.
    const drawn = pageHeaders({ actionHeaders: new Headers({ "cache-control": "private, no-store" }), loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined } as never);
    expect(drawn).toEqual({ "cache-control": "private, no-store" });
    expect(Object.keys(pageHeaders({ actionHeaders: new Headers(), loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined } as never))).toContain("x-zampa-cache-tags");
    expect(await statsOf(listing.id)).toEqual({ phoneReveals: 0, emailReveals: 1 });
  });
});

describe("the owner's figures", () => {
  itDb("are removed with the listing", async () => {
    const { listing } = await setUp();
    const asker = await createAccount({ verified: true });
    expect((await revealContact(actor(asker), listing.id, "phone", from(freshIp()))).ok).toBe(true);
    expect((await deleteListing({ id: listing.userId, email: "", fullName: "", role: "user" }, listing.id)).ok).toBe(true);
    expect(await db().select().from(listingContactStats).where(eq(listingContactStats.listingId, listing.id))).toEqual([]);
  });
});
