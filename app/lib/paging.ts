import { data, redirect } from "react-router";
import type { Result } from "./result";

/** The ?page= number of a list URL's query (readQuery): a positive integer, 1 for anything else. */
export function pageParam(query: URLSearchParams): number {
  const page = Number.parseInt(query.get("page") ?? "1", 10);
  return page > 0 ? page : 1;
}

/** The page a domain function was asked for: a positive integer, 1 for anything else. */
export function pageNumber(page: number | undefined): number {
  return page !== undefined && Number.isInteger(page) && page > 0 ? page : 1;
}

/** A page past the last one (an old link) goes to the last page; throws the redirect. */
export function redirectPastLastPage(url: URL, page: number, pageCount: number): void {
  if (page <= pageCount) return;
  const target = new URL(url);
  if (pageCount === 1) target.searchParams.delete("page");
  else target.searchParams.set("page", String(pageCount));
  throw redirect(target.pathname + target.search);
}

/**
 * A page of a list as a loader returns it: a refusal is thrown (the route's error boundary shows
 * it), a page past the last redirects to the last, and the page goes out without the result's `ok`.
 */
export function listPage<P extends { page: number; pageCount: number }>(url: URL, result: Result<P>): Omit<P, "ok"> {
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(url, result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  return page as Omit<P, "ok">;
}
