import { useEffect, useRef } from "react";
import type { AdPageType, AdPlacement } from "~/lib/enums";
import { pageNonce } from "~/lib/nonce";
import { useConsent } from "~/lib/use-consent";

/**
 * Inserts admin-written ad HTML so that its scripts run (scripts set through innerHTML do not):
 * the one place where admin HTML runs as written, and only after marketing consent (DESIGN). Its
 * scripts get the page's nonce, which the policy requires of inline ones (decision 0064).
 */
function injectHtml(container: HTMLElement, html: string): void {
  container.innerHTML = html;
  const nonce = pageNonce();
  for (const old of Array.from(container.querySelectorAll("script"))) {
    const script = document.createElement("script");
    for (const attribute of Array.from(old.attributes)) if (attribute.name !== "nonce") script.setAttribute(attribute.name, attribute.value);
    if (nonce) script.nonce = nonce;
    script.text = old.text;
    old.replaceWith(script);
  }
}

/** An ad slot: empty, with no ad code in the page, until the visitor gives marketing consent. */
export function AdSlot({ placement, pageType, className }: { placement: AdPlacement; pageType: AdPageType; className?: string }) {
  const consent = useConsent();
  const allowed = consent?.marketing === true;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    if (!allowed) {
      container.replaceChildren();
      return;
    }
    const controller = new AbortController();
    fetch(`/api/ads?placement=${placement}&page=${pageType}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ html: string | null }>) : null))
      .then((data) => {
        if (data?.html) injectHtml(container, data.html);
      })
      .catch(() => {
        // An ad that fails to load leaves the slot empty.
      });
    return () => controller.abort();
  }, [allowed, placement, pageType]);

  return <div ref={ref} data-ad-slot={placement} className={allowed ? className : undefined} />;
}
