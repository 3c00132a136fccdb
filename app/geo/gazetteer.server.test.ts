import { describe, expect, it } from "vitest";
import { ITALIAN_REGIONS } from "~/lib/regions";
import { distanceKm, gazetteerForward, gazetteerReverse, loadGazetteer, placeKey } from "./gazetteer.server";

describe("offline gazetteer", () => {
  it("holds each comune once, although the data has one row per postcode", () => {
    const { comuni } = loadGazetteer();
    expect(comuni.length).toBeGreaterThanOrEqual(7800);
    expect(comuni.length).toBeLessThanOrEqual(8000);
    expect(new Set(comuni.map((c) => c.istat)).size).toBe(comuni.length);
    // Roma has dozens of CAPs: one entry.
    expect(comuni.filter((c) => c.name === "Roma")).toHaveLength(1);
  });

  it("names regions as the listing form suggests them, so a reverse lookup fills what it accepts", () => {
    const regions = new Set(loadGazetteer().comuni.map((c) => c.region));
    expect([...regions].sort()).toEqual([...ITALIAN_REGIONS].sort());
    for (const region of ITALIAN_REGIONS) {
      const comune = loadGazetteer().comuni.find((c) => c.region === region)!;
      expect(gazetteerForward(comune.name, region)?.region).toBe(region);
    }
  });

  it("finds Roma, Lazio", () => {
    const roma = gazetteerForward("Roma", "Lazio");
    expect(roma).toMatchObject({ city: "Roma", region: "Lazio" });
    expect(roma!.lat).toBeCloseTo(41.89, 1);
    expect(roma!.lng).toBeCloseTo(12.48, 1);
  });

  it("ignores accents, case, apostrophes, hyphens and spacing", () => {
    const forli = gazetteerForward("Forlì", "Emilia-Romagna");
    expect(forli).toMatchObject({ city: "Forlì", region: "Emilia-Romagna" });
    expect(gazetteerForward("forlì", "emilia-romagna")).toEqual(forli);
    expect(gazetteerForward("FORLI", "Emilia Romagna")).toEqual(forli);
    expect(gazetteerForward("  Forli' ", "EMILIA  ROMAGNA")).toEqual(forli);
    const santAmbrogio = gazetteerForward("Sant'Ambrogio di Torino", "Piemonte");
    expect(santAmbrogio?.city).toBe("Sant'Ambrogio di Torino");
    for (const spelling of ["Sant’Ambrogio di Torino", "sant ambrogio di torino", "Santambrogio di Torino"]) {
      expect(gazetteerForward(spelling, "piemonte")).toEqual(santAmbrogio);
    }
    expect(placeKey("Rhêmes-Notre-Dame")).toBe("rhemesnotredame");
  });

  it("accepts the usual spellings of regions with long or bilingual names", () => {
    for (const region of ["Valle d'Aosta", "Valle d’Aosta", "Vallée d'Aoste", "valle d aosta", "Valle d'Aosta/Vallée d'Aoste"]) {
      expect(gazetteerForward("Aosta", region)).toMatchObject({ city: "Aosta", region: "Valle d'Aosta" });
    }
    for (const region of ["Trentino-Alto Adige", "Trentino Alto Adige", "Trentino-Alto Adige/Südtirol", "Alto Adige"]) {
      expect(gazetteerForward("Bolzano", region)).toMatchObject({ city: "Bolzano", region: "Trentino-Alto Adige" });
    }
    for (const region of ["Friuli-Venezia Giulia", "Friuli Venezia Giulia"]) {
      expect(gazetteerForward("Udine", region)?.city).toBe("Udine");
    }
  });

  it("knows German names and the everyday names of the two Reggios", () => {
    expect(gazetteerForward("Bozen", "Trentino-Alto Adige")?.city).toBe("Bolzano");
    expect(gazetteerForward("Reggio Emilia", "Emilia-Romagna")?.city).toBe("Reggio nell'Emilia");
    expect(gazetteerForward("Reggio Calabria", "Calabria")?.city).toBe("Reggio di Calabria");
  });

  it("tells homonyms apart by region", () => {
    const lombardia = gazetteerForward("Castro", "Lombardia");
    const puglia = gazetteerForward("Castro", "Puglia");
    expect(lombardia?.region).toBe("Lombardia");
    expect(puglia?.region).toBe("Puglia");
    // Castro (BG) is on Lake Iseo, Castro (LE) on the Salento coast: some 900 km apart.
    expect(distanceKm(lombardia!.lat, lombardia!.lng, puglia!.lat, puglia!.lng)).toBeGreaterThan(500);
    const samonePiemonte = gazetteerForward("Samone", "Piemonte");
    const samoneTrentino = gazetteerForward("Samone", "Trentino Alto Adige");
    expect(samonePiemonte?.region).toBe("Piemonte");
    expect(samoneTrentino?.region).toBe("Trentino-Alto Adige");
    expect(samonePiemonte!.lng).not.toBeCloseTo(samoneTrentino!.lng, 1);
  });

  it("finds nothing with a wrong region or an unknown comune", () => {
    expect(gazetteerForward("Roma", "Lombardia")).toBeNull();
    expect(gazetteerForward("Castro", "Sicilia")).toBeNull();
    expect(gazetteerForward("Atlantide", "Lazio")).toBeNull();
    expect(gazetteerForward("Roma", "Latium")).toBeNull();
  });

  it("reverse-geocodes a point to the nearest comune, with no street", () => {
    expect(gazetteerReverse(45.4642, 9.19)).toEqual({ city: "Milano", region: "Lombardia", address: "" });
    expect(gazetteerReverse(41.9028, 12.4964)).toEqual({ city: "Roma", region: "Lazio", address: "" });
  });

  it("finds no comune far from Italy", () => {
    expect(gazetteerReverse(38.5, 5.0)).toBeNull(); // western Mediterranean, between Sardinia and Spain
    expect(gazetteerReverse(48.8566, 2.3522)).toBeNull(); // Paris
    expect(gazetteerReverse(0, 0)).toBeNull();
  });
});
