// Data the browser suite needs beyond the demo content, written before the server starts (the
// server's embedded database belongs to its process once it runs).
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adsenseCodes, articles, categories, petListings, profiles, seoRedirects, seoSettings } from "~/db/schema";
import { createAccount } from "../accounts";
import { insertConversationFixtures } from "./fixtures-conversations";
import { insertScheduleFixtures } from "./fixtures-schedule";

export const FIXTURES = {
  analyticsId: "G-ZAMPATEST1",
  pixelId: "1234567890",
  adMarker: "test-ad-banner",
  adHtml: '<div id="test-ad-banner">Pubblicità di prova</div><script>window.__zampaAdRan = true;</script>',
  unsafeArticle: {
    slug: "articolo-prova-sicurezza",
    title: "Articolo di prova per la sicurezza dei contenuti",
    content:
      '<p>Testo innocuo.</p><script>window.__zampaXss = "script";</script>' +
      '<p><img src="/favicon.svg" alt="" onerror="window.__zampaXss = \'onerror\'" onload="window.__zampaXss = \'onload\'"></p>' +
      '<p><a id="js-link" href="javascript:window.__zampaXss=\'link\'">clic</a></p>',
  },
  draftSlug: "bozza-non-pubblicata",
  /** Drafts only the bulk actions' test touches (tests/browser/admin-bulk.test.ts): more than a page, one with no excerpt. */
  bulkArticles: { prefix: "Lotto e2e", count: 22, noExcerpt: "Lotto e2e senza estratto" },
  redirect: { from: "/vecchia-guida-cuccioli", to: "/article/prime-settimane-con-il-cucciolo" },
  /** A listing suspended by the moderators, owned by this demo user. */
  suspendedListing: {
    id: "7d1c0e55-2f4a-4b8e-9c3d-5a6b7c8d9e01",
    title: "Annuncio sospeso di prova",
    ownerEmail: "giulia.rossi@zampa.test",
  },
  /** An account with more closed listings than one page of the dashboard shows (never public). */
  manyListings: { email: "molti-annunci@zampa.test", password: "Cuccioli-2026", count: 23 },
} as const;

export async function insertFixtures(): Promise<void> {
  await db()
    .insert(seoSettings)
    .values({ id: 1, googleAnalyticsId: FIXTURES.analyticsId, facebookPixelId: FIXTURES.pixelId })
    .onConflictDoUpdate({ target: seoSettings.id, set: { googleAnalyticsId: FIXTURES.analyticsId, facebookPixelId: FIXTURES.pixelId } });
  await db().insert(adsenseCodes).values({ name: "Banner di prova", htmlCode: FIXTURES.adHtml, placementType: "banner", pageType: "home" });
  const [category] = await db().select().from(categories).where(eq(categories.slug, "salute"));
  await db().insert(articles).values([
    {
      title: FIXTURES.unsafeArticle.title,
      slug: FIXTURES.unsafeArticle.slug,
      excerpt: "Un articolo che contiene codice ostile, per verificare che non venga eseguito.",
      content: FIXTURES.unsafeArticle.content,
      categoryId: category?.id,
      status: "published",
      publishedAt: new Date(Date.now() - 400 * 86_400_000),
    },
    {
      title: "Bozza non pubblicata",
      slug: FIXTURES.draftSlug,
      excerpt: "Non deve comparire da nessuna parte.",
      content: "<p>Bozza</p>",
      categoryId: category?.id,
      status: "draft",
    },
  ]);
  await db()
    .insert(articles)
    .values([
      ...Array.from({ length: FIXTURES.bulkArticles.count }, (_, i) => ({
        title: `${FIXTURES.bulkArticles.prefix} ${String(i + 1).padStart(2, "0")}`,
        slug: `lotto-e2e-${i + 1}`,
        excerpt: "Una bozza per le azioni di gruppo.",
        content: "<p>Bozza</p>",
        categoryId: category?.id,
        status: "draft" as const,
      })),
      { title: FIXTURES.bulkArticles.noExcerpt, slug: "lotto-e2e-senza-estratto", excerpt: "", content: "<p>Bozza</p>", categoryId: category?.id, status: "draft" as const },
    ]);
  await db().insert(seoRedirects).values({ fromPath: FIXTURES.redirect.from, toPath: FIXTURES.redirect.to, redirectType: 301 });
  const [owner] = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.email, FIXTURES.suspendedListing.ownerEmail));
  if (!owner) throw new Error("demo user missing");
  await db().insert(petListings).values({
    id: FIXTURES.suspendedListing.id,
    userId: owner.id,
    title: FIXTURES.suspendedListing.title,
    description: "Sospeso dai moderatori: non deve comparire al pubblico.",
    petType: "cat",
    gender: "male",
    listingType: "free",
    locationAddress: "Via Nascosta 1",
    locationCity: "Ancona",
    locationRegion: "Marche",
    locationLat: 43.6,
    locationLng: 13.5,
    contactName: "Giulia Rossi",
    contactPhone: "+39 333 000 1111",
    contactEmail: FIXTURES.suspendedListing.ownerEmail,
    status: "suspended",
  });
  const many = await createAccount({ email: FIXTURES.manyListings.email, password: FIXTURES.manyListings.password, fullName: "Marta Molti", verified: true });
  await db()
    .insert(petListings)
    .values(
      Array.from({ length: FIXTURES.manyListings.count }, (_, i) => ({
        userId: many.id,
        title: `Annuncio chiuso ${i + 1}`,
        description: "Chiuso dalla proprietaria: non compare al pubblico.",
        petType: "dog" as const,
        gender: "female" as const,
        listingType: "free" as const,
        locationAddress: "Via Lunga 1",
        locationCity: "Bari",
        locationRegion: "Puglia",
        locationLat: 41.1,
        locationLng: 16.9,
        contactName: "Marta Molti",
        contactPhone: "+39 333 000 2222",
        contactEmail: FIXTURES.manyListings.email,
        status: "closed" as const,
        createdAt: new Date(Date.now() - (FIXTURES.manyListings.count - i) * 60_000),
      })),
    );
  await insertScheduleFixtures();
  await insertConversationFixtures();
}
