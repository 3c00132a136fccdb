import { describe, expect, it } from "vitest";
import { listingCountText } from "./count-text";

describe("listingCountText", () => {
  it("says an exact count as it is, with the Italian thousands separator from five digits (CLDR)", () => {
    expect(listingCountText(0, false)).toBe("0 annunci");
    expect(listingCountText(1, false)).toBe("1 annuncio");
    expect(listingCountText(1000, false)).toBe("1000 annunci");
  });

  it("rounds an estimate to two significant digits and says it is one", () => {
    expect(listingCountText(1001, true)).toBe("circa 1000 annunci");
    expect(listingCountText(45_678, true)).toBe("circa 46.000 annunci");
    expect(listingCountText(203_412, true)).toBe("circa 200.000 annunci");
  });
});
