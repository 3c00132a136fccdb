import { useLocation } from "react-router";
import { PlainLink } from "~/components/plain-link";

/**
 * The page numbers a list shows: the first, the last, and two either side of the current one, in
 * order. Built from those few numbers, not from every page: a catalogue of 200,000 listings has
 * 16,667 pages.
 */
export function pagesShown(page: number, pageCount: number): number[] {
  const near = [];
  for (let n = Math.max(2, page - 2); n <= Math.min(pageCount - 1, page + 2); n++) near.push(n);
  return pageCount > 1 ? [1, ...near, pageCount] : [1];
}

/** Previous / numbered / next links that keep the other query parameters (plain links, decision 0027). */
export function Pagination({ page, pageCount, search, label = "Paginazione" }: { page: number; pageCount: number; search: URLSearchParams; label?: string }) {
  const { pathname } = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const pages = pagesShown(page, pageCount);
  const item = "inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium";
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <PlainLink to={href(page - 1)} className={`${item} border-stone-300 text-stone-800 hover:bg-stone-50`} rel="prev">
          ← Precedente
        </PlainLink>
      ) : null}
      {pages.map((n, i) => (
        <span key={n} className="contents">
          {i > 0 && n - pages[i - 1]! > 1 ? <span className="px-1 text-stone-500">…</span> : null}
          {n === page ? (
            <span aria-current="page" className={`${item} border-brand-700 bg-brand-700 text-white`}>
              {n}
            </span>
          ) : (
            <PlainLink to={href(n)} className={`${item} border-stone-300 text-stone-800 hover:bg-stone-50`} aria-label={`Pagina ${n}`}>
              {n}
            </PlainLink>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <PlainLink to={href(page + 1)} className={`${item} border-stone-300 text-stone-800 hover:bg-stone-50`} rel="next">
          Successiva →
        </PlainLink>
      ) : null}
    </nav>
  );
}
