// Scheduled articles for the /admin/schedule browser test: one still ahead ('In Attesa'), and one
// already due but without a category, which the server's first publishing run (at start-up) must
// log as failed. Neither ever becomes public, so the other screens' tests see no change.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { articles, categories } from "~/db/schema";

export const SCHEDULE_FIXTURES = {
  upcoming: { title: "Articolo programmato di prova", slug: "articolo-programmato-di-prova" },
  dueWithoutCategory: { title: "Articolo programmato senza categoria", slug: "articolo-programmato-senza-categoria" },
} as const;

export async function insertScheduleFixtures(): Promise<void> {
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
