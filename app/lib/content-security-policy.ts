// The security headers of every response, built in this one module for both paths a page takes (a
// fresh render and a page from the cache): the HTTP server's finishResponse (server/compression.ts)
// calls the builder made here once at start-up. See docs/decisions/0064-security-headers.md.
// No imports: the server loads this file directly (Node's type stripping) as well as through the build.

/** Internal header: the nonce a rendered document's scripts carry; it never leaves the server. */
export const NONCE_HEADER = "x-zampa-nonce";

/**
 * The visitor's cookie choice as the server sees it: a copy of the browser's stored choice
 * (app/lib/consent.ts writes it), `a1m0` style. Only the policy reads it; the page is the same.
 */
export const CONSENT_COOKIE = "zampa-consent";

export interface ConsentGrant {
  analytics: boolean;
  marketing: boolean;
}

/** The cookie's value for a choice. */
export function consentCookieValue(grant: ConsentGrant): string {
  return `a${grant.analytics ? 1 : 0}m${grant.marketing ? 1 : 0}`;
}

const CONSENT_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=a([01])m([01])(?:;|$)`);

/** The grant in a Cookie header; nothing granted when the cookie is absent or malformed. */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentGrant {
  const match = cookieHeader ? CONSENT_COOKIE_PATTERN.exec(cookieHeader) : null;
  return { analytics: match?.[1] === "1", marketing: match?.[2] === "1" };
}

export interface PolicyOrigins {
  /** PUBLIC_URL: https turns on HSTS and upgrade-insecure-requests */
  publicUrl: string;
  /** MAP_TILES_URL, a template such as https://{s}.tile.example.org/{z}/{x}/{y}.png */
  mapTilesUrl: string;
  /** S3_PUBLIC_URL when uploads live in a bucket */
  s3PublicUrl?: string;
  /** OIDC_ISSUER: the sign-in form's answer is a redirect there, which form-action must allow */
  oidcIssuer?: string;
}

/**
 * Google Analytics 4 (gtag.js), as Google documents its policy: the script, and the beacons it sends
 * as requests and images. Allowed only on responses to a visitor who gave analytics consent.
 */
const ANALYTICS_SCRIPTS = ["https://*.googletagmanager.com"];
const ANALYTICS_BEACONS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com", "https://*.g.doubleclick.net"];

/** `https://*.tile.example.org` for a template whose host has a placeholder; null when not absolute. */
export function templateOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = match[2]!.replace(/^\{[^}]*\}(?=\.)/, "*");
  if (/[{}\s'";,]/.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

const join = (sources: readonly (string | null | undefined)[]) => [...new Set(sources.filter((s): s is string => !!s))].join(" ");

/** A file from the uploads: nothing in it may run or load anything, even opened on its own (an SVG). */
export const UPLOAD_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

export interface SecurityHeaders {
  /** The headers every response gets (unless it set its own): all but the Content-Security-Policy. */
  readonly common: Readonly<Record<string, string>>;
  /** The policy of a rendered document: its scripts carry `nonce`; third parties as `consent` allows. */
  document(nonce: string, consent: ConsentGrant): string;
  /** The policy of every other response (JSON, redirects, files, text errors): nothing runs. */
  readonly other: string;
}

/**
 * The headers for this site's configuration. Everything that does not change per request is joined
 * here once; a document's policy is then one concatenation around its nonce.
 */
export function securityHeaders(origins: PolicyOrigins): SecurityHeaders {
  const https = origins.publicUrl.toLowerCase().startsWith("https:");
  const tiles = templateOrigin(origins.mapTilesUrl);
  const bucket = originOf(origins.s3PublicUrl);
  const sso = originOf(origins.oidcIssuer);

  const policy = (nonce: string, { analytics, marketing }: ConsentGrant): string[] => {
    // Marketing consent lets ad codes run, and an ad network's script loads others from origins
    // nobody lists ('strict-dynamic': what a trusted script adds may run; an injected tag may not).
    const scripts = ["'self'", `'nonce-${nonce}'`, ...(marketing ? ["'strict-dynamic'"] : []), ...(analytics ? ANALYTICS_SCRIPTS : [])];
    // Ad creatives, their frames and their measurements come from any https origin.
    const anyHttps = marketing ? ["https:"] : [];
    const beacons = analytics ? ANALYTICS_BEACONS : [];
    return [
      "default-src 'self'",
      `script-src ${join(scripts)}`,
      // React's style props, Leaflet and the editor write style attributes, ad codes add style
      // elements; styles cannot run code (decision 0064).
      "style-src 'self' 'unsafe-inline'",
      `img-src ${join(["'self'", "data:", "blob:", tiles, bucket, ...beacons, ...anyHttps])}`,
      `connect-src ${join(["'self'", ...beacons, ...anyHttps])}`,
      `frame-src ${marketing ? join(anyHttps) : "'none'"}`,
      "object-src 'none'",
      "base-uri 'none'",
      `form-action ${join(["'self'", sso])}`,
      "frame-ancestors 'self'",
      ...(https ? ["upgrade-insecure-requests"] : []),
    ];
  };

  // The four consent states, each split around its nonce.
  const NONCE_MARK = "\u0000";
  const variants = [false, true].flatMap((analytics) =>
    [false, true].map((marketing) => policy(NONCE_MARK, { analytics, marketing }).join("; ").split(NONCE_MARK) as [string, string]),
  );

  const common: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // frame-ancestors says the same to current browsers; this is for the ones before it.
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin",
    // Zampa uses none of these (the map is placed by address, not by the device's position).
    "permissions-policy":
      "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()",
  };
  if (https) common["strict-transport-security"] = "max-age=31536000; includeSubDomains";

  return {
    common,
    document(nonce, consent) {
      const [before, after] = variants[(consent.analytics ? 2 : 0) + (consent.marketing ? 1 : 0)]!;
      return before + nonce + after;
    },
    other: "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  };
}
