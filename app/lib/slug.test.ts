import { describe, expect, it } from "vitest";
import { isSlug, SLUG_MAX_LENGTH, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases, removes accents and joins words with single hyphens", () => {
    expect(slugify("Salute e Benessere")).toBe("salute-e-benessere");
    expect(slugify("Perché il gatto fa le fusa?")).toBe("perche-il-gatto-fa-le-fusa");
    expect(slugify("Città, àèìòù ÀÉ ç ñ")).toBe("citta-aeiou-ae-c-n");
    expect(slugify("Cani & Gatti: 10 consigli!")).toBe("cani-gatti-10-consigli");
  });

  it("collapses runs of other characters and trims hyphens at the ends", () => {
    expect(slugify("  --Conigli   e  criceti--  ")).toBe("conigli-e-criceti");
    expect(slugify("l'alimentazione del cucciolo")).toBe("l-alimentazione-del-cucciolo");
    expect(slugify("a___b...c")).toBe("a-b-c");
  });

  it("answers an empty slug for text without letters or digits", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("🐶")).toBe("");
  });

  it("cuts a long name at a word boundary", () => {
    const slug = slugify("parola ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug.startsWith("parola-parola")).toBe(true);
    expect(slugify("a".repeat(150))).toHaveLength(SLUG_MAX_LENGTH);
  });

  it("what it derives is a valid slug", () => {
    for (const text of ["Salute e Benessere", "Perché?", "x".repeat(300), "Educazione e Addestramento"]) {
      expect(isSlug(slugify(text)), text).toBe(true);
    }
    expect(isSlug("Cani")).toBe(false);
    expect(isSlug("cani--gatti")).toBe(false);
    expect(isSlug("-cani")).toBe(false);
    expect(isSlug("")).toBe(false);
  });
});
