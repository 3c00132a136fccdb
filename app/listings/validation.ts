// The listing and report forms' rules (spec section 5) and their Italian messages: the server
// validates with these schemas and the forms show the same messages. No server code here.
import { z } from "zod";
import { checkbox, emailSchema } from "~/accounts/validation";
import { ACCOUNT_MESSAGES } from "~/accounts/messages";
import { optionalText, requiredText } from "~/lib/text-fields";
import { LISTING_AVAILABILITY, LISTING_TYPES, PET_TYPES, GENDERS, REPORT_REASONS, SELLER_TYPES } from "~/lib/enums";
import {
  asksPedigree,
  hasBirthDate,
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
  type BirthDate,
} from "./legal-rules";

export const LISTING_LIMITS = {
  title: 120,
  description: 5_000,
  breed: 100,
  age: 50,
  address: 200,
  city: 100,
  region: 60,
  contactName: 100,
  phone: 30,
  maxPrice: 99_999_999.99,
  identificationCode: 40,
  sellerName: 120,
  breederCode: 40,
  citesNumber: 40,
} as const;

export const REPORT_LIMITS = { name: 100, descriptionMin: 50, descriptionMax: 5_000 } as const;

/** Listings per page on /pet-listings. */
export const LISTINGS_PAGE_SIZE = 12;

/** Pet types whose keeping has legal requirements: the form shows a warning (spec section 5). */
export const PET_TYPES_WITH_LEGAL_WARNING = ["bird", "reptile", "rodent"] as const;

export const LISTING_MESSAGES = {
  // Spec section 8, word for word.
  mustSignIn: "Devi essere autenticato per pubblicare un annuncio",
  mustAccept: "Devi accettare i Termini di Servizio e la Privacy Policy per pubblicare un annuncio",
  positionRequired: "Seleziona una posizione sulla mappa",
  createError: "Errore durante la creazione dell'annuncio",
  success: "Annuncio pubblicato con successo! Reindirizzamento...",
  notFound: "Annuncio non trovato",
  // Editing and renewing one's own listing (decision 0093).
  updateError: "Errore durante il salvataggio dell'annuncio",
  updated: "Modifiche salvate",
  editConflict: "L'annuncio è stato modificato in un'altra finestra dopo che hai aperto questa pagina: ricarica la pagina per vedere la versione più recente, poi ripeti le modifiche.",
  photoNotOfListing: "Una delle foto indicate non appartiene a questo annuncio: ricarica la pagina e riprova.",
  renewed: "Annuncio rinnovato per altri 60 giorni",
  renewSuspended: "Un annuncio sospeso dalla redazione non può essere rinnovato",
  renewClosed: "Questo annuncio è stato chiuso e non può essere rinnovato",
  notFoundDetail: "L'annuncio che cerchi non esiste, è stato rimosso o non è più disponibile.",
  empty: "Nessun annuncio trovato",
  deleteError: "Errore durante l'eliminazione dell'annuncio",
  // Ours, for each field.
  titleRequired: "Inserisci il titolo dell'annuncio",
  titleTooLong: `Il titolo può contenere al massimo ${LISTING_LIMITS.title} caratteri`,
  listingTypeRequired: "Scegli il tipo di annuncio",
  petTypeRequired: "Scegli il tipo di animale",
  genderRequired: "Indica il sesso dell'animale",
  descriptionRequired: "Inserisci una descrizione",
  descriptionTooLong: "La descrizione può contenere al massimo 5.000 caratteri",
  breedRequired: "Scegli la razza",
  breedNotInList: "Scegli una razza dall'elenco",
  breedTooLong: `La razza può contenere al massimo ${LISTING_LIMITS.breed} caratteri`,
  ageTooLong: `L'età può contenere al massimo ${LISTING_LIMITS.age} caratteri`,
  priceRequired: "Inserisci il prezzo",
  priceInvalid: "Il prezzo deve essere un numero maggiore o uguale a 0, con al massimo due decimali",
  cityRequired: "Inserisci la città",
  regionRequired: "Inserisci la regione",
  addressRequired: "Inserisci l'indirizzo",
  fieldTooLong: "Il testo inserito è troppo lungo",
  contactNameRequired: "Inserisci il nome del contatto",
  phoneRequired: "Inserisci il numero di telefono",
  phoneInvalid: "Inserisci un numero di telefono valido",
  // Without "Solo messaggi" both ways of reaching the owner are asked (decision 0089).
  contactEmailRequired: "Inserisci l'indirizzo email di contatto",
  contactEmailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  tooMany: "Hai pubblicato troppi annunci in poco tempo. Riprova più tardi.",
  forbidden: "Non puoi modificare questo annuncio",
  availabilityInvalid: "Scegli una disponibilità valida",
  deleted: "Annuncio eliminato",
  availabilitySaved: "Disponibilità aggiornata",
  // What the law asks of the ad (decision 0085).
  codeRequired: "Inserisci il codice identificativo (microchip) dell'animale",
  codeRequiredLitter: "Inserisci il codice identificativo (microchip) della madre",
  codeInvalid: "Il codice identificativo deve essere di 15 cifre",
  codeOrDeclarationRequired: "Inserisci il codice identificativo del gatto oppure dichiara che lo fornirai alle autorità su richiesta",
  birthDateRequired: "Indica la data di nascita, o almeno mese e anno",
  birthDateInvalid: "Inserisci una data di nascita valida",
  birthDateImplausible: "La data di nascita non può essere nel futuro né troppo lontana",
  tooYoung: "Non è possibile cedere cani e gatti prima dei 60 giorni di vita",
  healthCertificateRequired: "Conferma che l'animale sarà ceduto con il certificato sanitario del veterinario",
  sellerTypeRequired: "Indica chi pubblica l'annuncio",
  businessNameRequired: "Inserisci la ragione sociale dell'allevamento",
  associationNameRequired: "Inserisci il nome dell'associazione o del rifugio",
  vatRequired: "Inserisci la partita IVA dell'allevamento",
  vatInvalid: "La partita IVA non è valida: controlla le 11 cifre",
  breederCodeRequired: "Inserisci il codice di registrazione dell'allevamento",
  breederCodeInvalid: "Il codice di registrazione dell'allevamento non è valido",
  fiscalCodeRequired: "Inserisci il codice fiscale dell'associazione",
  fiscalCodeInvalid: "Il codice fiscale non è valido: 11 cifre o 16 caratteri",
  pedigreeRequired: "Indica se l'animale ha il pedigree (ENCI o ANFI)",
  citesRequired: "Inserisci il numero del certificato CITES",
  citesTooLong: `Il numero del certificato CITES può contenere al massimo ${LISTING_LIMITS.citesNumber} caratteri`,
  legalIncomplete:
    "Questo annuncio è stato pubblicato prima che Zampa chiedesse i dati richiesti dalla legge (codice identificativo, data di nascita, certificato sanitario, chi vende): completali per tenerlo in regola.",
  legalAlreadyComplete: "I dati di legge di questo annuncio sono già completi",
  legalCompleted: "Dati di legge salvati: l'annuncio è in regola",
} as const;

/** What the listing page says of a cat without a code (the alternative D.Lgs. 135/2022 art. 11 accepts). */
export const CODE_ON_REQUEST_TEXT = "Il codice identificativo sarà fornito alle autorità su richiesta";

export const REPORT_MESSAGES = {
  // Spec section 8, word for word.
  success: "Segnalazione inviata con successo! Grazie per averci aiutato. Reindirizzamento...",
  error: "Errore durante l'invio della segnalazione",
  // Ours.
  nameRequired: "Inserisci il tuo nome",
  nameTooLong: `Il nome può contenere al massimo ${REPORT_LIMITS.name} caratteri`,
  reasonRequired: "Scegli il motivo della segnalazione",
  descriptionTooShort: `La descrizione deve contenere almeno ${REPORT_LIMITS.descriptionMin} caratteri`,
  descriptionTooLong: "La descrizione può contenere al massimo 5.000 caratteri",
  tooMany: "Hai inviato troppe segnalazioni in poco tempo. Riprova più tardi.",
} as const;

const M = LISTING_MESSAGES;


/** A coordinate from a form field: empty means "not chosen". */
const coordinate = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? undefined : Number(value)),
  z.number().finite().optional(),
);

/** Euro with at most two decimals, as typed in an `<input type="number" step="0.01">` ("12,50" too). */
const priceText = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => (value === undefined ? "" : String(value).trim().replace(",", ".")));

export function parsePrice(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value <= LISTING_LIMITS.maxPrice ? value : null;
}

/** A text field the form may send empty or not at all: trimmed, "" when missing. */
const looseText = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

const yesNo = z
  .enum(["yes", "no", ""])
  .optional()
  .transform((value) => (value === "yes" ? true : value === "no" ? false : null));

/** The birth date from the two fields: a day wins over a month; undefined when neither was typed, null when unreadable. */
function birthFrom(day: string, month: string): BirthDate | null | undefined {
  if (day) {
    const date = parseBirthDay(day);
    return date ? { date, monthOnly: false } : null;
  }
  if (month) {
    const date = parseBirthMonth(month);
    return date ? { date, monthOnly: true } : null;
  }
  return undefined;
}

/** The fields the law asks for (decision 0085): in the listing form, and alone to complete an old listing. */
const legalShape = {
  identificationCode: looseText.transform(normalizeMicrochip),
  litter: checkbox,
  codeOnRequest: checkbox,
  birthDate: looseText,
  birthMonth: looseText,
  healthCertificate: checkbox,
  sellerType: z.enum(SELLER_TYPES.values, { error: M.sellerTypeRequired }),
  sellerName: z.string().trim().max(LISTING_LIMITS.sellerName, M.fieldTooLong).optional().transform((value) => value ?? ""),
  vatNumber: looseText.transform(normalizeVatNumber),
  breederCode: z.string().trim().max(LISTING_LIMITS.breederCode, M.breederCodeInvalid).optional().transform((value) => value ?? ""),
  fiscalCode: looseText.transform(normalizeFiscalCode),
  pedigree: yesNo,
  citesNumber: z.string().trim().max(LISTING_LIMITS.citesNumber, M.citesTooLong).optional().transform((value) => value ?? ""),
};

/**
 * The listing form's fields (the images travel separately). Breed rules depend on the breed
 * catalogue, so the server checks them after parsing (see listings.server.ts).
 */
export const listingSchema = z
  .object({
    title: requiredText(M.titleRequired, LISTING_LIMITS.title, M.titleTooLong),
    listingType: z.enum(LISTING_TYPES.values, { error: M.listingTypeRequired }),
    petType: z.enum(PET_TYPES.values, { error: M.petTypeRequired }),
    breed: optionalText(LISTING_LIMITS.breed, M.breedTooLong),
    age: optionalText(LISTING_LIMITS.age, M.ageTooLong),
    gender: z.enum(GENDERS.values, { error: M.genderRequired }),
    price: priceText,
    description: requiredText(M.descriptionRequired, LISTING_LIMITS.description, M.descriptionTooLong),
    city: requiredText(M.cityRequired, LISTING_LIMITS.city, M.fieldTooLong),
    region: requiredText(M.regionRequired, LISTING_LIMITS.region, M.fieldTooLong),
    address: requiredText(M.addressRequired, LISTING_LIMITS.address, M.fieldTooLong),
    lat: coordinate,
    lng: coordinate,
    contactName: requiredText(M.contactNameRequired, LISTING_LIMITS.contactName, M.fieldTooLong),
    // Optional with "Solo messaggi", required otherwise (below); when given, always checked.
    contactPhone: z.string().trim().max(LISTING_LIMITS.phone, M.phoneInvalid).optional().transform((value) => value ?? ""),
    contactEmail: looseText.transform((value) => value.toLowerCase()),
    messagesOnly: checkbox,
    acceptPrivacy: checkbox,
    acceptTerms: checkbox,
    ...legalShape,
  })
  .superRefine((value, ctx) => {
    contactIssues(value).forEach(([path, message]) => ctx.addIssue({ code: "custom", message, path: [path] }));
    legalIssues(value).forEach(([path, message]) => ctx.addIssue({ code: "custom", message, path: [path] }));
    if (value.listingType === "sale") {
      if (value.price === "") ctx.addIssue({ code: "custom", message: M.priceRequired, path: ["price"] });
      else if (parsePrice(value.price) === null) ctx.addIssue({ code: "custom", message: M.priceInvalid, path: ["price"] });
    }
    const { lat, lng } = value;
    if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      ctx.addIssue({ code: "custom", message: M.positionRequired, path: ["lat"] });
    }
    if (!value.acceptPrivacy || !value.acceptTerms) ctx.addIssue({ code: "custom", message: M.mustAccept, path: ["acceptTerms"] });
  })
  .transform(({ price, lat, lng, acceptPrivacy: _p, acceptTerms: _t, ...rest }) => ({
    ...rest,
    // Saved as 0 when the listing is not a sale (spec section 5).
    price: rest.listingType === "sale" ? (parsePrice(price) ?? 0) : 0,
    lat: lat ?? 0,
    lng: lng ?? 0,
    ...legalFields(rest),
  }));

/** A phone number as people type it: digits, with +, spaces and the usual separators. */
const PHONE_PATTERN = /^\+?[\d\s./()-]{6,}$/;

/**
 * The contact fields: phone and e-mail are required unless the owner chose "Solo messaggi"
 * (decision 0089); either one, when given, must be valid (it may be revealed later, if the owner
 * changes their mind, and the back office searches the e-mail).
 */
export function contactIssues(value: { contactPhone: string; contactEmail: string; messagesOnly: boolean }): ["contactPhone" | "contactEmail", string][] {
  const issues: ["contactPhone" | "contactEmail", string][] = [];
  if (value.contactPhone && !PHONE_PATTERN.test(value.contactPhone)) issues.push(["contactPhone", M.phoneInvalid]);
  else if (!value.contactPhone && !value.messagesOnly) issues.push(["contactPhone", M.phoneRequired]);
  if (value.contactEmail && !emailSchema.safeParse(value.contactEmail).success) issues.push(["contactEmail", M.contactEmailInvalid]);
  else if (!value.contactEmail && !value.messagesOnly) issues.push(["contactEmail", M.contactEmailRequired]);
  return issues;
}

export type LegalForm = {
  listingType: string;
  petType: string;
  breed: string | null;
  age: string | null;
  identificationCode: string;
  litter: boolean;
  codeOnRequest: boolean;
  birthDate: string;
  birthMonth: string;
  healthCertificate: boolean;
  sellerType: (typeof SELLER_TYPES.values)[number];
  sellerName: string;
  vatNumber: string;
  breederCode: string;
  fiscalCode: string;
  pedigree: boolean | null;
  citesNumber: string;
};

/**
 * The law's fields that the form alone can check (the breed catalogue's microchip and CITES rules are
 * the server's, listings.server.ts): each problem with the field it belongs to.
 */
export function legalIssues(value: LegalForm, today?: string): [keyof LegalForm, string][] {
  const issues: [keyof LegalForm, string][] = [];
  const code = value.identificationCode;
  if (code && !isMicrochipCode(code)) issues.push(["identificationCode", M.codeInvalid]);
  else if (!code && value.petType === "dog") issues.push(["identificationCode", value.litter ? M.codeRequiredLitter : M.codeRequired]);
  else if (!code && value.petType === "cat" && value.litter) issues.push(["identificationCode", M.codeRequiredLitter]);
  else if (!code && value.petType === "cat" && !value.codeOnRequest) issues.push(["identificationCode", M.codeOrDeclarationRequired]);

  if (hasBirthDate(value.petType)) {
    const birth = birthFrom(value.birthDate, value.birthMonth);
    const field = value.birthDate || !value.birthMonth ? "birthDate" : "birthMonth";
    if (birth === undefined) issues.push(["birthDate", M.birthDateRequired]);
    else if (birth === null) issues.push([field, M.birthDateInvalid]);
    else if (!isPlausibleBirth(birth, today)) issues.push([field, M.birthDateImplausible]);
    else if (!isOldEnoughToCede(birth, today)) issues.push([field, M.tooYoung]);
  }

  if (!value.healthCertificate) issues.push(["healthCertificate", M.healthCertificateRequired]);

  if (value.sellerType === "breeder") {
    if (!value.sellerName) issues.push(["sellerName", M.businessNameRequired]);
    if (!value.vatNumber) issues.push(["vatNumber", M.vatRequired]);
    else if (!isVatNumber(value.vatNumber)) issues.push(["vatNumber", M.vatInvalid]);
    if (!value.breederCode) issues.push(["breederCode", M.breederCodeRequired]);
    else if (!/^[\p{L}\d][\p{L}\d ./-]{2,}$/u.test(value.breederCode)) issues.push(["breederCode", M.breederCodeInvalid]);
  } else if (value.sellerType === "association") {
    if (!value.sellerName) issues.push(["sellerName", M.associationNameRequired]);
    if (!value.fiscalCode) issues.push(["fiscalCode", M.fiscalCodeRequired]);
    else if (!isFiscalCode(value.fiscalCode)) issues.push(["fiscalCode", M.fiscalCodeInvalid]);
  }

  if (asksPedigree(value) && value.pedigree === null) issues.push(["pedigree", M.pedigreeRequired]);
  return issues;
}

/**
 * What is stored of the law's fields once they passed: only what applies to this pet type, listing
 * type and seller (a field the form hid may still have arrived with text in it).
 */
export function legalFields(value: LegalForm) {
  const birth = hasBirthDate(value.petType) ? birthFrom(value.birthDate, value.birthMonth) : undefined;
  const code = value.identificationCode || null;
  const breeder = value.sellerType === "breeder";
  const association = value.sellerType === "association";
  return {
    // Dogs and cats carry a birth date; the free-text age stays for the other species.
    age: hasBirthDate(value.petType) ? null : value.age,
    identificationCode: code,
    identificationIsMother: code !== null && value.litter,
    codeOnRequest: code === null && value.petType === "cat" && value.codeOnRequest,
    birthDate: birth ? birth.date : null,
    birthMonthOnly: birth ? birth.monthOnly : false,
    healthCertificate: value.healthCertificate,
    sellerType: value.sellerType,
    sellerName: breeder || association ? value.sellerName : null,
    vatNumber: breeder ? value.vatNumber : null,
    breederCode: breeder ? value.breederCode : null,
    fiscalCode: association ? value.fiscalCode : null,
    pedigree: asksPedigree(value) ? value.pedigree : null,
    // Kept or dropped by the server, which knows whether the breed needs one.
    citesNumber: value.citesNumber || null,
  };
}

/** What an old listing lacks, sent alone: checked against the listing's own pet type, listing type and breed. */
export function legalCompletionSchema(listing: Pick<LegalForm, "listingType" | "petType" | "breed" | "age">) {
  return z
    .object(legalShape)
    .superRefine((value, ctx) => {
      legalIssues({ ...listing, ...value }).forEach(([path, message]) => ctx.addIssue({ code: "custom", message, path: [path] }));
    })
    .transform((value) => legalFields({ ...listing, ...value }));
}

export type ListingInput = z.output<typeof listingSchema>;

export const availabilitySchema = z.enum(LISTING_AVAILABILITY.values, { error: M.availabilityInvalid });

export const reportSchema = z.object({
  name: z
    .string({ error: REPORT_MESSAGES.nameRequired })
    .trim()
    .min(1, REPORT_MESSAGES.nameRequired)
    .max(REPORT_LIMITS.name, REPORT_MESSAGES.nameTooLong),
  email: emailSchema,
  reason: z.enum(REPORT_REASONS.values, { error: REPORT_MESSAGES.reasonRequired }),
  description: z
    .string({ error: REPORT_MESSAGES.descriptionTooShort })
    .trim()
    .min(REPORT_LIMITS.descriptionMin, REPORT_MESSAGES.descriptionTooShort)
    .max(REPORT_LIMITS.descriptionMax, REPORT_MESSAGES.descriptionTooLong),
});

export type ReportInput = z.output<typeof reportSchema>;
