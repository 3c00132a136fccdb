// Writes the fixtures of fixtures.ts, fixtures-schedule.ts and fixtures-conversations.ts into the
// browser suite's database, from tests/browser/server.ts before the server starts (the server's
// embedded database belongs to its process once it runs). Apart from the data, so that the test
// files reading it do not load the server side.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adsenseCodes, articles, categories, conversationMessages, conversations, listingReports, petListings, profiles, seoRedirects, seoSettings } from "~/db/schema";
import { createAccount } from "../accounts";
import { createListingRow, createUserRow } from "../factories";
import { FIXTURES } from "./fixtures";
import { CONVERSATION_FIXTURES } from "./fixtures-conversations";
import { SCHEDULE_FIXTURES } from "./fixtures-schedule";

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
  // Drafts for the bulk actions (tests/browser/admin-bulk.test.ts), which leaves them archived.
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

// Scheduled articles for the /admin/schedule browser test (fixtures-schedule.ts).
async function insertScheduleFixtures(): Promise<void> {
  const [category] = await db().select().from(categories).where(eq(categories.slug, "salute"));
  await db()
    .insert(articles)
    .values([
      {
        ...SCHEDULE_FIXTURES.upcoming,
        excerpt: "Sarà pubblicato fra un mese.",
        content: "<p>Contenuto programmato.</p>",
        categoryId: category?.id,
        status: "draft",
        isScheduled: true,
        scheduledPublishDate: new Date(Date.now() + 30 * 86_400_000),
      },
      {
        ...SCHEDULE_FIXTURES.dueWithoutCategory,
        excerpt: "Non può essere pubblicato: manca la categoria.",
        content: "<p>Contenuto.</p>",
        categoryId: null,
        status: "draft",
        isScheduled: true,
        scheduledPublishDate: new Date(Date.now() - 3_600_000),
      },
    ]);
}

// A reported private conversation and an unreported one (fixtures-conversations.ts).
async function insertConversationFixtures(): Promise<void> {
  const f = CONVERSATION_FIXTURES;
  const owner = await createUserRow({ name: "Olga Bassotti", email: "olga.bassotti@zampa.test" });
  const scammer = await createUserRow({ name: "Tino Caparra", email: "tino.caparra@zampa.test" });
  // Closed: the suite's list pages count the public listings of the main fixtures only.
  const listing = await createListingRow(owner.id, { title: f.reported.listingTitle, status: "closed" });
  await db().insert(conversations).values([
    { id: f.reported.id, listingId: listing.id, listingTitle: listing.title, ownerId: owner.id, askerId: scammer.id },
    { id: f.unreported.id, listingId: listing.id, listingTitle: listing.title, ownerId: owner.id, askerId: null },
  ]);
  await db()
    .insert(conversationMessages)
    .values([
      { conversationId: f.reported.id, senderId: scammer.id, body: f.reported.scamMessage, scamSignals: [f.reported.signal], createdAt: new Date(Date.now() - 120_000) },
      { conversationId: f.reported.id, senderId: owner.id, body: f.reported.reply, createdAt: new Date(Date.now() - 60_000) },
      { conversationId: f.unreported.id, senderId: owner.id, body: f.unreported.message },
    ]);
  await db().insert(listingReports).values({
    id: f.reported.reportId,
    subject: "conversation",
    conversationId: f.reported.id,
    listingId: listing.id,
    reportedUserId: scammer.id,
    reporterUserId: owner.id,
    reporterName: "Olga Bassotti",
    reporterEmail: "olga.bassotti@zampa.test",
    reason: "fraud",
    description: "Chiede una caparra con ricarica.",
  });
}
