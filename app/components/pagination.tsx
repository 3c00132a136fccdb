import { useLocation } from "react-router";
import { PlainLink } from "~/components/plain-link";

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
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2);
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
