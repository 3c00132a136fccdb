// Rows for tests, with sensible defaults.
import { db } from "~/db/client.server";
import { articles, categories, contestSubmissions, contests, petListings, users } from "~/db/schema";

let n = 0;
const unique = () => `${Date.now().toString(36)}-${++n}`;

/** A well-formed id that no row has. */
export const MISSING_ID = "6f1c9a52-3f7e-4a55-9d1e-2b7f0c8e4a11";

export async function createCategory(values: Partial<typeof categories.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db()
    .insert(categories)
    .values({ name: `Categoria ${id}`, slug: `categoria-${id}`, description: "Descrizione", icon: "heart", ...values })
    .returning();
  return row!;
}

export async function createArticle(values: Partial<typeof articles.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db()
    .insert(articles)
    .values({
      title: `Articolo ${id}`,
      slug: `articolo-${id}`,
      excerpt: "Un estratto.",
      content: "<p>Contenuto dell'articolo.</p>",
      status: "published",
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

/** A valid listing row's values (an adoption of a cat in Rome) with `values` over them. */
export function listingRowValues(userId: string, values: Partial<typeof petListings.$inferInsert> = {}) {
  return {
    userId,
    title: `Annuncio ${unique()}`,
    description: "Un animale affettuoso cerca casa.",
    petType: "cat" as const,
    gender: "female" as const,
    listingType: "adoption" as const,
    price: 0,
    locationAddress: "Via Roma 1",
    locationCity: "Roma",
    locationRegion: "Lazio",
    locationLat: 41.9,
    locationLng: 12.5,
    contactName: "Mario Rossi",
    contactPhone: "+39 333 000 0000",
    contactEmail: "mario@example.it",
    ...values,
  };
}

export async function createListingRow(userId: string, values: Partial<typeof petListings.$inferInsert> = {}) {
  const [row] = await db().insert(petListings).values(listingRowValues(userId, values)).returning();
  return row!;
}

/**
 * An account row without going through sign-up (no password, no session): fast, for tests that
 * need many users. Its profile comes from the database trigger, with `name` as the full name.
 */
export async function createUserRow(values: { name?: string; email?: string; emailVerified?: boolean } = {}) {
  const id = unique();
  const [row] = await db()
    .insert(users)
    .values({ name: values.name ?? `Utente ${id}`, email: values.email ?? `utente-${id}@example.it`, emailVerified: values.emailVerified ?? false })
    .returning({ id: users.id, email: users.email, name: users.name });
  return row!;
}

/** A contest open now (active, started yesterday, ending in 30 days) unless told otherwise. */
export async function createContest(values: Partial<typeof contests.$inferInsert> = {}) {
  const id = unique();
  const day = 86_400_000;
  const [row] = await db()
    .insert(contests)
    .values({
      title: `Concorso ${id}`,
      description: "Mandaci la foto più bella del tuo animale.",
      startDate: new Date(Date.now() - day),
      endDate: new Date(Date.now() + 30 * day),
      status: "active",
      maxSubmissionsPerUser: 3,
      ...values,
    })
    .returning();
  return row!;
}

/** An entry of a contest, approved unless told otherwise (the common case of the public pages). */
export async function createSubmission(contestId: string, userId: string, values: Partial<typeof contestSubmissions.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db()
    .insert(contestSubmissions)
    .values({
      contestId,
      userId,
      title: `Foto ${id}`,
      petName: "Briciola",
      petType: "cat",
      imageUrl: `/uploads/contest-photos/${userId}/${id}.webp`,
      status: "approved",
      ...values,
    })
    .returning();
  return row!;
}

/** A listing form that passes every check (a cat for adoption in Bologna): tests change one field at a time. */
/** A well-formed Italian identification code no other test uses (the same code on two accounts' listings files a report). */
export function uniqueMicrochipCode(): string {
  return `380${String(Date.now() % 1e6).padStart(6, "0")}${String(++n % 1e6).padStart(6, "0")}`;
}

export const VALID_LISTING_FIELDS = {
  title: "Micia tigrata cerca casa",
  listingType: "adoption",
  petType: "cat",
  breed: "",
  age: "1 anno",
  gender: "female",
  price: "",
  description: "Dolcissima, sterilizzata e vaccinata. Abituata a stare in appartamento.",
  city: "Bologna",
  region: "Emilia-Romagna",
  address: "Via Indipendenza 12",
  lat: "44.4949",
  lng: "11.3426",
  contactName: "Anna Neri",
  contactPhone: "+39 333 123 4567",
  contactEmail: "anna@example.it",
  acceptPrivacy: "on",
  acceptTerms: "on",
  // What the law asks (decision 0085): the cat's code and birth date, the health certificate, the seller.
  identificationCode: "380260000000123",
  birthDate: "2025-05-10",
  healthCertificate: "on",
  sellerType: "private",
};
