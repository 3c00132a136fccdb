import { Bird, Cat, Dog, GraduationCap, Heart, Stethoscope } from "lucide";
import { describe, expect, it } from "vitest";
import { CATEGORY_ICON_NODES } from "~/categories/icons";
import { CATEGORY_ICON_KEYS } from "~/categories/validation";
import { chooseCategoryIcon } from "./category-icon";

describe("category icon rules", () => {
  it("uses a known key first", () => {
    expect(chooseCategoryIcon("dog", "Qualsiasi")).toEqual({ kind: "icon", node: Dog });
    expect(chooseCategoryIcon("graduation-cap", "Gatti")).toEqual({ kind: "icon", node: GraduationCap });
  });

  it("accepts an emoji as icon", () => {
    expect(chooseCategoryIcon("🐢", "Tartarughe")).toEqual({ kind: "emoji", text: "🐢" });
  });

  it("falls back to keywords in the name, then to a heart", () => {
    expect(chooseCategoryIcon(null, "Gatti di casa")).toEqual({ kind: "icon", node: Cat });
    expect(chooseCategoryIcon("sconosciuta", "Uccelli esotici")).toEqual({ kind: "icon", node: Bird });
    expect(chooseCategoryIcon("", "Salute e benessere")).toEqual({ kind: "icon", node: Stethoscope });
    expect(chooseCategoryIcon(null, "Curiosità")).toEqual({ kind: "icon", node: Heart });
  });

  it("draws each of the twelve icons the back office offers, and the old 'heart'", () => {
    expect(CATEGORY_ICON_KEYS).toHaveLength(12);
    for (const key of CATEGORY_ICON_KEYS) {
      expect(chooseCategoryIcon(key, "Curiosità"), key).toEqual({ kind: "icon", node: CATEGORY_ICON_NODES[key] });
    }
    expect(chooseCategoryIcon("heart", "Gatti")).toEqual({ kind: "icon", node: Heart });
    // A key named like an Object property is not an icon.
    expect(chooseCategoryIcon("constructor", "Curiosità")).toEqual({ kind: "icon", node: Heart });
  });
});
