// Loads the Italian demo content (./data) into an empty database, in one transaction, once even
// when several processes start together.
import { hashPassword } from "better-auth/crypto";
import { count, inArray, sql } from "drizzle-orm";
import { ADVISORY_LOCKS, db, transaction } from "~/db/client.server";
import { perceptualHash, type PhotoHashes } from "~/images/perceptual-hash.server";
import { loadSharp } from "~/images/process-image.server";
import { recordPhotoHashes } from "~/listings/photo-duplicates.server";
import {
  accounts,
  allowedBreeds,
  articles,
  categories,
  contestSubmissions,
  contestVotes,
  contests,
  partners,
  petListings,
  profiles,
  users,
} from "~/db/schema";
import { CONTEST_PET_TYPES, PET_TYPES } from "~/lib/enums";
import { putFile } from "~/storage/storage.server";
import { articles as demoArticles } from "./data/articles";
import { breeds as demoBreeds } from "./data/breeds";
import { categories as demoCategories } from "./data/categories";
import { contests as demoContests } from "./data/contests";
import { listings as demoListings } from "./data/listings";
import { partners as demoPartners } from "./data/partners";
import { DEMO_PASSWORD, DEMO_STAFF, demoUsers } from "./data/users";
import { ILLUSTRATIONS, type Illustration, type SeedContestEntry, type SeedUser } from "./types";

export const DEMO_ADMIN: SeedUser = {
  email: "admin@zampa.test",
  fullName: "Redazione Zampa",
  password: DEMO_PASSWORD,
  role: "admin",
};

const SEED_LOCK = ADVISORY_LOCKS.seed;
const DAY = 24 * 60 * 60 * 1000;

const svgSources = import.meta.glob<string>("./images/*.svg", { query: "?raw", import: "default", eager: true });

/** The first day of the month `months` before `now` (a month-only birth date, decision 0085). */
function firstOfMonthBefore(now: number, months: number): string {
  const date = new Date(now);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 10);
}

function illustrationUrl(name: Illustration): string {
  return `/uploads/demo/${name}.webp`;
}

/** SEED_DEMO unset: seed an empty database; false: never; true: seed when still empty. */
export async function shouldSeed(flag: boolean | undefined): Promise<boolean> {
  if (flag === false) return false;
  return isEmpty();
}

async function isEmpty(): Promise<boolean> {
  const [row] = await db().select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

/** Stores the illustrations as uploads are stored, and answers each one's perceptual hash (decision 0086). */
async function renderIllustrations(): Promise<Map<Illustration, PhotoHashes | null>> {
  const sharp = await loadSharp();
  const hashes = new Map<Illustration, PhotoHashes | null>();
  for (const name of ILLUSTRATIONS) {
    const svg = svgSources[`./images/${name}.svg`];
    if (!svg) throw new Error(`illustrazione mancante: ${name}.svg`);
    const image = sharp(Buffer.from(svg), { density: 96 });
    const [full, thumb] = await Promise.all([
      image.clone().resize(1200, 800, { fit: "cover" }).webp({ quality: 80 }).toBuffer(),
      image.clone().resize(400, 267, { fit: "cover" }).webp({ quality: 75 }).toBuffer(),
    ]);
    await putFile(`demo/${name}.webp`, full);
    await putFile(`demo/${name}.thumb.webp`, thumb);
    hashes.set(name, await perceptualHash(full));
  }
  return hashes;
}

function partnerLogo(name: string, color: string): Buffer {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-ZÀ-Ú]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  const escaped = initials.replace(/[<>&"]/g, "");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" role="img"><rect width="240" height="120" rx="16" fill="${color}"/>` +
      `<text x="120" y="78" font-family="system-ui,sans-serif" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">${escaped}</text></svg>`,
  );
}

const PET_TYPE_BY_LABEL = Object.fromEntries(
  CONTEST_PET_TYPES.map((code) => [PET_TYPES.labels[code], code]),
) as Record<SeedContestEntry["petType"], (typeof CONTEST_PET_TYPES)[number]>;

export async function seedDemoContent(): Promise<void> {
  const photoHashes = await renderIllustrations();
  const logos = await Promise.all(
    demoPartners.map((p, i) => putFile(`demo/partner-${i + 1}.svg`, partnerLogo(p.name, p.color))),
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();

  await transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty())) return;

    // An account may already have one of the demo e-mails: ADMIN_EMAIL=admin@zampa.test creates
    // that administrator before the demo content loads (decision 0038). It is reused as it is (its
    // password and role stay), and the demo content that names its e-mail is its own.
    const people = [DEMO_ADMIN, ...DEMO_STAFF, ...demoUsers];
    const created = await tx
      .insert(users)
      .values(people.map((u) => ({ name: u.fullName, email: u.email, emailVerified: true })))
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    const everyone = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, people.map((u) => u.email)));
    const userId = new Map(everyone.map((u) => [u.email, u.id]));
    const idOf = (email: string): string => {
      const id = userId.get(email);
      if (!id) throw new Error(`utente demo sconosciuto: ${email}`);
      return id;
    };
    if (created.length > 0) {
      await tx.insert(accounts).values(
        created.map((u) => ({ accountId: u.id, providerId: "credential", userId: u.id, password: passwordHash })),
      );
    }
    const createdEmails = new Set(created.map((u) => u.email));
    for (const person of people) {
      if (person.role !== "user" && createdEmails.has(person.email)) {
        await tx.update(profiles).set({ role: person.role }).where(sql`${profiles.id} = ${idOf(person.email)}`);
      }
    }

    const insertedCategories = await tx
      .insert(categories)
      .values(demoCategories.map((c) => ({ name: c.name, slug: c.slug, description: c.description, icon: c.icon })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = new Map(insertedCategories.map((c) => [c.slug, c.id]));

    await tx.insert(articles).values(
      demoArticles.map((a) => {
        const publishedAt = new Date(now - a.daysAgo * DAY);
        return {
          title: a.title,
          slug: a.slug,
          excerpt: a.excerpt,
          content: a.content.trim(),
          featuredImage: illustrationUrl(a.image),
          categoryId: categoryId.get(a.categorySlug) ?? null,
          authorId: idOf(DEMO_ADMIN.email),
          status: "published" as const,
          publishedAt,
          views: a.views,
          metaTitle: a.metaTitle,
          metaDescription: a.metaDescription,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      }),
    );

    await tx.insert(partners).values(
      demoPartners.map((p, i) => ({
        name: p.name,
        description: p.description,
        websiteUrl: p.websiteUrl,
        logoUrl: logos[i] ?? "",
        displayOrder: p.displayOrder,
        isActive: p.isActive,
      })),
    );

    await tx.insert(allowedBreeds).values(demoBreeds.map((b) => ({ ...b })));

    await tx.insert(petListings).values(
      demoListings.map((l) => {
        const createdAt = new Date(now - l.daysAgo * DAY - 3_600_000);
        return {
          userId: idOf(l.ownerEmail),
          title: l.title,
          description: l.description,
          petType: l.petType,
          breed: l.breed,
          age: l.age,
          gender: l.gender,
          listingType: l.listingType,
          price: l.listingType === "sale" ? l.price : 0,
          locationAddress: l.address,
          locationCity: l.city,
          locationRegion: l.region,
          locationLat: l.lat,
          locationLng: l.lng,
          contactName: l.contactName,
          contactPhone: l.contactPhone,
          contactEmail: l.contactEmail,
          messagesOnly: l.messagesOnly ?? false,
          images: l.images.map(illustrationUrl),
          availability: l.availability,
          identificationCode: l.identificationCode,
          birthDate: l.birthMonthsAgo === null ? null : firstOfMonthBefore(now, l.birthMonthsAgo),
          birthMonthOnly: l.birthMonthsAgo !== null,
          healthCertificate: true,
          sellerType: "private" as const,
          pedigree: l.pedigree,
          legalCompletedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    // The demo photos are hashed like any listing's, so a copy of one is caught; no report is filed
    // among the demo listings themselves, which share some illustrations.
    const hashOfUrl = new Map([...photoHashes].map(([name, hashes]) => [illustrationUrl(name), hashes]));
    for (const listing of await tx.select({ id: petListings.id, userId: petListings.userId, images: petListings.images }).from(petListings)) {
      await recordPhotoHashes(listing, listing.images.map((url) => ({ url, hashes: hashOfUrl.get(url) ?? null })));
    }

    for (const c of demoContests) {
      const [contest] = await tx
        .insert(contests)
        .values({
          title: c.title,
          description: c.description,
          prizeDescription: c.prizeDescription,
          rules: c.rules,
          startDate: new Date(now + c.startOffsetDays * DAY),
          endDate: new Date(now + c.endOffsetDays * DAY),
          status: c.status,
          maxSubmissionsPerUser: c.maxSubmissionsPerUser,
        })
        .returning({ id: contests.id });
      if (!contest) throw new Error("concorso demo non creato");
      for (const [i, e] of c.entries.entries()) {
        const createdAt = new Date(now + c.startOffsetDays * DAY + (i + 1) * 3_600_000);
        const [entry] = await tx
          .insert(contestSubmissions)
          .values({
            contestId: contest.id,
            userId: idOf(e.userEmail),
            title: e.title,
            description: e.description,
            petName: e.petName,
            petType: PET_TYPE_BY_LABEL[e.petType],
            imageUrl: illustrationUrl(e.image),
            status: e.status,
            votesCount: e.voterEmails.length,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: contestSubmissions.id });
        if (entry && e.voterEmails.length > 0) {
          await tx.insert(contestVotes).values(e.voterEmails.map((v) => ({ submissionId: entry.id, userId: idOf(v) })));
        }
      }
    }
  });
}
