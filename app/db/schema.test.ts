import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { db, getDatabase, queryRows, withDb, type Db } from "./client.server";
import { categories, contestSubmissions, contestVotes, contests, listingAppeals, petListings, profiles, seoSettings, users } from "./schema";

const EXPECTED_TABLES = [
  "accounts",
  "adsense_codes",
  "ai_requests",
  "alert_mails",
  "allowed_breeds",
  "api_usage_daily",
  "api_usage_log",
  "app_secrets",
  "article_preview_links",
  "article_revisions",
  "articles",
  "audit_events",
  "bulk_jobs",
  "categories",
  "contact_messages",
  "contest_submissions",
  "contest_votes",
  "contests",
  "conversation_messages",
  "conversations",
  "email_changes",
  "jwks",
  "listing_alert_queue",
  "listing_appeals",
  "listing_contact_stats",
  "listing_favourites",
  "listing_photo_hashes",
  "listing_reports",
  "listing_view_counts",
  "pacing",
  "partners",
  "pet_listings",
  "profiles",
  "publishing_logs",
  "rate_limits",
  "saved_searches",
  "search_alert_matches",
  "seo_keywords",
  "seo_redirects",
  "seo_settings",
  "sessions",
  "two_factor_phones",
  "two_factors",
  "user_blocks",
  "users",
  "verifications",
];

/** Runs fn in a savepoint (so the test's transaction survives) and returns the constraint it broke. */
async function fails(fn: () => Promise<unknown>): Promise<string> {
  try {
    await db().transaction((savepoint) => withDb(savepoint as unknown as Db, fn));
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
    return cause.constraint ?? cause.code ?? String(error);
  }
  return "no error";
}

async function listing(userId: string, change: Partial<typeof petListings.$inferInsert> = {}) {
  return db()
    .insert(petListings)
    .values({
      userId,
      title: "Micia dolcissima",
      description: "Cerca casa",
      petType: "cat",
      gender: "female",
      listingType: "adoption",
      locationAddress: "Via Roma 1",
      locationCity: "Roma",
      locationRegion: "Lazio",
      locationLat: 41.9,
      locationLng: 12.5,
      contactName: "Giulia",
      contactPhone: "+39 333 1234567",
      contactEmail: "giulia@example.it",
      ...change,
    })
    .returning();
}

describe("schema and migrations", () => {
  itDb(`every table of both specs exists after the migrations (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, async () => {
    const rows = await queryRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const names = rows.map((r) => r.table_name).filter((n) => !n.startsWith("__drizzle"));
    expect(names).toEqual(EXPECTED_TABLES);
    expect(getDatabase().engine).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  itDb("a profile is created with each account, and follows its e-mail", async () => {
    const [user] = await db().insert(users).values({ name: "  Luca Bianchi ", email: "luca@example.it" }).returning();
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ email: "luca@example.it", fullName: "Luca Bianchi", role: "user" });
    await db().update(users).set({ email: "luca.b@example.it" }).where(eq(users.id, user!.id));
    const [after] = await db().select().from(profiles).where(eq(profiles.id, user!.id));
    expect(after?.email).toBe("luca.b@example.it");
  });

  itDb("deleting an account deletes its profile and its listings", async () => {
    const account = await createAccount();
    await listing(account.id);
    await db().delete(users).where(eq(users.id, account.id));
    expect(await db().select().from(profiles).where(eq(profiles.id, account.id))).toHaveLength(0);
    expect(await db().select().from(petListings).where(eq(petListings.userId, account.id))).toHaveLength(0);
  });

  itDb("check constraints refuse values outside the enumerations and limits", async () => {
    const account = await createAccount();
    expect(await fails(() => db().update(profiles).set({ role: "superuser" as "admin" }).where(eq(profiles.id, account.id)))).toBe(
      "profiles_role_check",
    );
    expect(await fails(() => listing(account.id, { petType: "dragon" as "dog" }))).toBe("pet_listings_pet_type_check");
    expect(await fails(() => listing(account.id, { listingType: "adoption", price: 100 }))).toBe("pet_listings_price_check");
    expect(await fails(() => listing(account.id, { images: ["1", "2", "3", "4", "5", "6"] }))).toBe("pet_listings_images_check");
    // Phone and e-mail may be left out only by a "solo messaggi" listing (decision 0089).
    expect(await fails(() => listing(account.id, { contactEmail: "" }))).toBe("pet_listings_contact_check");
    expect(await fails(() => listing(account.id, { contactPhone: "", contactEmail: "", messagesOnly: true }))).toBe("no error");
    expect(await fails(() => db().insert(seoSettings).values({ id: 2 }))).toBe("seo_settings_single_row_check");
    expect(await fails(() => db().insert(categories).values([{ name: "A", slug: "cani" }, { name: "B", slug: "cani" }]))).toBe(
      "categories_slug_unique",
    );
    const [sale] = await listing(account.id, { listingType: "sale", price: 350.5 });
    expect(sale?.price).toBe(350.5);
  });

  itDb("a suspension's rule comes from the list; one appeal per suspension, 1 to 2,000 characters, decided with a date (decision 0087)", async () => {
    const account = await createAccount();
    expect(await fails(() => listing(account.id, { status: "suspended", suspensionRule: "capriccio" as "spam" }))).toBe("pet_listings_suspension_rule_check");
    const suspendedAt = new Date("2026-11-20T10:00:00Z");
    const [row] = await listing(account.id, { status: "suspended", suspensionRule: "spam", suspendedAt });
    const appeal = (values: Partial<typeof listingAppeals.$inferInsert> = {}) =>
      db()
        .insert(listingAppeals)
        .values({ listingId: row!.id, userId: account.id, suspendedAt, text: "Contesto", ...values });
    expect(await fails(() => appeal({ text: "" }))).toBe("listing_appeals_text_check");
    expect(await fails(() => appeal({ text: "x".repeat(2_001) }))).toBe("listing_appeals_text_check");
    expect(await fails(() => appeal({ status: "upheld" }))).toBe("listing_appeals_decided_check");
    expect(await fails(() => appeal({ status: "forse" as "upheld", decidedAt: new Date() }))).toBe("listing_appeals_status_check");
    await appeal();
    expect(await fails(() => appeal({ text: "Di nuovo" }))).toBe("listing_appeals_suspension_idx");
    await appeal({ suspendedAt: new Date("2026-11-25T10:00:00Z") });
  });

  itDb("one vote per user and entry, enforced by the database", async () => {
    const author = await createAccount();
    const voter = await createAccount();
    const [contest] = await db()
      .insert(contests)
      .values({ title: "Concorso", description: "d", startDate: new Date(Date.now() - 1000), endDate: new Date(Date.now() + 86_400_000), status: "active" })
      .returning();
    const [entry] = await db()
      .insert(contestSubmissions)
      .values({ contestId: contest!.id, userId: author.id, title: "Fido", petName: "Fido", petType: "dog", imageUrl: "/uploads/x.webp" })
      .returning();
    await db().insert(contestVotes).values({ submissionId: entry!.id, userId: voter.id });
    expect(await fails(() => db().insert(contestVotes).values({ submissionId: entry!.id, userId: voter.id }))).toBe(
      "contest_votes_one_per_user_idx",
    );
    expect(
      await fails(() => db().insert(contests).values({ title: "x", description: "d", startDate: new Date(), endDate: new Date(Date.now() - 1) })),
    ).toBe("contests_dates_check");
  });
});
