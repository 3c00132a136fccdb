// "An article is public" as a SQL condition, defined once: the lists, the article page, the view
// counter, the categories' counts and the sitemap all read published articles through it.
import { eq } from "drizzle-orm";
import { articles } from "~/db/schema";

export const isPublishedArticleRow = () => eq(articles.status, "published");
