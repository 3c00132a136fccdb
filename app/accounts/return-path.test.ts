import { describe, expect, it } from "vitest";
import { safeReturnPath, signInThenReturn } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this site", () => {
    expect(safeReturnPath("/pet-listing/abc")).toBe("/pet-listing/abc");
    expect(safeReturnPath("/dashboard/messaggi?page=2")).toBe("/dashboard/messaggi?page=2");
  });

  it.each(["", null, undefined, "https://evil.example/", "//evil.example", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "pet-listing"])(
    "refuses %j",
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );

  it("builds the sign-in address carrying the path", () => {
    expect(signInThenReturn("/pet-listing/a b")).toBe("/login?ritorno=%2Fpet-listing%2Fa%20b");
  });
});
