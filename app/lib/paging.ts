import { redirect } from "react-router";

/** The ?page= number of a list URL's query (readQuery): a positive integer, 1 for anything else. */
export function pageParam(query: URLSearchParams): number {
  const page = Number.parseInt(query.get("page") ?? "1", 10);
  return page > 0 ? page : 1;
}

/** A page past the last one (an old link) goes to the last page; throws the redirect. */
export function redirectPastLastPage(url: URL, page: number, pageCount: number): void {
  if (page <= pageCount) return;
  const target = new URL(url);
  if (pageCount === 1) target.searchParams.delete("page");
  else target.searchParams.set("page", String(pageCount));
  throw redirect(target.pathname + target.search);
}
