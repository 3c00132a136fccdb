// Rows for tests, with sensible defaults.
import { db } from "~/db/client.server";
import { articles, categories } from "~/db/schema";

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
