import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

/**
 * A link of the shared chrome and of card lists, rendered as a plain `<a>`. React Router's `<Link>`
 * resolves its path, prepares prefetching and a click handler for each link on every render; with
 * the header, the footer and a list of cards that was a fifth of an uncached page render
 * (decision 0027). `usePlainLinkNavigation` gives these links client-side navigation all the same;
 * `data-discover` lets React Router fetch their routes ahead, as it does for its own links.
 */
export function PlainLink({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a href={to} data-discover="true" data-plain-link="" {...rest} />;
}

/** One click listener for every PlainLink: a plain left click on one navigates inside the app. */
export function usePlainLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-plain-link]") : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
