import { describe, expect, it } from "vitest";
import { loginPathBackTo, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeReturnPath("/pet-listing/0b6f0c5e-3a1d-4b8e-9a0e-2f1c3d4e5f60")).toBe("/pet-listing/0b6f0c5e-3a1d-4b8e-9a0e-2f1c3d4e5f60");
    expect(safeReturnPath("/pet-listings?page=2")).toBe("/pet-listings?page=2");
  });

  it("refuses anything that could lead to another site, or is not a path", () => {
    for (const value of ["//evil.example", "/\\evil.example", "https://evil.example/", "evil.example", "", "/\t/evil.example", "/ok\n", "/a\\b", undefined, 42, `/${"a".repeat(600)}`]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it("builds the sign-in link back to a page", () => {
    expect(loginPathBackTo("/pet-listing/abc")).toBe("/login?redirectTo=%2Fpet-listing%2Fabc");
  });
});
