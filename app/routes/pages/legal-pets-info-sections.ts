// The sections of /legal-pets-info that other pages link to (the listing form explains why it asks
// for a code, a birth date or a certificate with a link to the rule). The page takes its ids from
// here, so a link cannot point at an anchor that was renamed.

export const LEGAL_PETS_INFO_PATH = "/legal-pets-info";

export const LEGAL_PETS_INFO_SECTIONS = {
  /** Everything an ad for an animal must respect (the h2 over the sections below). */
  listings: "annunci",
  /** D.Lgs. 135/2022 art. 11: the identification code (or the mother's) in the ad. */
  identificationCode: "codice-identificativo",
  /** D.Lgs. 135/2022 art. 11: the veterinary health certificate. */
  healthCertificate: "certificato-sanitario",
  /** SINAC: microchip and registration within 60 days, 15-digit codes. */
  microchip: "microchip-e-sinac",
  /** No dog or cat handed over before 60 days. */
  minimumAge: "eta-minima",
  /** Private seller, breeder, association; the breeder thresholds. */
  sellers: "venditori",
  /** D.Lgs. 529/1992: "of a breed" only with a pedigree. */
  pedigree: "pedigree",
  /** Wild-caught exotic animals, the positive list, CITES Annex A. */
  exoticSpecies: "specie-esotiche",
  /** DSA arts. 16-17 and 20: reports, statements of reasons, contesting a decision. */
  reportsAndAppeals: "segnalazioni-e-contestazioni",
} as const;

export type LegalPetsInfoSection = keyof typeof LEGAL_PETS_INFO_SECTIONS;

/** The link to one section of the guide, e.g. `/legal-pets-info#codice-identificativo`. */
export function legalPetsInfoHref(section: LegalPetsInfoSection): string {
  return `${LEGAL_PETS_INFO_PATH}#${LEGAL_PETS_INFO_SECTIONS[section]}`;
}
