import { describe, expect, it } from "vitest";
import { containsPattern } from "./like-pattern";

describe("containsPattern", () => {
  it("matches the typed text anywhere, with LIKE's wildcards and its escape taken literally", () => {
    expect(containsPattern("cane")).toBe("%cane%");
    expect(containsPattern("100%_sano\\")).toBe("%100\\%\\_sano\\\\%");
  });
});
