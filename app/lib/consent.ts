// Cookie consent, kept in the browser's local storage. Consent-gated scripts listen for the
// change event so that a new choice takes effect without a reload.
export const CONSENT_STORAGE_KEY = "zampa-cookie-consent";
export const CONSENT_EVENT = "zampa:consent-change";

export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** ISO date of the choice */
  timestamp: string;
}

/** The stored string as a consent, or null when absent or not a valid choice. */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Consent>;
    if (typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean") return null;
    return { necessary: true, analytics: value.analytics, marketing: value.marketing, timestamp: String(value.timestamp ?? "") };
  } catch {
    return null;
  }
}

export function readConsent(): Consent | null {
  return parseConsent(readConsentRaw());
}

export function saveConsent(choice: { analytics: boolean; marketing: boolean }): Consent {
  const consent: Consent = { necessary: true, ...choice, timestamp: new Date().toISOString() };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage refused (private mode): the choice still applies to this page.
  }
  preferencesOpen = false;
  window.dispatchEvent(new CustomEvent<Consent>(CONSENT_EVENT, { detail: consent }));
  return consent;
}

export const CONSENT_OPEN_EVENT = "zampa:consent-open";
let preferencesOpen = false;

/** Reopens the banner on its preferences (footer link "Preferenze cookie"). */
export function openConsentPreferences(): void {
  preferencesOpen = true;
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}

/** Whether the banner should show: no choice stored yet, or the visitor asked to change it. */
export function consentBannerWanted(): boolean {
  return preferencesOpen || readConsent() === null;
}

/** The stored choice as a string (a stable snapshot for useSyncExternalStore). */
export function readConsentRaw(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** For useSyncExternalStore: calls back when the consent changes (in this tab or another). */
export function subscribeConsent(onChange: () => void): () => void {
  window.addEventListener(CONSENT_EVENT, onChange);
  window.addEventListener(CONSENT_OPEN_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CONSENT_EVENT, onChange);
    window.removeEventListener(CONSENT_OPEN_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

