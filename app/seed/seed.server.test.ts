import { existsSync } from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { config } from "~/config.server";
import { db, queryRows } from "~/db/client.server";
import { allowedBreeds, articles, categories, contestSubmissions, contests, listingPhotoHashes, listingReports, partners, petListings, profiles } from "~/db/schema";
import { PET_TYPES } from "~/lib/enums";
import { birthOf, hasBirthDate, isMicrochipCode, isOldEnoughToCede } from "~/listings/legal-rules";
import { itDb } from "../../tests/db";
import { DEMO_STAFF } from "./data/users";
import { DEMO_ADMIN, seedDemoContent, shouldSeed } from "./seed.server";

const words = (html: string) => html.replace(/<[^>]+>/g, " ").split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

describe("demo content", () => {
  itDb(
    "loads the Italian demo content once, on an empty database",
    async () => {
      expect(await shouldSeed(undefined)).toBe(true);
      expect(await shouldSeed(false)).toBe(false);
      await seedDemoContent();
      expect(await shouldSeed(undefined)).toBe(false);
      expect(await shouldSeed(true)).toBe(false);

      const slugs = (await db().select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
      expect(slugs).toEqual(expect.arrayContaining(["cani", "gatti", "uccelli", "pesci", "salute"]));
      expect(slugs.length).toBeGreaterThan(5);

      const published = await db().select().from(articles).where(eq(articles.status, "published"));
      expect(published.length).toBeGreaterThanOrEqual(12);
      for (const article of published) {
        expect(words(article.content), article.slug).toBeGreaterThanOrEqual(600);
        expect(article.featuredImage).toMatch(/^\/uploads\/demo\/.+\.webp$/);
        expect(existsSync(path.join(config().dataDir, article.featuredImage!))).toBe(true);
        expect(article.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
      }
      const categorised = new Set(published.map((a) => a.categoryId));
      expect(categorised.size).toBe(slugs.length);

      const [p] = await db().select({ n: count() }).from(partners);
      expect(p!.n).toBeGreaterThanOrEqual(4);

      const breeds = await db().select().from(allowedBreeds);
      expect(breeds.length).toBeGreaterThanOrEqual(60);
      expect(new Set(breeds.map((b) => b.petType))).toEqual(new Set(PET_TYPES.values));
      expect(breeds.some((b) => !b.isLegal)).toBe(true);
      expect(breeds.some((b) => b.requiresCites)).toBe(true);

      const listings = await db().select().from(petListings).where(eq(petListings.status, "active"));
      expect(listings.length).toBeGreaterThanOrEqual(10);
      for (const l of listings) {
        // Within Italy's bounding box.
        expect(l.locationLat).toBeGreaterThan(35.4);
        expect(l.locationLat).toBeLessThan(47.1);
        expect(l.locationLng).toBeGreaterThan(6.6);
        expect(l.locationLng).toBeLessThan(18.6);
        // Complete as the law asks (decision 0085): a code for dogs and cats, over 60 days old.
        expect(l.legalCompletedAt).not.toBeNull();
        expect(l.healthCertificate).toBe(true);
        expect(l.sellerType).toBe("private");
        if (hasBirthDate(l.petType)) {
          expect(isMicrochipCode(l.identificationCode ?? "")).toBe(true);
          expect(isOldEnoughToCede(birthOf(l)!)).toBe(true);
        }
      }
      // Every demo photo is hashed for the duplicate check (decision 0086), and none is reported.
      const hashed = await db().select({ listingId: listingPhotoHashes.listingId, url: listingPhotoHashes.photoUrl }).from(listingPhotoHashes);
      expect(hashed.map((h) => `${h.listingId} ${h.url}`).sort()).toEqual(listings.flatMap((l) => l.images.map((url) => `${l.id} ${url}`)).sort());
      expect(await db().select().from(listingReports)).toHaveLength(0);

      const all = await db().select().from(contests);
      const now = Date.now();
      const active = all.find((c) => c.status === "active");
      const ended = all.find((c) => c.status === "ended");
      expect(active!.startDate.getTime()).toBeLessThan(now);
      expect(active!.endDate.getTime()).toBeGreaterThan(now + 89 * 86_400_000);
      expect(ended!.endDate.getTime()).toBeLessThan(now);
      for (const c of [active!, ended!]) {
        const [approved] = await db()
          .select({ n: count() })
          .from(contestSubmissions)
          .where(sql`${contestSubmissions.contestId} = ${c.id} and ${contestSubmissions.status} = 'approved'`);
        expect(approved!.n).toBeGreaterThan(0);
      }
      // votes_count equals the vote rows of every entry.
      const mismatched = await queryRows(sql`
        select s.id from contest_submissions s
        left join contest_votes v on v.submission_id = s.id
        group by s.id having count(v.id) <> s.votes_count`);
      expect(mismatched).toHaveLength(0);
      const selfVotes = await queryRows(sql`
        select 1 from contest_votes v join contest_submissions s on s.id = v.submission_id where v.user_id = s.user_id`);
      expect(selfVotes).toHaveLength(0);

      const [admin] = await db().select().from(profiles).where(eq(profiles.email, DEMO_ADMIN.email));
      expect(admin?.role).toBe("admin");
      // The demo's editorial team: an editor and a moderator.
      for (const person of DEMO_STAFF) {
        const [profile] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.email, person.email));
        expect(profile?.role, person.email).toBe(person.role);
      }
      expect(DEMO_STAFF.map((person) => person.role)).toEqual(["editor", "moderator"]);
    },
    60_000,
  );
});
