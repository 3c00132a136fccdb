import { describe, expect, it } from "vitest";
import { isAllowedOrigin } from "./origin-check";

const PUBLIC = "https://zampa.it";

function post(url: string, origin?: string) {
  return new Request(url, { method: "POST", headers: origin ? { origin } : {} });
}

describe("isAllowedOrigin (CSRF)", () => {
  it("lets safe methods through without an Origin", () => {
    expect(isAllowedOrigin(new Request("https://zampa.it/login"), PUBLIC)).toBe(true);
    expect(isAllowedOrigin(new Request("https://zampa.it/login", { method: "HEAD" }), PUBLIC)).toBe(true);
  });

  it("accepts a state change from Zampa's public origin or the request's own origin", () => {
    expect(isAllowedOrigin(post("https://zampa.it/login", "https://zampa.it"), PUBLIC)).toBe(true);
    expect(isAllowedOrigin(post("http://127.0.0.1:3000/login", "http://127.0.0.1:3000"), PUBLIC)).toBe(true);
  });

  it("refuses a state change from another site, a null origin, or no origin at all", () => {
    expect(isAllowedOrigin(post("https://zampa.it/login", "https://evil.example"), PUBLIC)).toBe(false);
    expect(isAllowedOrigin(post("https://zampa.it/login", "https://zampa.it.evil.example"), PUBLIC)).toBe(false);
    expect(isAllowedOrigin(post("https://zampa.it/login", "http://zampa.it"), PUBLIC)).toBe(false);
    expect(isAllowedOrigin(post("https://zampa.it/login", "null"), PUBLIC)).toBe(false);
    expect(isAllowedOrigin(post("https://zampa.it/api/auth/sign-out"), PUBLIC)).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isAllowedOrigin(new Request("https://zampa.it/x", { method, headers: { origin: "https://evil.example" } }), PUBLIC)).toBe(false);
    }
  });

  it("lets a mail provider's one-click unsubscribe through (RFC 8058), and that path only", () => {
    expect(isAllowedOrigin(post("https://zampa.it/avvisi/disattiva?token=abc"), PUBLIC)).toBe(true);
    expect(isAllowedOrigin(post("https://zampa.it/avvisi/disattiva/altro"), PUBLIC)).toBe(false);
    expect(isAllowedOrigin(post("https://zampa.it/dashboard/ricerche"), PUBLIC)).toBe(false);
  });
});
