import { describe, expect, it } from "vitest";
import { pagesShown } from "./pagination";

describe("pagesShown", () => {
  it("shows the first, the last and two either side of the current page", () => {
    expect(pagesShown(1, 1)).toEqual([1]);
    expect(pagesShown(1, 2)).toEqual([1, 2]);
    expect(pagesShown(1, 10)).toEqual([1, 2, 3, 10]);
    expect(pagesShown(5, 10)).toEqual([1, 3, 4, 5, 6, 7, 10]);
    expect(pagesShown(10, 10)).toEqual([1, 8, 9, 10]);
  });

  it("costs the same for a list of many thousand pages", () => {
    expect(pagesShown(8_000, 16_667)).toEqual([1, 7_998, 7_999, 8_000, 8_001, 8_002, 16_667]);
  });
});
