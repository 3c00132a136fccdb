import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useRef } from "react";
import { data } from "react-router";
import type { Route } from "./+types/settings";
import { readAdminForm } from "~/admin/admin-form.server";
import { adminActor } from "~/admin/gate.server";
import { Field } from "~/components/admin/kit/field";
import { StatusBanner, type BannerStatus } from "~/components/admin/kit/status-banner";
import { FormErrors } from "~/components/form/form-messages";
import { useSaveForm } from "~/components/form/use-save-form";
import type { FieldErrors } from "~/lib/field-errors";
import { formatDateTimeLong } from "~/lib/format";
import { getSettingsForAdmin, saveSettings, type SettingsFailure } from "~/seo/settings-admin.server";
import { ROBOTS_TXT_ROWS, SETTINGS_LIMITS, SETTINGS_MESSAGES as M, settingsSchema, type SettingsField } from "~/seo/settings-validation";
import { robotsTxt } from "~/seo/sitemap.server";

// /admin/seo/settings — the site-wide SEO settings (one row). A save takes effect at once on every
// page's tags, on /robots.txt and on the consent-gated Analytics and Pixel tags. Decision 0054.

type ActionData = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: FieldErrors<SettingsField> };

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await getSettingsForAdmin(admin);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  return { form: result.form, updatedAt: result.saved?.updatedAt ?? null, defaultRobots: robotsTxt(null) };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const result = await saveSettings(read.actor, read.fields);
  if (!result.ok) return data<ActionData>({ ok: false, error: result.error, fieldErrors: (result as SettingsFailure).fieldErrors }, { status: result.status });
  return data<ActionData>({ ok: true, message: result.message });
}

export const meta: Route.MetaFunction = () => [{ title: "Impostazioni — SEO — Zampa Admin" }, { name: "robots", content: "noindex" }];

interface FieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: string;
  defaultValue: string | null;
  maxLength: number;
  mono?: boolean;
  placeholder?: string;
}

function TextField({ field, label, hint, defaultValue, maxLength, mono, placeholder }: FieldProps) {
  return (
    <Field field={field} label={label} hint={hint}>
      <input
        {...getInputProps(field, { type: "text", ariaDescribedBy: hint ? field.descriptionId : undefined })}
        defaultValue={defaultValue ?? ""}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={mono ? false : undefined}
        autoCapitalize={mono ? "none" : undefined}
        className={`field-input ${mono ? "font-mono" : ""}`}
      />
    </Field>
  );
}

export default function SeoSettings({ loaderData }: Route.ComponentProps) {
  const { form, updatedAt, defaultRobots } = loaderData;
  const statusRef = useRef<HTMLDivElement>(null);
  // A save's message takes the focus once shown, so that it is read out.
  const { fetcher, busy, form: settings, fields } = useSaveForm({ id: "seo", schema: settingsSchema, onSaved: () => statusRef.current?.focus() });
  const result = fetcher.data;
  const refused = Object.keys(settings.allErrors).length > 0;
  const saved: BannerStatus = result?.ok && !busy && !refused ? { kind: "success", text: result.message ?? "", key: 0 } : null;

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="text-xl font-bold text-stone-900">
        Impostazioni SEO
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Valgono per tutto il sito e hanno effetto subito.
        {updatedAt ? ` Ultimo salvataggio: ${formatDateTimeLong(updatedAt)}.` : " Non ancora salvate: il modulo mostra i valori predefiniti."}
      </p>
      <StatusBanner status={saved} focusRef={statusRef} />
      <fetcher.Form
        // Saved, the form shows what was stored (a pasted verification tag becomes its code).
        key={updatedAt ? new Date(updatedAt).getTime() : 0}
        method="post"
        {...getFormProps(settings)}
        aria-label="Impostazioni SEO"
        className="mt-6 max-w-3xl space-y-5 rounded-2xl border border-stone-200 bg-white p-5"
      >
        <TextField field={fields.siteName} label="Nome del sito" defaultValue={form.siteName} maxLength={SETTINGS_LIMITS.siteName} />
        <Field
          field={fields.siteDescription}
          label="Descrizione del sito"
          hint="La descrizione delle pagine che non ne hanno una propria (i motori di ricerca ne mostrano circa 160 caratteri)."
        >
          <textarea
            {...getTextareaProps(fields.siteDescription, { ariaDescribedBy: fields.siteDescription.descriptionId })}
            // Optional: Conform cannot tell through the schema's preprocessing.
            required={false}
            rows={3}
            defaultValue={form.siteDescription ?? ""}
            maxLength={SETTINGS_LIMITS.siteDescription}
            className="field-input"
          />
        </Field>
        <TextField
          field={fields.defaultOgImage}
          label="Immagine Open Graph predefinita"
          hint="URL dell'immagine mostrata quando una pagina viene condivisa: https://… o un percorso del sito come /uploads/…"
          defaultValue={form.defaultOgImage}
          maxLength={SETTINGS_LIMITS.defaultOgImage}
          mono
          placeholder="https://…"
        />
        <TextField
          field={fields.googleAnalyticsId}
          label="ID di Google Analytics"
          hint="Es. G-ABC123XYZ. Caricato solo dopo il consenso ai cookie analitici."
          defaultValue={form.googleAnalyticsId}
          maxLength={SETTINGS_LIMITS.googleAnalyticsId}
          mono
        />
        <TextField
          field={fields.googleSearchConsoleCode}
          label="Codice di verifica di Google Search Console"
          hint="Il valore di content del tag meta google-site-verification (si può incollare anche il tag intero)."
          defaultValue={form.googleSearchConsoleCode}
          maxLength={200}
          mono
        />
        <TextField
          field={fields.facebookPixelId}
          label="ID del Facebook Pixel"
          hint="Solo cifre. Caricato solo dopo il consenso ai cookie di marketing."
          defaultValue={form.facebookPixelId}
          maxLength={SETTINGS_LIMITS.facebookPixelId}
          mono
        />
        <Field field={fields.robotsTxt} label="robots.txt" hint="Servito su /robots.txt così com'è. Vuoto: il testo predefinito mostrato in grigio.">
          <textarea
            {...getTextareaProps(fields.robotsTxt, { ariaDescribedBy: fields.robotsTxt.descriptionId })}
            rows={ROBOTS_TXT_ROWS}
            defaultValue={form.robotsTxt ?? ""}
            maxLength={SETTINGS_LIMITS.robotsTxt}
            placeholder={defaultRobots}
            spellCheck={false}
            className="field-input font-mono text-sm"
          />
        </Field>
        <FormErrors title={M.saveError} form={settings} />
        <div className="flex justify-end pt-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Salvataggio..." : "Salva impostazioni"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
