import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/settings";
import { adminActor } from "~/admin/gate.server";
import { ErrorSummary, FieldMessage, fieldAria, StatusLine, type Feedback } from "~/components/admin/card-form";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { formatDateTimeLong } from "~/lib/format";
import { readForm } from "~/lib/form.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(context);
  const form = await readForm(request);
  if (!form.ok) return data<ActionData>({ ok: false, error: form.error }, { status: form.status });
  const result = await saveSettings(actor, form.fields);
  if (!result.ok) return data<ActionData>({ ok: false, error: result.error, fieldErrors: (result as SettingsFailure).fieldErrors }, { status: result.status });
  return data<ActionData>({ ok: true, message: result.message });
}

export const meta: Route.MetaFunction = () => [{ title: "Impostazioni — SEO — Zampa Admin" }, { name: "robots", content: "noindex" }];

interface FieldProps {
  id: string;
  name: SettingsField;
  label: string;
  hint?: string;
  defaultValue: string | null;
  maxLength: number;
  error: string | undefined;
  mono?: boolean;
  placeholder?: string;
}

function TextField({ id, name, label, hint, defaultValue, maxLength, error, mono, placeholder }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={mono ? false : undefined}
        autoCapitalize={mono ? "none" : undefined}
        className={`field-input ${mono ? "font-mono" : ""}`}
        {...fieldAria(id, error, hintId)}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldMessage fieldId={id} error={error} />
    </div>
  );
}

export default function SeoSettings({ loaderData }: Route.ComponentProps) {
  const { form, updatedAt, defaultRobots } = loaderData;
  const fetcher = useFetcher<ActionData>();
  const [clientErrors, setClientErrors] = useState<FieldErrors<SettingsField> | null>(null);
  const handled = useRef<ActionData | undefined>(undefined);
  const statusRef = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const feedback: Feedback = result?.ok && !busy && !clientErrors ? { kind: "success", text: result.message, key: 0 } : null;

  // A save's message takes the focus once shown, so that it is read out.
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) statusRef.current?.focus();
  }, [fetcher.state, result]);

  const serverFailure = result && !result.ok && !busy ? result : null;
  const errors: FieldErrors<SettingsField> = clientErrors ?? serverFailure?.fieldErrors ?? {};
  const summary = clientErrors ? Object.values(clientErrors) : serverFailure ? (serverFailure.fieldErrors ? Object.values(serverFailure.fieldErrors) : [serverFailure.error]) : [];

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="text-xl font-bold text-stone-900">
        Impostazioni SEO
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Valgono per tutto il sito e hanno effetto subito.
        {updatedAt ? ` Ultimo salvataggio: ${formatDateTimeLong(updatedAt)}.` : " Non ancora salvate: il modulo mostra i valori predefiniti."}
      </p>
      <StatusLine feedback={feedback} focusRef={statusRef} />
      <fetcher.Form
        // Saved, the form shows what was stored (a pasted verification tag becomes its code).
        key={updatedAt ? new Date(updatedAt).getTime() : 0}
        method="post"
        noValidate
        aria-label="Impostazioni SEO"
        className="mt-6 max-w-3xl space-y-5 rounded-2xl border border-stone-200 bg-white p-5"
        onSubmit={(event) => {
          const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
          const parsed = settingsSchema.safeParse(values);
          if (!parsed.success) {
            event.preventDefault();
            setClientErrors(fieldErrorsOf(parsed.error));
          } else setClientErrors(null);
        }}
      >
        <TextField id="seo-site-name" name="siteName" label="Nome del sito" defaultValue={form.siteName} maxLength={SETTINGS_LIMITS.siteName} error={errors.siteName} />
        <div>
          <label htmlFor="seo-site-description" className="field-label">
            Descrizione del sito
          </label>
          <textarea
            id="seo-site-description"
            name="siteDescription"
            rows={3}
            defaultValue={form.siteDescription ?? ""}
            maxLength={SETTINGS_LIMITS.siteDescription}
            className="field-input"
            {...fieldAria("seo-site-description", errors.siteDescription, "seo-site-description-hint")}
          />
          <p id="seo-site-description-hint" className="mt-1 text-sm text-stone-600">
            La descrizione delle pagine che non ne hanno una propria (i motori di ricerca ne mostrano circa 160 caratteri).
          </p>
          <FieldMessage fieldId="seo-site-description" error={errors.siteDescription} />
        </div>
        <TextField
          id="seo-og-image"
          name="defaultOgImage"
          label="Immagine Open Graph predefinita"
          hint="URL dell'immagine mostrata quando una pagina viene condivisa: https://… o un percorso del sito come /uploads/…"
          defaultValue={form.defaultOgImage}
          maxLength={SETTINGS_LIMITS.defaultOgImage}
          error={errors.defaultOgImage}
          mono
          placeholder="https://…"
        />
        <TextField
          id="seo-analytics"
          name="googleAnalyticsId"
          label="ID di Google Analytics"
          hint="Es. G-ABC123XYZ. Caricato solo dopo il consenso ai cookie analitici."
          defaultValue={form.googleAnalyticsId}
          maxLength={SETTINGS_LIMITS.googleAnalyticsId}
          error={errors.googleAnalyticsId}
          mono
        />
        <TextField
          id="seo-search-console"
          name="googleSearchConsoleCode"
          label="Codice di verifica di Google Search Console"
          hint="Il valore di content del tag meta google-site-verification (si può incollare anche il tag intero)."
          defaultValue={form.googleSearchConsoleCode}
          maxLength={200}
          error={errors.googleSearchConsoleCode}
          mono
        />
        <TextField
          id="seo-pixel"
          name="facebookPixelId"
          label="ID del Facebook Pixel"
          hint="Solo cifre. Caricato solo dopo il consenso ai cookie di marketing."
          defaultValue={form.facebookPixelId}
          maxLength={SETTINGS_LIMITS.facebookPixelId}
          error={errors.facebookPixelId}
          mono
        />
        <div>
          <label htmlFor="seo-robots" className="field-label">
            robots.txt
          </label>
          <textarea
            id="seo-robots"
            name="robotsTxt"
            rows={ROBOTS_TXT_ROWS}
            defaultValue={form.robotsTxt ?? ""}
            maxLength={SETTINGS_LIMITS.robotsTxt}
            placeholder={defaultRobots}
            spellCheck={false}
            className="field-input font-mono text-sm"
            {...fieldAria("seo-robots", errors.robotsTxt, "seo-robots-hint")}
          />
          <p id="seo-robots-hint" className="mt-1 text-sm text-stone-600">
            Servito su /robots.txt così com'è. Vuoto: il testo predefinito mostrato in grigio.
          </p>
          <FieldMessage fieldId="seo-robots" error={errors.robotsTxt} />
        </div>
        <ErrorSummary title={M.saveError} errors={summary} />
        <div className="flex justify-end pt-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Salvataggio..." : "Salva impostazioni"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
