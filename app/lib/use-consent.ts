import { useMemo, useSyncExternalStore } from "react";
import { readConsentRaw, subscribeConsent, type Consent } from "./consent";

/** The visitor's stored consent; null on the server and until a choice is made. */
export function useConsent(): Consent | null {
  const raw = useSyncExternalStore(subscribeConsent, readConsentRaw, () => null);
  return useMemo(() => {
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as Partial<Consent>;
      if (typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean") return null;
      return { necessary: true, analytics: value.analytics, marketing: value.marketing, timestamp: String(value.timestamp ?? "") };
    } catch {
      return null;
    }
  }, [raw]);
}
