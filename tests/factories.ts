// Rows for tests, with sensible defaults.
import { db } from "~/db/client.server";
import { articles, categories, petListings } from "~/db/schema";

let n = 0;
const unique = () => `${Date.now().toString(36)}-${++n}`;

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

export async function createListingRow(userId: string, values: Partial<typeof petListings.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db()
    .insert(petListings)
    .values({
      userId,
      title: `Annuncio ${id}`,
      description: "Un animale affettuoso cerca casa.",
      petType: "cat",
      gender: "female",
      listingType: "adoption",
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
    })
    .returning();
  return row!;
}
