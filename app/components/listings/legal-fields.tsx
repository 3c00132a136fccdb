// The listing form's fields that Italian law asks for (decision 0085). Every field is in the page's
// HTML, so the form works without JavaScript and the server decides what applies; with JavaScript,
// what does not apply to the pet type, listing type and seller is hidden (its text is not stored).
import { Link } from "react-router";
import { useState, type ReactNode } from "react";
import { asksPedigree, hasBirthDate, ITALIAN_MICROCHIP_PREFIX } from "~/listings/legal-rules";
import { LISTING_LIMITS } from "~/listings/validation";
import { SELLER_TYPES } from "~/lib/enums";
import type { FieldErrors } from "~/lib/field-errors";

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



const errorId = (field: string) => `listing-${field}-error`;

/** aria attributes of a field that may carry a message, and its hint. */
export function described(field: string, errors: FieldErrors, hintId?: string) {
  const ids = [errors[field] ? errorId(field) : null, hintId ?? null].filter(Boolean).join(" ");
  return { "aria-invalid": errors[field] ? true : undefined, "aria-describedby": ids || undefined } as const;
}

export function FieldMessage({ field, errors }: { field: string; errors: FieldErrors }) {
  const error = errors[field];
  if (!error) return null;
  return (
    <p id={errorId(field)} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

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
  errors: FieldErrors;
  /** what was typed, when the form comes back from the server without JavaScript */
  values: Record<string, string>;
}

export function LegalIdentification({ petType, hydrated, errors, values }: Omit<Props, "listingType" | "breed">) {
  const [codeOnRequest, setCodeOnRequest] = useState(values.codeOnRequest === "on");
  const dog = petType === "dog";
  const cat = petType === "cat";
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="listing-identificationCode" className="field-label">
          Codice identificativo (microchip){dog ? " *" : ""}
        </label>
        <input
          id="listing-identificationCode"
          name="identificationCode"
          inputMode="numeric"
          autoComplete="off"
          maxLength={LISTING_LIMITS.identificationCode}
          defaultValue={values.identificationCode}
          disabled={hydrated && cat && codeOnRequest}
          className="field-input"
          placeholder={`Es. ${ITALIAN_MICROCHIP_PREFIX}260000123456`}
          {...described("identificationCode", errors, "listing-code-hint")}
        />
        <FieldMessage field="identificationCode" errors={errors} />
        <p id="listing-code-hint" className="mt-1 text-sm text-stone-700">
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

/** Dogs and cats: a birth date (or only month and year) instead of the free-text age. */
export function LegalBirthDate({ petType, hydrated, errors, values }: Omit<Props, "listingType" | "breed">) {
  return (
    <Shown when={hasBirthDate(petType)} hydrated={hydrated}>
      <fieldset>
        <legend className="field-label">Data di nascita (cani e gatti){hasBirthDate(petType) ? " *" : ""}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="listing-birthDate" className="text-sm text-stone-800">
              Giorno, mese e anno
            </label>
            <input
              id="listing-birthDate"
              name="birthDate"
              type="date"
              defaultValue={values.birthDate}
              className="field-input"
              {...described("birthDate", errors, "listing-birth-hint")}
            />
            <FieldMessage field="birthDate" errors={errors} />
          </div>
          <div>
            <label htmlFor="listing-birthMonth" className="text-sm text-stone-800">
              Oppure solo mese e anno
            </label>
            <input
              id="listing-birthMonth"
              name="birthMonth"
              type="month"
              defaultValue={values.birthMonth}
              className="field-input"
              placeholder="mm/aaaa"
              {...described("birthMonth", errors, "listing-birth-hint")}
            />
            <FieldMessage field="birthMonth" errors={errors} />
          </div>
        </div>
        <p id="listing-birth-hint" className="mt-1 text-sm text-stone-700">
          Cani e gatti non possono essere ceduti prima dei 60 giorni di vita. Con solo mese e anno contiamo dall&apos;ultimo giorno del mese.
        </p>
      </fieldset>
    </Shown>
  );
}

/** Who publishes, the health certificate, the pedigree and the CITES certificate. */
export function LegalSeller({ petType, listingType, breed, hydrated, errors, values }: Props) {
  const [sellerType, setSellerType] = useState(values.sellerType ?? "");
  const breeder = sellerType === "breeder";
  const association = sellerType === "association";
  const pedigree = asksPedigree({ listingType, petType, breed });
  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <legend className="px-1 text-lg font-bold text-stone-900">Chi pubblica e documenti</legend>
      <fieldset {...described("sellerType", errors)}>
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
        <FieldMessage field="sellerType" errors={errors} />
      </fieldset>
      <Shown when={breeder || association} hydrated={hydrated}>
        <label htmlFor="listing-sellerName" className="field-label">
          {breeder ? "Ragione sociale dell'allevamento *" : association ? "Nome dell'associazione o del rifugio *" : "Ragione sociale o nome dell'associazione"}
        </label>
        <input
          id="listing-sellerName"
          name="sellerName"
          maxLength={LISTING_LIMITS.sellerName}
          defaultValue={values.sellerName}
          className="field-input"
          {...described("sellerName", errors)}
        />
        <FieldMessage field="sellerName" errors={errors} />
      </Shown>
      <Shown when={breeder} hydrated={hydrated} className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="listing-vatNumber" className="field-label">
            Partita IVA dell&apos;allevamento{breeder ? " *" : ""}
          </label>
          <input
            id="listing-vatNumber"
            name="vatNumber"
            inputMode="numeric"
            maxLength={16}
            defaultValue={values.vatNumber}
            className="field-input"
            {...described("vatNumber", errors)}
          />
          <FieldMessage field="vatNumber" errors={errors} />
        </div>
        <div>
          <label htmlFor="listing-breederCode" className="field-label">
            Codice di registrazione dell&apos;allevamento{breeder ? " *" : ""}
          </label>
          <input
            id="listing-breederCode"
            name="breederCode"
            maxLength={LISTING_LIMITS.breederCode}
            defaultValue={values.breederCode}
            className="field-input"
            {...described("breederCode", errors)}
          />
          <FieldMessage field="breederCode" errors={errors} />
        </div>
      </Shown>
      <Shown when={association} hydrated={hydrated}>
        <label htmlFor="listing-fiscalCode" className="field-label">
          Codice fiscale dell&apos;associazione{association ? " *" : ""}
        </label>
        <input
          id="listing-fiscalCode"
          name="fiscalCode"
          maxLength={20}
          autoCapitalize="characters"
          defaultValue={values.fiscalCode}
          className="field-input"
          {...described("fiscalCode", errors)}
        />
        <FieldMessage field="fiscalCode" errors={errors} />
      </Shown>

      <Shown when={pedigree} hydrated={hydrated}>
        <fieldset {...described("pedigree", errors, "listing-pedigree-hint")}>
          <legend className="field-label">Ha il pedigree (ENCI o ANFI)?{pedigree ? " *" : ""}</legend>
          <div className="flex gap-6">
            <label className="flex items-center gap-2 text-stone-800">
              <input type="radio" name="pedigree" value="yes" defaultChecked={values.pedigree === "yes"} className="h-5 w-5 accent-brand-700" /> Sì
            </label>
            <label className="flex items-center gap-2 text-stone-800">
              <input type="radio" name="pedigree" value="no" defaultChecked={values.pedigree === "no"} className="h-5 w-5 accent-brand-700" /> No
            </label>
          </div>
          <p id="listing-pedigree-hint" className="mt-1 text-sm text-stone-700">
            Solo per la vendita di cani e gatti di razza: senza pedigree l&apos;annuncio lo dirà («senza pedigree»).
          </p>
          <FieldMessage field="pedigree" errors={errors} />
        </fieldset>
      </Shown>

      <Shown when={listingType === "sale" && !hasBirthDate(petType)} hydrated={hydrated}>
        <label htmlFor="listing-citesNumber" className="field-label">
          Numero del certificato CITES
        </label>
        <input
          id="listing-citesNumber"
          name="citesNumber"
          maxLength={LISTING_LIMITS.citesNumber}
          defaultValue={values.citesNumber}
          className="field-input"
          {...described("citesNumber", errors, "listing-cites-hint")}
        />
        <FieldMessage field="citesNumber" errors={errors} />
        <p id="listing-cites-hint" className="mt-1 text-sm text-stone-700">
          Obbligatorio per vendere le specie protette (Allegato A della convenzione CITES), come molti pappagalli, testuggini e rettili.
        </p>
      </Shown>

      <div>
        <label className="flex items-start gap-3 text-stone-800">
          <input
            type="checkbox"
            name="healthCertificate"
            defaultChecked={values.healthCertificate === "on"}
            className="mt-1 h-5 w-5 accent-brand-700"
            {...described("healthCertificate", errors)}
          />
          <span>Dichiaro che l&apos;animale sarà consegnato con il certificato sanitario rilasciato dal veterinario *</span>
        </label>
        <FieldMessage field="healthCertificate" errors={errors} />
      </div>
    </fieldset>
  );
}
