import { useMemo, useSyncExternalStore } from "react";
import { consentInThisPage, parseConsent, readConsentRaw, subscribeConsent, type Consent } from "./consent";

/**
 * The visitor's stored consent, as far as this page's policy allows it (a grant made on this page
 * takes effect with the reload it causes, decision 0064); null on the server and until a choice is made.
 */
export function useConsent(): Consent | null {
  const raw = useSyncExternalStore(subscribeConsent, readConsentRaw, () => null);
  return useMemo(() => consentInThisPage(parseConsent(raw)), [raw]);
}
