// A stored listing as the listing form's fields (decision 0093): the edit page starts from these, in
// the same shape the form sends (checkboxes "on", the birth date as the day or the month field).
export interface ListingFormSource {
  title: string;
  description: string;
  petType: string;
  breed: string | null;
  age: string | null;
  gender: string;
  listingType: string;
  price: number;
  locationAddress: string;
  locationCity: string;
  locationRegion: string;
  locationLat: number;
  locationLng: number;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  messagesOnly: boolean;
  identificationCode: string | null;
  identificationIsMother: boolean;
  codeOnRequest: boolean;
  birthDate: string | null;
  birthMonthOnly: boolean;
  healthCertificate: boolean;
  sellerType: string | null;
  sellerName: string | null;
  vatNumber: string | null;
  breederCode: string | null;
  fiscalCode: string | null;
  pedigree: boolean | null;
  citesNumber: string | null;
}

const on = (value: boolean) => (value ? "on" : "");

export function listingFormValues(row: ListingFormSource): Record<string, string> {
  const values: Record<string, string> = {
    title: row.title,
    description: row.description,
    petType: row.petType,
    breed: row.breed ?? "",
    age: row.age ?? "",
    gender: row.gender,
    listingType: row.listingType,
    price: row.listingType === "sale" ? String(row.price) : "",
    address: row.locationAddress,
    city: row.locationCity,
    region: row.locationRegion,
    lat: String(row.locationLat),
    lng: String(row.locationLng),
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    messagesOnly: on(row.messagesOnly),
    identificationCode: row.identificationCode ?? "",
    litter: on(row.identificationIsMother),
    codeOnRequest: on(row.codeOnRequest),
    birthDate: row.birthDate && !row.birthMonthOnly ? row.birthDate : "",
    birthMonth: row.birthDate && row.birthMonthOnly ? row.birthDate.slice(0, 7) : "",
    healthCertificate: on(row.healthCertificate),
    sellerType: row.sellerType ?? "",
    sellerName: row.sellerName ?? "",
    vatNumber: row.vatNumber ?? "",
    breederCode: row.breederCode ?? "",
    fiscalCode: row.fiscalCode ?? "",
    pedigree: row.pedigree === null ? "" : row.pedigree ? "yes" : "no",
    citesNumber: row.citesNumber ?? "",
  };
  return values;
}
