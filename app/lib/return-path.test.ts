import { describe, expect, it } from "vitest";
import { loginPathBackTo, loginPathFor, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeReturnPath("/pet-listing/0b6f0c5e-3a1d-4b8e-9a0e-2f1c3d4e5f60")).toBe("/pet-listing/0b6f0c5e-3a1d-4b8e-9a0e-2f1c3d4e5f60");
    expect(safeReturnPath("/pet-listings?page=2")).toBe("/pet-listings?page=2");
    // An escaped space or slash further on is part of the path or the query, not a host.
    expect(safeReturnPath("/pet-listings?q=cane%20piccolo")).toBe("/pet-listings?q=cane%20piccolo");
    expect(safeReturnPath("/articles?q=a%2Fb")).toBe("/articles?q=a%2Fb");
  });

  it("refuses anything that could lead to another site, or is not a path", () => {
    for (const value of ["//evil.example", "/\\evil.example", "https://evil.example/", "evil.example", "", "/\t/evil.example", "/ok\n", "/a\\b", undefined, 42, `/${"a".repeat(600)}`]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it("refuses an escaped path that becomes another host once decoded", () => {
    for (const value of ["/%2F%2Fevil.example", "/%2f%2fevil.example", "/%2Fevil.example", "/%5Cevil.example", "/%5cevil.example", "/%09/evil.example", "/%0A/evil.example", "/%E0%A4%A"]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
    // And as a browser sends it in the query (?redirectTo=%2F%252F%252Fevil): decoded once by the
    // parameters, the escapes are still refused.
    expect(safeReturnPath(new URLSearchParams("redirectTo=%2F%252F%252Fevil.example").get("redirectTo"))).toBeNull();
    expect(safeReturnPath(new URLSearchParams("redirectTo=https%3A%2F%2Fevil.example").get("redirectTo"))).toBeNull();
    expect(safeReturnPath(new URLSearchParams("redirectTo=%2F%2Fevil.example").get("redirectTo"))).toBeNull();
  });

  it("builds the sign-in link back to a page", () => {
    expect(loginPathBackTo("/pet-listing/abc")).toBe("/login?redirectTo=%2Fpet-listing%2Fabc");
  });

  it("builds the sign-in link back to the page a request asked for, its query kept", () => {
    expect(loginPathFor(new Request("http://zampa.test/dashboard/messaggi?page=2"))).toBe(loginPathBackTo("/dashboard/messaggi?page=2"));
    // A client navigation's .data comes back as its page, without the router's own parameter.
    expect(loginPathFor(new Request("http://zampa.test/dashboard/profile.data?_routes=routes%2Fdashboard%2Fprofile"))).toBe(loginPathBackTo("/dashboard/profile"));
    // The home page needs no way back: a sign-in lands there anyway.
    expect(loginPathFor(new Request("http://zampa.test/_root.data"))).toBe("/login");
    expect(loginPathFor(new Request("http://zampa.test/"))).toBe("/login");
    // A request whose path would not be a safe way back signs in without one.
    expect(loginPathFor(new Request("http://zampa.test/%2F%2Fevil.example"))).toBe("/login");
  });
});
