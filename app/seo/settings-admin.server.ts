// The SEO manager's settings and meta tags tabs (/admin/seo/settings, /admin/seo/meta-tags): read
// and save the single row of seo_settings. Admins only. A save drops everything built from the
// settings in every process: the memoized settings (root loader: every page's title, description,
// Open Graph image, verification and tracking ids), /robots.txt and every cached page, all tagged
// `seo`. Decision 0054.
import { eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { boundedText, recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { seoSettings } from "~/db/schema";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site";
import { SETTINGS_MESSAGES as M, settingsSchema, type SettingsField, type SettingsInput } from "./settings-validation";

/** The row's id: the table holds one row (a check constraint keeps it at 1). */
const SETTINGS_ID = 1;

export type SettingsValues = SettingsInput;

export interface AdminSettings {
  /** what the row holds; null when it was never saved */
  saved: (SettingsValues & { updatedAt: Date }) | null;
  /** what the form starts from: the row, or the spec's defaults */
  form: SettingsValues;
}

export type SettingsFailure = Failure & { fieldErrors?: FieldErrors<SettingsField> };

const FORM_DEFAULTS: SettingsValues = {
  siteName: SITE_NAME,
  siteDescription: SITE_DESCRIPTION,
  defaultOgImage: null,
  googleAnalyticsId: null,
  googleSearchConsoleCode: null,
  facebookPixelId: null,
  robotsTxt: null,
};

const settingsColumns = {
  siteName: seoSettings.siteName,
  siteDescription: seoSettings.siteDescription,
  defaultOgImage: seoSettings.defaultOgImage,
  googleAnalyticsId: seoSettings.googleAnalyticsId,
  googleSearchConsoleCode: seoSettings.googleSearchConsoleCode,
  facebookPixelId: seoSettings.facebookPixelId,
  robotsTxt: seoSettings.robotsTxt,
};

/** The settings as the activity log keeps them: robots.txt whole when short (decision 0108). */
function audited(values: SettingsValues): Record<string, unknown> {
  return { ...values, robotsTxt: boundedText(values.robotsTxt) };
}

/** The row as it is (not the memoized copy: the admin sees what is stored now). */
export async function getSettingsForAdmin(actor: CurrentUser | null): Promise<Result<AdminSettings>> {
  const refused = refuseWithout(actor, "seo.settings");
  if (refused) return refused;
  const [row] = await db()
    .select({ ...settingsColumns, updatedAt: seoSettings.updatedAt })
    .from(seoSettings)
    .limit(1);
  if (!row) return { ok: true, saved: null, form: FORM_DEFAULTS };
  const { updatedAt: _updatedAt, ...values } = row;
  return { ok: true, saved: row, form: values };
}

/**
 * Saves the form: updates the single row (with updated_at) or inserts it when there is none. One
 * statement on the fixed id, so two first saves at the same moment make one row, the later winning.
 */
export async function saveSettings(actor: CurrentUser | null, fields: Record<string, string>): Promise<Result<{ message: string; settings: SettingsValues }> | SettingsFailure> {
  const refused = refuseWithout(actor, "seo.settings");
  if (refused) return refused;
  const parsed = settingsSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<SettingsField>(parsed.error);
    return { ...fail(400, Object.values(fieldErrors)[0] ?? M.saveError), fieldErrors };
  }
  const values = parsed.data;
  try {
    await transaction(async () => {
      // Locked, so the record's "before" is the row this save replaces.
      const [was] = await db().select(settingsColumns).from(seoSettings).where(eq(seoSettings.id, SETTINGS_ID)).for("update");
      await db()
        .insert(seoSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: seoSettings.id, set: { ...values, updatedAt: sql`now()` } });
      await recordAudit({ actor: actor!, area: "settings", action: "update", item: { id: "seo", label: "Impostazioni SEO" }, before: audited(was ?? FORM_DEFAULTS), after: audited(values) });
    });
  } catch (error) {
    logger.error({ err: error }, "impostazioni SEO: salvataggio non riuscito");
    return fail(500, M.saveError);
  }
  await invalidate(CACHE_TAGS.seo);
  return { ok: true, message: M.saved, settings: values };
}
