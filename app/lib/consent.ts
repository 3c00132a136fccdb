// Cookie consent, kept in the browser's local storage. Consent-gated scripts listen for the
// change event so that a withdrawal takes effect at once. A copy of the choice goes to a cookie, which
// the server reads for the page's Content-Security-Policy only: third parties are allowed on pages
// requested with their consent, so a new grant reloads the page once (decision 0064).
import { CONSENT_COOKIE, consentCookieValue, consentFromCookies, type ConsentGrant } from "./content-security-policy";

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
  applyToPolicy(consent);
  return consent;
}

/**
 * What this document's policy allows: the consent cookie as the page was requested with it (read
 * when this module first runs, at hydration, before any choice can be made on the page).
 */
const DOCUMENT_GRANT: ConsentGrant = typeof document === "undefined" ? { analytics: false, marketing: false } : consentFromCookies(document.cookie);

/** The stored choice narrowed to what this document's policy allows: third parties load only then. */
export function consentInThisPage(consent: Consent | null): Consent | null {
  if (!consent) return null;
  return { ...consent, analytics: consent.analytics && DOCUMENT_GRANT.analytics, marketing: consent.marketing && DOCUMENT_GRANT.marketing };
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** sessionStorage: the cookie value a reload was made for, so that a refused cookie cannot loop. */
const RELOADED_KEY = "zampa-consent-reloaded";

/**
 * Copies the choice to the cookie the server reads, and reloads the page when the choice allows more
 * than its policy does (a grant, or a choice stored before the cookie existed): the new document's
 * policy then allows the third parties. A withdrawal needs no reload: nothing loads them any more.
 */
export function applyToPolicy(consent: Consent | null): void {
  if (!consent || typeof document === "undefined") return;
  const value = consentCookieValue(consent);
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  if (!cookieHolds(value)) document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
  const wider = (consent.analytics && !DOCUMENT_GRANT.analytics) || (consent.marketing && !DOCUMENT_GRANT.marketing);
  if (!wider || !cookieHolds(value)) return;
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) === value) return;
    window.sessionStorage.setItem(RELOADED_KEY, value);
  } catch {
    // Without session storage the cookie check above is the guard.
  }
  window.location.reload();
}

/** Whether the browser holds the cookie with this value (it may refuse cookies). */
function cookieHolds(value: string): boolean {
  return document.cookie.split(/;\s*/).includes(`${CONSENT_COOKIE}=${value}`);
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

