import { sql } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { servePage } from "~/cache/page-cache.server";
import { db } from "~/db/client.server";
import { seoSettings } from "~/db/schema";
import { pageMeta } from "~/lib/seo";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site";
import { loader as rootLoader } from "~/root";
import { loader as robotsLoader } from "~/routes/robots";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { getSettingsForAdmin, saveSettings } from "./settings-admin.server";
import { SETTINGS_MESSAGES as M, settingsSchema } from "./settings-validation";
import { getSiteInfo } from "./settings.server";

const form = (values: Record<string, string> = {}) => ({
  siteName: "Zampa Test",
  siteDescription: "Il portale di prova per chi ama gli animali.",
  defaultOgImage: "https://cdn.example.it/og.png",
  googleAnalyticsId: "G-ABC123XYZ",
  googleSearchConsoleCode: "abcDEF123_-xyz",
  facebookPixelId: "123456789012345",
  robotsTxt: "User-agent: *\r\nDisallow: /privato",
  ...values,
});
const rows = () => db().select().from(seoSettings);
const get = (path: string) => new Request(`http://localhost:3000${path}`);

afterEach(() => setCacheEnabled(false));

describe("SEO settings in the back office", () => {
  itDb("refuses visitors (401) and users (403), changing nothing", async () => {
    for (const [who, status, error] of refusedActors("seo.settings")) {
      expect(await getSettingsForAdmin(who)).toEqual({ ok: false, status, error });
      expect(await saveSettings(who, form())).toEqual({ ok: false, status, error });
    }
    expect(await rows()).toEqual([]);
  });

  itDb("offers the spec's defaults before the first save", async () => {
    const result = await getSettingsForAdmin(admin);
    expect(result).toMatchObject({ ok: true, saved: null, form: { siteName: SITE_NAME, siteDescription: SITE_DESCRIPTION, defaultOgImage: null, robotsTxt: null } });
    expect(SITE_DESCRIPTION).toMatch(/portale italiano per chi ama gli animali/);
  });

  itDb("inserts the single row, then updates it by id with updated_at", async () => {
    expect(await saveSettings(admin, form())).toMatchObject({ ok: true, message: "Impostazioni salvate con successo" });
    const [first] = await rows();
    expect(first).toMatchObject({ id: 1, siteName: "Zampa Test", googleAnalyticsId: "G-ABC123XYZ", robotsTxt: "User-agent: *\nDisallow: /privato" });
    await db().update(seoSettings).set({ updatedAt: new Date("2020-01-01T00:00:00Z") });

    expect(await saveSettings(admin, form({ siteName: "Zampa Due", googleAnalyticsId: "", facebookPixelId: " ", defaultOgImage: "/uploads/og.webp" }))).toMatchObject({ ok: true });
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: 1, siteName: "Zampa Due", googleAnalyticsId: null, facebookPixelId: null, defaultOgImage: "/uploads/og.webp" });
    expect(after[0]!.updatedAt.getTime()).toBeGreaterThan(new Date("2020-01-01T00:00:00Z").getTime());
    expect(await getSettingsForAdmin(admin)).toMatchObject({ ok: true, saved: { siteName: "Zampa Due" }, form: { siteName: "Zampa Due" } });
  });

  itDb("two first saves at once still make one row", async () => {
    const results = await Promise.all([saveSettings(admin, form({ siteName: "Primo" })), saveSettings(admin, form({ siteName: "Secondo" }))]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await rows()).toHaveLength(1);
    // The table itself refuses a second row.
    await expect(db().execute(sql`insert into seo_settings (id, site_name) values (2, 'Altro')`)).rejects.toThrow();
  });

  itDb("wants a site name and an Open Graph image that is a URL", async () => {
    for (const [values, field, message] of [
      [{ siteName: "  " }, "siteName", M.siteNameRequired],
      [{ siteName: "x".repeat(101) }, "siteName", M.siteNameTooLong],
      [{ siteDescription: "x".repeat(501) }, "siteDescription", M.siteDescriptionTooLong],
      [{ defaultOgImage: "immagine.png" }, "defaultOgImage", M.ogImageInvalid],
      [{ defaultOgImage: "javascript:alert(1)" }, "defaultOgImage", M.ogImageInvalid],
      [{ defaultOgImage: "//evil.example/og.png" }, "defaultOgImage", M.ogImageInvalid],
      [{ defaultOgImage: 'https://x.example/og.png" onerror="alert(1)' }, "defaultOgImage", M.ogImageInvalid],
      [{ defaultOgImage: "ftp://x.example/og.png" }, "defaultOgImage", M.ogImageInvalid],
      [{ robotsTxt: "x".repeat(10001) }, "robotsTxt", M.robotsTooLong],
      [{ robotsTxt: "User-agent: *\u0007" }, "robotsTxt", M.robotsControl],
    ] as const) {
      const result = await saveSettings(admin, form(values));
      expect(result, JSON.stringify(values)).toMatchObject({ ok: false, status: 400, error: message, fieldErrors: { [field]: message } });
    }
    expect(await rows()).toEqual([]);
  });

  itDb("refuses ids and codes that could carry markup or script", async () => {
    for (const [values, message] of [
      [{ googleAnalyticsId: 'G-1"><script>alert(1)</script>' }, M.analyticsInvalid],
      [{ googleAnalyticsId: "G-1'); alert(1); ('" }, M.analyticsInvalid],
      [{ googleAnalyticsId: "https://evil.example/x.js" }, M.analyticsInvalid],
      [{ facebookPixelId: "123'); alert(1);//" }, M.pixelInvalid],
      [{ facebookPixelId: "12ab34" }, M.pixelInvalid],
      [{ googleSearchConsoleCode: 'abc" onload="alert(1)' }, M.searchConsoleInvalid],
      [{ googleSearchConsoleCode: "</script><script>alert(1)</script>" }, M.searchConsoleInvalid],
      [{ googleSearchConsoleCode: '<meta name="google-site-verification" content="x"><script>alert(1)</script>' }, M.searchConsoleInvalid],
    ] as const) {
      expect(await saveSettings(admin, form(values)), JSON.stringify(values)).toMatchObject({ ok: false, status: 400, error: message });
    }
    expect(await rows()).toEqual([]);
  });

  itDb("takes the code out of a pasted verification tag; ids are upper-cased", async () => {
    const parsed = settingsSchema.parse(form({ googleSearchConsoleCode: '<meta name="google-site-verification" content="AbC-123_xyz" />', googleAnalyticsId: " g-abc123 " }));
    expect(parsed.googleSearchConsoleCode).toBe("AbC-123_xyz");
    expect(parsed.googleAnalyticsId).toBe("G-ABC123");
    return Promise.resolve();
  });

  itDb("robots.txt serves the saved text, at once even from the page cache", async () => {
    setCacheEnabled(true);
    const serve = () => servePage(get("/robots.txt"), () => robotsLoader());
    const before = await (await serve()).text();
    expect(before).toContain("Disallow: /admin");
    expect((await serve()).headers.get("x-zampa-cache")).toBe("HIT");
    await saveSettings(admin, form({ robotsTxt: "User-agent: *\nDisallow: /segreto" }));
    const after = await serve();
    expect(after.headers.get("x-zampa-cache")).not.toBe("HIT");
    expect(await after.text()).toBe("User-agent: *\nDisallow: /segreto\n");
    // Emptied, the default text comes back.
    await saveSettings(admin, form({ robotsTxt: "" }));
    expect(await (await serve()).text()).toContain("Disallow: /admin");
  });

  itDb("every page's head uses the new settings at once, with the cache on", async () => {
    setCacheEnabled(true);
    const root = async () => (await rootLoader({ request: get("/"), params: {}, context: {} } as never)).site;
    const head = async () => pageMeta({ matches: [{ id: "root", data: { site: await root() } }], location: { pathname: "/" } }, { title: "Cani" });
    expect((await root()).name).toBe(SITE_NAME);
    expect(await head()).toContainEqual({ title: `Cani | ${SITE_NAME}` });

    await saveSettings(admin, form({ siteName: "Zampa Nuova", siteDescription: "Descrizione nuova", defaultOgImage: "/uploads/og-nuova.png" }));
    const site = await root();
    expect(site).toMatchObject({ name: "Zampa Nuova", description: "Descrizione nuova", analyticsId: "G-ABC123XYZ", pixelId: "123456789012345", searchConsoleCode: "abcDEF123_-xyz" });
    const tags = await head();
    expect(tags).toContainEqual({ title: "Cani | Zampa Nuova" });
    expect(tags).toContainEqual({ name: "description", content: "Descrizione nuova" });
    expect(tags).toContainEqual({ property: "og:image", content: "http://localhost:3000/uploads/og-nuova.png" });
    expect(tags).toContainEqual({ name: "google-site-verification", content: "abcDEF123_-xyz" });

    // A cached page is dropped by the save too (every page is tagged with the settings).
    const page = () => servePage(get("/cached"), async () => new Response((await getSiteInfo()).name, { headers: { "content-type": "text/html", "x-zampa-cache-tags": "articles", "x-zampa-cache-query": "" } }));
    expect(await (await page()).text()).toBe("Zampa Nuova");
    expect((await page()).headers.get("x-zampa-cache")).toBe("HIT");
    await saveSettings(admin, form({ siteName: "Zampa Terza" }));
    expect(await (await page()).text()).toBe("Zampa Terza");
  });
});
