// The guide's rules for listings (issue 28, decision 0088): each section is a heading with the id
// that the listing form links to, in heading order, and states its facts with the law they come from.
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/render-page";
import LegalPetsInfo from "./legal-pets-info";
import { LEGAL_PETS_INFO_PATH, LEGAL_PETS_INFO_SECTIONS, legalPetsInfoHref, type LegalPetsInfoSection } from "./legal-pets-info-sections";

const html = renderPage(LegalPetsInfo, null, LEGAL_PETS_INFO_PATH);

type Heading = { level: number; id: string | undefined; text: string; start: number };

const headings: Heading[] = [...html.matchAll(/<h([1-6])\b([^>]*)>([\s\S]*?)<\/h\1>/g)].map((m) => ({
  level: Number(m[1]),
  id: /\bid="([^"]*)"/.exec(m[2]!)?.[1],
  text: m[3]!.replace(/<[^>]+>/g, ""),
  start: m.index,
}));

function decode(text: string): string {
  return text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&nbsp;", "\u00a0");
}

/** The text of a section: from its heading to the next heading of the same level or above. */
function sectionText(section: LegalPetsInfoSection): string {
  const index = headings.findIndex((h) => h.id === LEGAL_PETS_INFO_SECTIONS[section]);
  const heading = headings[index]!;
  const next = headings.slice(index + 1).find((h) => h.level <= heading.level);
  return decode(html.slice(heading.start, next?.start ?? html.length).replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
}

/** Each section's facts and the reference it must cite (the law and its article). */
const FACTS: Record<Exclude<LegalPetsInfoSection, "listings">, { says: (string | RegExp)[]; cites: (string | RegExp)[] }> = {
  identificationCode: {
    says: ["codice identificativo", "codice della madre", "fornito alle autorità", "da 1.000 a 5.000 euro", "Carabinieri forestali", "anche gratis"],
    cites: ["decreto legislativo 5 agosto 2022, n. 135", "art. 11", "art. 14"],
  },
  healthCertificate: { says: ["certificato del medico veterinario", "condizioni di salute"], cites: ["n. 135 del 2022, art. 11"] },
  microchip: {
    says: ["SINAC", "entro 60 giorni dalla nascita", "prima di qualsiasi cessione", "15 cifre", "ISO 11784", "380"],
    cites: ["decreto legislativo 5 agosto 2022, n. 134", "7 marzo 2023", "2 novembre 2023"],
  },
  minimumAge: { says: ["prima dei due mesi", "meno di 60 giorni", "data di nascita"], cites: ["24 gennaio 2013", "leggi regionali"] },
  sellers: {
    says: ["privato", "allevamento", "associazione", "cinque o più fattrici", "trenta o più cuccioli", "partita IVA", "codice fiscale"],
    cites: ["legge 23 agosto 1993, n. 349, art. 2", "28 gennaio 1994"],
  },
  pedigree: { says: ["«di razza»", "pedigree", "ENCI", "ANFI", "«senza pedigree»"], cites: ["decreto legislativo 30 dicembre 1992, n. 529, art. 5"] },
  exoticSpecies: {
    says: ["prelevati in natura", "«lista positiva»", "allegato A della CITES", "certificato CITES"],
    cites: ["art. 3 e art. 5", "11 ottobre 2022", "Regolamento (CE) n. 338/97, art. 8", "legge 7 febbraio 1992, n. 150"],
  },
  reportsAndAppeals: {
    says: ["segnalarci", "motivazione", "«Contesta la decisione»", "2.000 caratteri", "esito per e-mail", "giudice"],
    cites: ["Regolamento (UE) 2022/2065", "art. 16", "art. 17", "art. 20"],
  },
};

describe("/legal-pets-info: the rules for listings", () => {
  it("has one heading for each section the form links to, with its id", () => {
    for (const id of Object.values(LEGAL_PETS_INFO_SECTIONS)) {
      const matching = headings.filter((h) => h.id === id);
      expect(matching, id).toHaveLength(1);
      expect([2, 3], id).toContain(matching[0]!.level);
    }
    // The sections about a listing sit under the listings heading; reports and appeals are a part of their own.
    const listings = headings.find((h) => h.id === LEGAL_PETS_INFO_SECTIONS.listings)!;
    expect(listings.level).toBe(2);
    expect(headings.find((h) => h.id === LEGAL_PETS_INFO_SECTIONS.reportsAndAppeals)!.level).toBe(2);
    for (const section of ["identificationCode", "healthCertificate", "microchip", "minimumAge", "sellers", "pedigree", "exoticSpecies"] as const) {
      expect(headings.find((h) => h.id === LEGAL_PETS_INFO_SECTIONS[section])!.level, section).toBe(3);
    }
  });

  it("keeps the headings in order: one h1, and no level skipped", () => {
    expect(headings.filter((h) => h.level === 1)).toHaveLength(1);
    expect(headings[0]!.level).toBe(1);
    for (let i = 1; i < headings.length; i++) {
      expect(headings[i]!.level - headings[i - 1]!.level, headings[i]!.text).toBeLessThanOrEqual(1);
    }
  });

  it("uses every id once in the page", () => {
    const ids = [...html.matchAll(/\bid="([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(Object.entries(FACTS))("%s states its facts and cites the law and article", (section, { says, cites }) => {
    const text = sectionText(section as LegalPetsInfoSection);
    expect(text).toContain("Riferimenti:");
    for (const fact of [...says, ...cites]) {
      if (typeof fact === "string") expect(text, section).toContain(fact);
      else expect(text, section).toMatch(fact);
    }
  });

  it("gives the form links that land on those headings", () => {
    expect(legalPetsInfoHref("identificationCode")).toBe("/legal-pets-info#codice-identificativo");
    expect(legalPetsInfoHref("minimumAge")).toBe("/legal-pets-info#eta-minima");
    expect(legalPetsInfoHref("sellers")).toBe("/legal-pets-info#venditori");
    expect(legalPetsInfoHref("exoticSpecies")).toBe("/legal-pets-info#specie-esotiche");
    expect(legalPetsInfoHref("reportsAndAppeals")).toBe("/legal-pets-info#segnalazioni-e-contestazioni");
    for (const section of Object.keys(LEGAL_PETS_INFO_SECTIONS) as LegalPetsInfoSection[]) {
      const id = legalPetsInfoHref(section).split("#")[1];
      expect(html, section).toContain(` id="${id}"`);
    }
  });

  it("keeps the guide's earlier sections", () => {
    const text = decode(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
    expect(text).toContain("1,5 metri");
    expect(text).toContain("fino a 6 mesi di arresto");
    expect(text).toContain("150.000 euro");
    expect(html).toContain('href="/terms"');
  });
});
