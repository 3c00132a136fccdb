// The ad-code form of /admin/adsense/new and /admin/adsense/edit?id=…. A plain POST form: it works
// before JavaScript loads, and a refused save comes back with the admin's values and the messages.
// With JavaScript, the same schema refuses it before it leaves, with the same messages.
// The HTML is only ever a textarea's text here: it runs nowhere in the back office (DESIGN).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FieldError } from "~/components/form/form-messages";
import { messagesOf, useZodForm } from "~/components/form/zod-form";
import { EnumOptions } from "~/components/enum-options";
import { AD_CODE_LIMITS, AD_CODE_MESSAGES, adCodeSchema, type AdCodeField, type AdCodeFormValues } from "~/ads/validation";
import type { FieldErrors } from "~/lib/field-errors";
import { AD_PAGE_TYPES, AD_PLACEMENTS } from "~/lib/enums";

/**
 * What the new and edit actions answer when they do not save: the refusal, and for a save the
 * domain refused, each field's message and the admin's values (an unreadable form has neither).
 */
export type AdCodeAnswer = { ok: false; error: string; fieldErrors?: FieldErrors<AdCodeField>; values?: AdCodeFormValues };

export interface AdCodeFormProps {
  mode: "new" | "edit";
  values: AdCodeFormValues;
  fieldErrors?: FieldErrors<AdCodeField>;
  /** the refusal of a save */
  error?: string | null;
}

/** The fields in the form's order, with the labels the error summary links to. */
const FIELD_LABELS: [Exclude<AdCodeField, "isActive">, string][] = [
  ["name", "Nome"],
  ["htmlCode", "Codice HTML"],
  ["placementType", "Posizione"],
  ["pageType", "Tipo di pagina"],
  ["priority", "Priorità"],
];

export function AdCodeForm({ mode, values, fieldErrors, error }: AdCodeFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const answer = useMemo(() => (error ? { ok: false, error, fieldErrors } : undefined), [error, fieldErrors]);
  const [form, fields] = useZodForm({ id: "ad-code", schema: adCodeSchema, answer, badInput: { priority: AD_CODE_MESSAGES.priorityInvalid } });
  // The refusal's first message is the title (the server answers the same one as its error); the
  // spec's one message covers both required fields, so the summary lists only the other problems.
  const title = messagesOf(form.allErrors)[0];
  const others = FIELD_LABELS.flatMap(([name, label]) => {
    const message = fields[name].errors?.[0];
    return message && message !== title ? [{ field: fields[name], label, message }] : [];
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {title && !busy ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-semibold">{title}</p>
          {others.length > 0 ? (
            <ul className="mt-1 list-inside list-disc">
              {others.map(({ field, label, message }) => (
                <li key={field.name}>
                  <a href={`#${field.id}`} className="underline">
                    {label}
                  </a>
                  : {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <div>
        <label htmlFor={fields.name.id} className="field-label">
          Nome *
        </label>
        <input
          {...getInputProps(fields.name, { type: "text", ariaDescribedBy: fields.name.descriptionId })}
          maxLength={AD_CODE_LIMITS.name}
          defaultValue={values.name}
          autoComplete="off"
          className="field-input aria-[invalid=true]:border-red-700!"
        />
        <p id={fields.name.descriptionId} className="mt-1 text-sm text-stone-600">
          Un nome per riconoscerlo nell'elenco (es. «Banner home crocchette»).
        </p>
        <FieldError field={fields.name} />
      </div>

      <div>
        <label htmlFor={fields.htmlCode.id} className="field-label">
          Codice HTML *
        </label>
        <textarea
          {...getTextareaProps(fields.htmlCode, { ariaDescribedBy: fields.htmlCode.descriptionId })}
          rows={10}
          maxLength={AD_CODE_LIMITS.htmlCode}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          defaultValue={values.htmlCode}
          className="field-input font-mono text-sm aria-[invalid=true]:border-red-700!"
        />
        <p id={fields.htmlCode.descriptionId} className="mt-1 text-sm text-stone-600">
          Il codice fornito dalla rete pubblicitaria, così com'è. Sul sito viene eseguito solo per i visitatori che hanno accettato i cookie di marketing.
        </p>
        <FieldError field={fields.htmlCode} />
      </div>

      <div className="grid gap-6 sm:grid-cols-3">
        <div>
          <label htmlFor={fields.placementType.id} className="field-label">
            Posizione
          </label>
          <select
            {...getSelectProps(fields.placementType)}
            defaultValue={values.placementType}
            className="field-input aria-[invalid=true]:border-red-700!"
          >
            <EnumOptions values={AD_PLACEMENTS.values} labels={AD_PLACEMENTS.labels} />
          </select>
          <FieldError field={fields.placementType} />
        </div>
        <div>
          <label htmlFor={fields.pageType.id} className="field-label">
            Tipo di pagina
          </label>
          <select
            {...getSelectProps(fields.pageType)}
            defaultValue={values.pageType}
            className="field-input aria-[invalid=true]:border-red-700!"
          >
            <EnumOptions values={AD_PAGE_TYPES.values} labels={AD_PAGE_TYPES.labels} />
          </select>
          <FieldError field={fields.pageType} />
        </div>
        <div>
          <label htmlFor={fields.priority.id} className="field-label">
            Priorità
          </label>
          <input
            {...getInputProps(fields.priority, { type: "number", ariaDescribedBy: fields.priority.descriptionId })}
            inputMode="numeric"
            min={0}
            max={AD_CODE_LIMITS.priority}
            step={1}
            defaultValue={values.priority}
            className="field-input aria-[invalid=true]:border-red-700!"
          />
          <p id={fields.priority.descriptionId} className="mt-1 text-sm text-stone-600">
            0 è la priorità più alta.
          </p>
          <FieldError field={fields.priority} />
        </div>
      </div>

      <div>
        {/* Sent when the box is not ticked (the box's "on" comes after it and wins when ticked). */}
        <input type="hidden" name="isActive" value="false" />
        <label className="inline-flex items-center gap-2 text-stone-800">
          <input id={fields.isActive.id} type="checkbox" name="isActive" value="on" defaultChecked={values.isActive} className="size-4" />
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
