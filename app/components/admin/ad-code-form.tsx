// The ad-code form of /admin/adsense/new and /admin/adsense/edit?id=…. A plain POST form: it works
// before JavaScript loads, and a refused save comes back with the admin's values and the messages.
// The HTML is only ever a textarea's text here: it runs nowhere in the back office (DESIGN).
import { Form, Link, useNavigation } from "react-router";
import { fieldAria, FieldMessage } from "~/components/admin/card-form";
import { EnumOptions } from "~/components/enum-options";
import { AD_CODE_LIMITS, type AdCodeField, type AdCodeFormValues } from "~/ads/validation";
import type { FieldErrors } from "~/lib/field-errors";
import { AD_PAGE_TYPES, AD_PLACEMENTS } from "~/lib/enums";

export interface AdCodeFormProps {
  mode: "new" | "edit";
  values: AdCodeFormValues;
  fieldErrors?: FieldErrors<AdCodeField>;
  /** the refusal of a save */
  error?: string | null;
}

/** The fields in the form's order, with the labels the error summary links to. */
const FIELD_LABELS: [AdCodeField, string][] = [
  ["name", "Nome"],
  ["htmlCode", "Codice HTML"],
  ["placementType", "Posizione"],
  ["pageType", "Tipo di pagina"],
  ["priority", "Priorità"],
];

const ids: Record<AdCodeField, string> = {
  name: "ad-name",
  htmlCode: "ad-html",
  placementType: "ad-placement",
  pageType: "ad-page-type",
  priority: "ad-priority",
  isActive: "ad-active",
};

export function AdCodeForm({ mode, values, fieldErrors = {}, error }: AdCodeFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  // The spec's one message covers both required fields: the summary lists only the other problems.
  const others = FIELD_LABELS.filter(([field]) => fieldErrors[field] && fieldErrors[field] !== error);

  return (
    <Form method="post" className="space-y-6" noValidate>
      {error && !busy ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-semibold">{error}</p>
          {others.length > 0 ? (
            <ul className="mt-1 list-inside list-disc">
              {others.map(([field, label]) => (
                <li key={field}>
                  <a href={`#${ids[field]}`} className="underline">
                    {label}
                  </a>
                  : {fieldErrors[field]}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <div>
        <label htmlFor={ids.name} className="field-label">
          Nome *
        </label>
        <input
          id={ids.name}
          name="name"
          required
          maxLength={AD_CODE_LIMITS.name}
          defaultValue={values.name}
          autoComplete="off"
          {...fieldAria(ids.name, fieldErrors.name, "ad-name-hint")}
          className="field-input aria-[invalid=true]:border-red-700!"
        />
        <p id="ad-name-hint" className="mt-1 text-sm text-stone-600">
          Un nome per riconoscerlo nell'elenco (es. «Banner home crocchette»).
        </p>
        <FieldMessage fieldId={ids.name} error={fieldErrors.name} />
      </div>

      <div>
        <label htmlFor={ids.htmlCode} className="field-label">
          Codice HTML *
        </label>
        <textarea
          id={ids.htmlCode}
          name="htmlCode"
          required
          rows={10}
          maxLength={AD_CODE_LIMITS.htmlCode}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          defaultValue={values.htmlCode}
          {...fieldAria(ids.htmlCode, fieldErrors.htmlCode, "ad-html-hint")}
          className="field-input font-mono text-sm aria-[invalid=true]:border-red-700!"
        />
        <p id="ad-html-hint" className="mt-1 text-sm text-stone-600">
          Il codice fornito dalla rete pubblicitaria, così com'è. Sul sito viene eseguito solo per i visitatori che hanno accettato i cookie di marketing.
        </p>
        <FieldMessage fieldId={ids.htmlCode} error={fieldErrors.htmlCode} />
      </div>

      <div className="grid gap-6 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.placementType} className="field-label">
            Posizione
          </label>
          <select
            id={ids.placementType}
            name="placementType"
            defaultValue={values.placementType}
            {...fieldAria(ids.placementType, fieldErrors.placementType)}
            className="field-input aria-[invalid=true]:border-red-700!"
          >
            <EnumOptions values={AD_PLACEMENTS.values} labels={AD_PLACEMENTS.labels} />
          </select>
          <FieldMessage fieldId={ids.placementType} error={fieldErrors.placementType} />
        </div>
        <div>
          <label htmlFor={ids.pageType} className="field-label">
            Tipo di pagina
          </label>
          <select
            id={ids.pageType}
            name="pageType"
            defaultValue={values.pageType}
            {...fieldAria(ids.pageType, fieldErrors.pageType)}
            className="field-input aria-[invalid=true]:border-red-700!"
          >
            <EnumOptions values={AD_PAGE_TYPES.values} labels={AD_PAGE_TYPES.labels} />
          </select>
          <FieldMessage fieldId={ids.pageType} error={fieldErrors.pageType} />
        </div>
        <div>
          <label htmlFor={ids.priority} className="field-label">
            Priorità
          </label>
          <input
            id={ids.priority}
            name="priority"
            type="number"
            inputMode="numeric"
            min={0}
            max={AD_CODE_LIMITS.priority}
            step={1}
            defaultValue={values.priority}
            {...fieldAria(ids.priority, fieldErrors.priority, "ad-priority-hint")}
            className="field-input aria-[invalid=true]:border-red-700!"
          />
          <p id="ad-priority-hint" className="mt-1 text-sm text-stone-600">
            0 è la priorità più alta.
          </p>
          <FieldMessage fieldId={ids.priority} error={fieldErrors.priority} />
        </div>
      </div>

      <div>
        {/* Sent when the box is not ticked (the box's "on" comes after it and wins when ticked). */}
        <input type="hidden" name="isActive" value="false" />
        <label className="inline-flex items-center gap-2 text-stone-800">
          <input id={ids.isActive} type="checkbox" name="isActive" value="on" defaultChecked={values.isActive} className="size-4" />
          Attivo
        </label>
      </div>

      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Salvataggio…" : mode === "new" ? "Crea codice" : "Salva modifiche"}
        </button>
        <Link to="/admin/adsense" className="btn-secondary">
          Annulla
        </Link>
      </div>
    </Form>
  );
}
