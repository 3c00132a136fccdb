import { describe, expect, it } from "vitest";
import {
  ageInDays,
  ageText,
  asksPedigree,
  isFiscalCode,
  isMicrochipCode,
  isOldEnoughToCede,
  isPlausibleBirth,
  isVatNumber,
  normalizeFiscalCode,
  normalizeMicrochip,
  normalizeVatNumber,
  parseBirthDay,
  parseBirthMonth,
  youngestBirthDay,
} from "./legal-rules";

const day = (date: string) => ({ date, monthOnly: false });
const month = (date: string) => ({ date, monthOnly: true });

describe("identification code (ISO 11784/11785)", () => {
  it("accepts exactly 15 digits, Italian or not", () => {
    expect(isMicrochipCode("380260000123456")).toBe(true);
    expect(isMicrochipCode("250268500012345")).toBe(true);
  });

  it("refuses 14 or 16 digits, letters and an empty code", () => {
    expect(isMicrochipCode("38026000012345")).toBe(false);
    expect(isMicrochipCode("3802600001234567")).toBe(false);
    expect(isMicrochipCode("38026000012345A")).toBe(false);
    expect(isMicrochipCode("")).toBe(false);
  });

  it("drops the spaces, dots and dashes copied from a passport", () => {
    expect(normalizeMicrochip(" 380 260-000.123 456 ")).toBe("380260000123456");
  });
});

describe("partita IVA", () => {
  it("accepts real numbers, with their check digit", () => {
    expect(isVatNumber("00743110157")).toBe(true);
    expect(isVatNumber("07643520567")).toBe(true);
    expect(isVatNumber("12345678903")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length, letters and all zeros", () => {
    expect(isVatNumber("12345678901")).toBe(false);
    expect(isVatNumber("0074311015")).toBe(false);
    expect(isVatNumber("007431101570")).toBe(false);
    expect(isVatNumber("0074311015A")).toBe(false);
    expect(isVatNumber("00000000000")).toBe(false);
  });

  it("reads a number typed with spaces or with IT in front", () => {
    expect(normalizeVatNumber("IT 00743 110 157")).toBe("00743110157");
  });
});

describe("codice fiscale of an association", () => {
  it("accepts an entity's 11 digits with the partita IVA's check", () => {
    expect(isFiscalCode("97532760580")).toBe(isVatNumber("97532760580"));
    expect(isFiscalCode("12345678903")).toBe(true);
    expect(isFiscalCode("12345678904")).toBe(false);
  });

  it("accepts a 16-character personal code with its check letter, omocodia included", () => {
    expect(isFiscalCode("RSSMRA85T10A562S")).toBe(true);
    expect(isFiscalCode("MRTMTT91D08F205J")).toBe(true);
    expect(isFiscalCode(normalizeFiscalCode(" rssmra85t10a562s "))).toBe(true);
  });

  it("refuses a wrong check letter, a wrong month letter and a wrong length", () => {
    expect(isFiscalCode("RSSMRA85T10A562T")).toBe(false);
    expect(isFiscalCode("RSSMRA85Z10A562S")).toBe(false);
    expect(isFiscalCode("RSSMRA85T10A562")).toBe(false);
    expect(isFiscalCode("")).toBe(false);
  });
});

describe("birth date as typed", () => {
  it("reads a day from the date field or typed the Italian way", () => {
    expect(parseBirthDay("2026-09-14")).toBe("2026-09-14");
    expect(parseBirthDay("14/09/2026")).toBe("2026-09-14");
    expect(parseBirthDay("4/9/2026")).toBe("2026-09-04");
  });

  it("refuses days that do not exist and other text", () => {
    expect(parseBirthDay("2026-02-30")).toBeNull();
    expect(parseBirthDay("31/04/2026")).toBeNull();
    expect(parseBirthDay("ieri")).toBeNull();
    expect(parseBirthDay("")).toBeNull();
  });

  it("reads a month from the month field or as 09/2026", () => {
    expect(parseBirthMonth("2026-09")).toBe("2026-09-01");
    expect(parseBirthMonth("09/2026")).toBe("2026-09-01");
    expect(parseBirthMonth("2026-13")).toBeNull();
    expect(parseBirthMonth("settembre")).toBeNull();
  });

  it("is neither in the future nor implausibly old", () => {
    const today = "2026-11-27";
    expect(isPlausibleBirth(day("2026-11-27"), today)).toBe(true);
    expect(isPlausibleBirth(day("2026-11-28"), today)).toBe(false);
    expect(isPlausibleBirth(month("2026-11-01"), today)).toBe(true);
    expect(isPlausibleBirth(month("2026-12-01"), today)).toBe(false);
    expect(isPlausibleBirth(day("1980-01-01"), today)).toBe(false);
  });
});

describe("the 60-day rule", () => {
  const today = "2026-11-27";

  it("allows exactly 60 days and refuses 59", () => {
    expect(ageInDays(day("2026-09-28"), today)).toBe(60);
    expect(isOldEnoughToCede(day("2026-09-28"), today)).toBe(true);
    expect(ageInDays(day("2026-09-29"), today)).toBe(59);
    expect(isOldEnoughToCede(day("2026-09-29"), today)).toBe(false);
  });

  it("counts a month-only date from the month's last day (the youngest the animal can be)", () => {
    expect(youngestBirthDay(month("2026-09-01"))).toBe("2026-09-30");
    expect(youngestBirthDay(month("2024-02-01"))).toBe("2024-02-29");
    // Born "September 2026": on 27 November it may be only 58 days old.
    expect(isOldEnoughToCede(month("2026-09-01"), today)).toBe(false);
    expect(isOldEnoughToCede(month("2026-09-01"), "2026-11-29")).toBe(true);
    expect(isOldEnoughToCede(month("2026-09-01"), "2026-11-28")).toBe(false);
  });

  it("counts across a change of year", () => {
    expect(isOldEnoughToCede(day("2026-11-02"), "2026-12-31")).toBe(false);
    expect(isOldEnoughToCede(day("2026-11-02"), "2027-01-01")).toBe(true);
  });
});

describe("the age shown on cards", () => {
  const today = "2026-11-27";

  it("says days, months, years and both", () => {
    expect(ageText(day("2026-11-26"), today)).toBe("1 giorno");
    expect(ageText(day("2026-11-01"), today)).toBe("26 giorni");
    expect(ageText(day("2026-10-27"), today)).toBe("1 mese");
    expect(ageText(day("2026-09-27"), today)).toBe("2 mesi");
    expect(ageText(day("2026-09-28"), today)).toBe("1 mese");
    expect(ageText(day("2025-11-27"), today)).toBe("1 anno");
    expect(ageText(day("2025-08-27"), today)).toBe("1 anno e 3 mesi");
    expect(ageText(day("2024-10-01"), today)).toBe("2 anni e 1 mese");
    expect(ageText(day("2021-11-27"), today)).toBe("5 anni");
  });

  it("completes a month on the last day of a shorter month", () => {
    expect(ageText(day("2026-01-31"), "2026-02-28")).toBe("1 mese");
    expect(ageText(day("2026-01-31"), "2026-02-27")).toBe("27 giorni");
  });

  it("reads a month-only date the same conservative way", () => {
    expect(ageText(month("2026-09-01"), today)).toBe("1 mese");
    expect(ageText(month("2025-08-01"), today)).toBe("1 anno e 2 mesi");
  });
});

describe("pedigree question", () => {
  it("is asked for the sale of a dog or cat of a named breed only", () => {
    expect(asksPedigree({ listingType: "sale", petType: "dog", breed: "Beagle" })).toBe(true);
    expect(asksPedigree({ listingType: "sale", petType: "cat", breed: "Maine Coon" })).toBe(true);
    expect(asksPedigree({ listingType: "sale", petType: "dog", breed: "Meticcio" })).toBe(false);
    expect(asksPedigree({ listingType: "sale", petType: "dog", breed: null })).toBe(false);
    expect(asksPedigree({ listingType: "adoption", petType: "dog", breed: "Beagle" })).toBe(false);
    expect(asksPedigree({ listingType: "sale", petType: "bird", breed: "Canarino" })).toBe(false);
  });
});
