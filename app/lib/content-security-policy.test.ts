import { describe, expect, it } from "vitest";
import { consentCookieValue, consentFromCookies, securityHeaders, templateOrigin, UPLOAD_POLICY } from "./content-security-policy";

const LOCAL = { publicUrl: "http://localhost:3000", mapTilesUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" };
const NONE = { analytics: false, marketing: false };

/** The policy as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(/;\s*/).map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe("the Content-Security-Policy of a page", () => {
  it("allows the page's own scripts by nonce, and no third party without consent", () => {
    const policy = directives(securityHeaders(LOCAL).document("abc123==", NONE));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'self'"]);
    expect(policy["frame-src"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
    expect(policy["script-src"]?.join(" ")).not.toMatch(/unsafe|https:|\*/);
  });

  it("adds Google Analytics only with analytics consent, and ad networks (any https origin, trusted loads) only with marketing consent", () => {
    const headers = securityHeaders(LOCAL);
    const analytics = directives(headers.document("n", { analytics: true, marketing: false }));
    expect(analytics["script-src"]).toEqual(["'self'", "'nonce-n'", "https://*.googletagmanager.com"]);
    expect(analytics["connect-src"]).toContain("https://*.google-analytics.com");
    expect(analytics["img-src"]).toContain("https://*.google-analytics.com");
    expect(analytics["frame-src"]).toEqual(["'none'"]);
    expect(analytics["connect-src"]).not.toContain("https:");

    const marketing = directives(headers.document("n", { analytics: false, marketing: true }));
    expect(marketing["script-src"]).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'"]);
    expect(marketing["frame-src"]).toEqual(["https:"]);
    expect(marketing["img-src"]).toContain("https:");
    expect(marketing["connect-src"]).toContain("https:");
    expect(marketing["connect-src"]).not.toContain("https://*.google-analytics.com");

    const both = directives(headers.document("n", { analytics: true, marketing: true }));
    expect(both["script-src"]).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", "https://*.googletagmanager.com"]);
  });

  it("puts each render's nonce in, and nothing else changes between two renders", () => {
    const headers = securityHeaders(LOCAL);
    const a = headers.document("AAAA", NONE);
    const b = headers.document("BBBB", NONE);
    expect(a).not.toBe(b);
    expect(a.replace("AAAA", "BBBB")).toBe(b);
    expect(a.split("AAAA")).toHaveLength(2);
  });

  it("allows the bucket's images, the provider's sign-in answer and the tile server's subdomains, and asks for https on an https site", () => {
    const headers = securityHeaders({
      publicUrl: "https://www.zampa.it",
      mapTilesUrl: "https://{s}.tile.example.org/{z}/{x}/{y}.png",
      s3PublicUrl: "https://cdn.zampa.it/bucket",
      oidcIssuer: "https://id.zampa.it/realms/zampa",
    });
    const policy = directives(headers.document("n", NONE));
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://*.tile.example.org", "https://cdn.zampa.it"]);
    expect(policy["form-action"]).toEqual(["'self'", "https://id.zampa.it"]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(headers.common["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("sends no HSTS on an http site, and the other headers everywhere", () => {
    const { common, other } = securityHeaders(LOCAL);
    expect(common["strict-transport-security"]).toBeUndefined();
    expect(common).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "SAMEORIGIN",
      "cross-origin-opener-policy": "same-origin",
    });
    expect(common["permissions-policy"]).toMatch(/(^|, )camera=\(\)/);
    expect(common["permissions-policy"]).toMatch(/(^|, )geolocation=\(\)/);
    expect(common["permissions-policy"]).toMatch(/(^|, )microphone=\(\)/);
    expect(common["permissions-policy"]).toMatch(/(^|, )payment=\(\)/);
    expect(directives(other)["default-src"]).toEqual(["'none'"]);
    expect(directives(UPLOAD_POLICY)["default-src"]).toEqual(["'none'"]);
    expect(directives(UPLOAD_POLICY)["sandbox"]).toEqual([]);
  });
});

describe("the consent cookie", () => {
  it("round-trips every choice, and reads nothing granted from an absent or forged value", () => {
    for (const analytics of [false, true]) {
      for (const marketing of [false, true]) {
        const value = consentCookieValue({ analytics, marketing });
        expect(consentFromCookies(`a=b; zampa-consent=${value}; c=d`)).toEqual({ analytics, marketing });
      }
    }
    for (const header of [null, "", "zampa-consent=", "zampa-consent=a2m1", "zampa-consent=a1m1x", "xzampa-consent=a1m1", "zampa-consent=yes"]) {
      expect(consentFromCookies(header), String(header)).toEqual(NONE);
    }
  });
});

describe("a map tile template's origin", () => {
  it("keeps a fixed host, widens a {s} subdomain, and refuses what is not an absolute URL", () => {
    expect(templateOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(templateOrigin("https://{s}.basemaps.example.com/{z}/{x}/{y}.png")).toBe("https://*.basemaps.example.com");
    expect(templateOrigin("http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:8080");
    expect(templateOrigin("/tiles/{z}/{x}/{y}.png")).toBeNull();
    expect(templateOrigin("https://tile.example.org;script-src *")).toBeNull();
  });
});
