// The listing and report forms' rules (spec section 5) and their Italian messages: the server
// validates with these schemas and the forms show the same messages. No server code here.
import { z } from "zod";
import { checkbox, emailSchema } from "~/accounts/validation";
import { LISTING_AVAILABILITY, LISTING_TYPES, PET_TYPES, GENDERS, REPORT_REASONS } from "~/lib/enums";

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
  tooMany: "Hai pubblicato troppi annunci in poco tempo. Riprova più tardi.",
  forbidden: "Non puoi modificare questo annuncio",
  availabilityInvalid: "Scegli una disponibilità valida",
  deleted: "Annuncio eliminato",
  availabilitySaved: "Disponibilità aggiornata",
} as const;

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

const requiredText = (required: string, max: number, tooLong: string = M.fieldTooLong) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);


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
    city: requiredText(M.cityRequired, LISTING_LIMITS.city),
    region: requiredText(M.regionRequired, LISTING_LIMITS.region),
    address: requiredText(M.addressRequired, LISTING_LIMITS.address),
    lat: coordinate,
    lng: coordinate,
    contactName: requiredText(M.contactNameRequired, LISTING_LIMITS.contactName),
    contactPhone: requiredText(M.phoneRequired, LISTING_LIMITS.phone).regex(/^\+?[\d\s./()-]{6,}$/, M.phoneInvalid),
    contactEmail: emailSchema,
    acceptPrivacy: checkbox,
    acceptTerms: checkbox,
  })
  .superRefine((value, ctx) => {
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
  }));

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
