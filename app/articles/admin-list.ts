// The orders of /admin/articles (decision 0102). Client-safe.
import { z } from "zod";
import { sortFields, type ListSort } from "~/lib/list-sort";

/** By creation (the default, newest first), by title, or by publication date; each has its index. */
export const ARTICLE_SORT_KEYS = ["created", "title", "published"] as const;
export type ArticleSortKey = (typeof ARTICLE_SORT_KEYS)[number];
export const ARTICLE_DEFAULT_SORT: ListSort<ArticleSortKey> = { key: "created", direction: "desc" };

export const articleSortSchema = z.object(sortFields(ARTICLE_SORT_KEYS, ARTICLE_DEFAULT_SORT));
