import { Bird, Cat, Dog, GraduationCap, Heart, Stethoscope } from "lucide-react";
import { describe, expect, it } from "vitest";
import { chooseCategoryIcon } from "./category-icon";

describe("category icon rules", () => {
  it("uses a known key first", () => {
    expect(chooseCategoryIcon("dog", "Qualsiasi")).toEqual({ kind: "icon", Icon: Dog });
    expect(chooseCategoryIcon("graduation-cap", "Gatti")).toEqual({ kind: "icon", Icon: GraduationCap });
  });

  it("accepts an emoji as icon", () => {
    expect(chooseCategoryIcon("🐢", "Tartarughe")).toEqual({ kind: "emoji", text: "🐢" });
  });

  it("falls back to keywords in the name, then to a heart", () => {
    expect(chooseCategoryIcon(null, "Gatti di casa")).toEqual({ kind: "icon", Icon: Cat });
    expect(chooseCategoryIcon("sconosciuta", "Uccelli esotici")).toEqual({ kind: "icon", Icon: Bird });
    expect(chooseCategoryIcon("", "Salute e benessere")).toEqual({ kind: "icon", Icon: Stethoscope });
    expect(chooseCategoryIcon(null, "Curiosità")).toEqual({ kind: "icon", Icon: Heart });
  });
});
