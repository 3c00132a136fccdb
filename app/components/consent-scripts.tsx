import { useEffect } from "react";
import { applyToPolicy, readConsent } from "~/lib/consent";
import { useConsent } from "~/lib/use-consent";

type Gtag = (...args: unknown[]) => void;
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string; callMethod?: (...a: unknown[]) => void; push?: unknown };
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

function addScript(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

function loadAnalytics(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag =
    window.gtag ??
    function gtag() {
      // gtag.js expects the arguments object itself in the data layer.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
  window.gtag("consent", "update", { analytics_storage: "granted" });
  window.gtag("js", new Date());
  window.gtag("config", id, { anonymize_ip: true });
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

function loadPixel(id: string): void {
  if (!window.fbq) {
    const fbq: Fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    };
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.push = fbq;
    window.fbq = fbq;
    window._fbq = fbq;
    addScript("https://connect.facebook.net/it_IT/fbevents.js");
  }
  window.fbq("consent", "grant");
  window.fbq("init", id);
  window.fbq("track", "PageView");
}

/**
 * Google Analytics after analytics consent, the Facebook Pixel after marketing consent; a new
 * choice takes effect at once (a revoked consent stops them from collecting).
 */
export function ConsentScripts({ analyticsId, pixelId }: { analyticsId: string | null; pixelId: string | null }) {
  const consent = useConsent();
  const analytics = consent?.analytics === true;
  const marketing = consent?.marketing === true;

  // A choice stored before its cookie existed (or with the cookie cleared) reaches the server's policy.
  useEffect(() => applyToPolicy(readConsent()), []);

  useEffect(() => {
    if (!analyticsId) return;
    if (analytics) loadAnalytics(analyticsId);
    else window.gtag?.("consent", "update", { analytics_storage: "denied" });
  }, [analytics, analyticsId]);

  useEffect(() => {
    if (!pixelId) return;
    if (marketing) loadPixel(pixelId);
    else window.fbq?.("consent", "revoke");
  }, [marketing, pixelId]);

  return null;
}
