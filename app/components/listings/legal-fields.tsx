// The listing form's fields that Italian law asks for (decision 0085). Every field is in the page's
// HTML, so the form works without JavaScript and the server decides what applies; with JavaScript,
// what does not apply to the pet type, listing type and seller is hidden (its text is not stored).
// The fields are wired by the form kit (Conform): ids `listing-<name>`, messages `listing-<name>-error`.
import { getFieldsetProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";
import { useState, type ReactNode } from "react";
import { FieldError } from "~/components/form/form-messages";
import { asksPedigree, hasBirthDate, ITALIAN_MICROCHIP_PREFIX } from "~/listings/legal-rules";
import { LISTING_LIMITS } from "~/listings/validation";
import { SELLER_TYPES } from "~/lib/enums";

export type LegalField =
  | "identificationCode"
  | "litter"
  | "codeOnRequest"
  | "birthDate"
  | "birthMonth"
  | "healthCertificate"
  | "sellerType"
  | "sellerName"
  | "vatNumber"
  | "breederCode"
  | "fiscalCode"
  | "pedigree"
  | "citesNumber";



/** The legal fields' metadata from the form they are part of (the listing form, or the completion form). */
export type LegalFields = Record<LegalField, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

/** A text field's props: the kit's wiring, its hint, and what was typed (kept by the caller). */
const text = (field: LegalFields[LegalField], hintId?: string) => getInputProps(field, { type: "text", value: false, ariaDescribedBy: hintId });

/** A block shown unless the page's script knows it does not apply. */
function Shown({ when, hydrated, children, className }: { when: boolean; hydrated: boolean; children: ReactNode; className?: string }) {
  return (
    <div hidden={hydrated && !when} className={className}>
      {children}
    </div>
  );
}

interface Props {
  petType: string;
  listingType: string;
  breed: string;
  /** the page's script is running (before that, every field shows) */
  hydrated: boolean;
  fields: LegalFields;
  /** what was typed, when the form comes back from the server without JavaScript */
  values: Record<string, string>;
}

export function LegalIdentification({ petType, hydrated, fields, values }: Omit<Props, "listingType" | "breed">) {
  const [codeOnRequest, setCodeOnRequest] = useState(values.codeOnRequest === "on");
  const dog = petType === "dog";
  const cat = petType === "cat";
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={fields.identificationCode.id} className="field-label">
          Codice identificativo (microchip){dog ? " *" : ""}
        </label>
        <input
          {...text(fields.identificationCode, fields.identificationCode.descriptionId)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={LISTING_LIMITS.identificationCode}
          defaultValue={values.identificationCode}
          disabled={hydrated && cat && codeOnRequest}
          className="field-input"
          placeholder={`Es. ${ITALIAN_MICROCHIP_PREFIX}260000123456`}
        />
        <FieldError field={fields.identificationCode} />
        <p id={fields.identificationCode.descriptionId} className="mt-1 text-sm text-stone-700">
          15 cifre, come sul passaporto o sul libretto; i codici italiani iniziano con {ITALIAN_MICROCHIP_PREFIX}. Obbligatorio per i cani
          e per le specie che lo richiedono, consigliato per i gatti. La legge (D.Lgs. 135/2022, art. 11) chiede che l&apos;annuncio di
          vendita o di cessione, anche gratuita, di un cane o di un gatto riporti il codice dell&apos;animale, o quello della madre per una
          cucciolata: così chi adotta può verificare che sia registrato in anagrafe.{" "}
          <Link to="/legal-pets-info" className="font-semibold underline">
            Perché lo chiediamo
          </Link>
        </p>
      </div>
      <Shown when={dog || cat} hydrated={hydrated}>
        <label className="flex items-start gap-3 text-stone-800">
          <input type="checkbox" name="litter" defaultChecked={values.litter === "on"} className="mt-1 h-5 w-5 accent-brand-700" />
          <span>Cucciolata non ancora identificata: il codice indicato è quello della madre</span>
        </label>
      </Shown>
      <Shown when={cat} hydrated={hydrated}>
        <label className="flex items-start gap-3 text-stone-800">
          <input
            type="checkbox"
            name="codeOnRequest"
            checked={codeOnRequest}
            onChange={(e) => setCodeOnRequest(e.target.checked)}
            className="mt-1 h-5 w-5 accent-brand-700"
          />
          <span>Solo per i gatti: non indico il codice e dichiaro che lo fornirò alle autorità su richiesta</span>
        </label>
      </Shown>
    </div>
  );
}

/** The hint of both birth fields (one text for the two). */
const BIRTH_HINT = "listing-birth-hint";

/** Dogs and cats: a birth date (or only month and year) instead of the free-text age. */
export function LegalBirthDate({ petType, hydrated, fields, values }: Omit<Props, "listingType" | "breed">) {
  return (
    <Shown when={hasBirthDate(petType)} hydrated={hydrated}>
      <fieldset>
        <legend className="field-label">Data di nascita (cani e gatti){hasBirthDate(petType) ? " *" : ""}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.birthDate.id} className="text-sm text-stone-800">
              Giorno, mese e anno
            </label>
            <input
              {...getInputProps(fields.birthDate, { type: "date", value: false, ariaDescribedBy: BIRTH_HINT })}
              defaultValue={values.birthDate}
              className="field-input"
            />
            <FieldError field={fields.birthDate} />
          </div>
          <div>
            <label htmlFor={fields.birthMonth.id} className="text-sm text-stone-800">
              Oppure solo mese e anno
            </label>
            <input
              {...getInputProps(fields.birthMonth, { type: "month", value: false, ariaDescribedBy: BIRTH_HINT })}
              defaultValue={values.birthMonth}
              className="field-input"
              placeholder="mm/aaaa"
            />
            <FieldError field={fields.birthMonth} />
          </div>
        </div>
        <p id={BIRTH_HINT} className="mt-1 text-sm text-stone-700">
          Cani e gatti non possono essere ceduti prima dei 60 giorni di vita. Con solo mese e anno contiamo dall&apos;ultimo giorno del mese.
        </p>
      </fieldset>
    </Shown>
  );
}

/** Who publishes, the health certificate, the pedigree and the CITES certificate. */
export function LegalSeller({ petType, listingType, breed, hydrated, fields, values }: Props) {
  const [sellerType, setSellerType] = useState(values.sellerType ?? "");
  const breeder = sellerType === "breeder";
  const association = sellerType === "association";
  const pedigree = asksPedigree({ listingType, petType, breed });
  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-bold text-stone-900">Chi pubblica e documenti</legend>
      <fieldset {...getFieldsetProps(fields.sellerType)}>
        <legend className="field-label">Chi pubblica l&apos;annuncio *</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {SELLER_TYPES.values.map((value) => (
            <label key={value} className="flex items-center gap-2 text-stone-800">
              <input
                type="radio"
                name="sellerType"
                value={value}
                checked={sellerType === value}
                onChange={() => setSellerType(value)}
                className="h-5 w-5 accent-brand-700"
              />
              {SELLER_TYPES.labels[value]}
            </label>
          ))}
        </div>
        <FieldError field={fields.sellerType} />
      </fieldset>
      <Shown when={breeder || association} hydrated={hydrated}>
        <label htmlFor={fields.sellerName.id} className="field-label">
          {breeder ? "Ragione sociale dell'allevamento *" : association ? "Nome dell'associazione o del rifugio *" : "Ragione sociale o nome dell'associazione"}
        </label>
        <input {...text(fields.sellerName)} maxLength={LISTING_LIMITS.sellerName} defaultValue={values.sellerName} className="field-input" />
        <FieldError field={fields.sellerName} />
      </Shown>
      <Shown when={breeder} hydrated={hydrated} className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.vatNumber.id} className="field-label">
            Partita IVA dell&apos;allevamento{breeder ? " *" : ""}
          </label>
          <input {...text(fields.vatNumber)} inputMode="numeric" maxLength={16} defaultValue={values.vatNumber} className="field-input" />
          <FieldError field={fields.vatNumber} />
        </div>
        <div>
          <label htmlFor={fields.breederCode.id} className="field-label">
            Codice di registrazione dell&apos;allevamento{breeder ? " *" : ""}
          </label>
          <input {...text(fields.breederCode)} maxLength={LISTING_LIMITS.breederCode} defaultValue={values.breederCode} className="field-input" />
          <FieldError field={fields.breederCode} />
        </div>
      </Shown>
      <Shown when={association} hydrated={hydrated}>
        <label htmlFor={fields.fiscalCode.id} className="field-label">
          Codice fiscale dell&apos;associazione{association ? " *" : ""}
        </label>
        <input {...text(fields.fiscalCode)} maxLength={20} autoCapitalize="characters" defaultValue={values.fiscalCode} className="field-input" />
        <FieldError field={fields.fiscalCode} />
      </Shown>

      <Shown when={pedigree} hydrated={hydrated}>
        <fieldset {...getFieldsetProps(fields.pedigree, { ariaDescribedBy: fields.pedigree.descriptionId })}>
          <legend className="field-label">Ha il pedigree (ENCI o ANFI)?{pedigree ? " *" : ""}</legend>
          <div className="flex gap-6">
            <label className="flex items-center gap-2 text-stone-800">
              <input type="radio" name="pedigree" value="yes" defaultChecked={values.pedigree === "yes"} className="h-5 w-5 accent-brand-700" /> Sì
            </label>
            <label className="flex items-center gap-2 text-stone-800">
              <input type="radio" name="pedigree" value="no" defaultChecked={values.pedigree === "no"} className="h-5 w-5 accent-brand-700" /> No
            </label>
          </div>
          <p id={fields.pedigree.descriptionId} className="mt-1 text-sm text-stone-700">
            Solo per la vendita di cani e gatti di razza: senza pedigree l&apos;annuncio lo dirà («senza pedigree»).
          </p>
          <FieldError field={fields.pedigree} />
        </fieldset>
      </Shown>

      <Shown when={listingType === "sale" && !hasBirthDate(petType)} hydrated={hydrated}>
        <label htmlFor={fields.citesNumber.id} className="field-label">
          Numero del certificato CITES
        </label>
        <input
          {...text(fields.citesNumber, fields.citesNumber.descriptionId)}
          maxLength={LISTING_LIMITS.citesNumber}
          defaultValue={values.citesNumber}
          className="field-input"
        />
        <FieldError field={fields.citesNumber} />
        <p id={fields.citesNumber.descriptionId} className="mt-1 text-sm text-stone-700">
          Obbligatorio per vendere le specie protette (Allegato A della convenzione CITES), come molti pappagalli, testuggini e rettili.
        </p>
      </Shown>

      <div>
        <label className="flex items-start gap-3 text-stone-800">
          <input
            {...getInputProps(fields.healthCertificate, { type: "checkbox", value: false })}
            defaultChecked={values.healthCertificate === "on"}
            className="mt-1 h-5 w-5 accent-brand-700"
          />
          <span>Dichiaro che l&apos;animale sarà consegnato con il certificato sanitario rilasciato dal veterinario *</span>
        </label>
        <FieldError field={fields.healthCertificate} />
      </div>
    </fieldset>
  );
}
