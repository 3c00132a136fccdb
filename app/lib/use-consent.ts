import { useMemo, useSyncExternalStore } from "react";
import { parseConsent, readConsentRaw, subscribeConsent, type Consent } from "./consent";

/** The visitor's stored consent; null on the server and until a choice is made. */
export function useConsent(): Consent | null {
  const raw = useSyncExternalStore(subscribeConsent, readConsentRaw, () => null);
  return useMemo(() => parseConsent(raw), [raw]);
}
