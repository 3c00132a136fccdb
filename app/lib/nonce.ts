// The nonce of the page's scripts (decision 0064): made per render by entry.server.tsx, which
// provides it here; in the browser it is read back from the page (the attribute is hidden from
// getAttribute once the policy applies, but the `nonce` property keeps it).
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce of the document's scripts, for scripts that code adds to it (ad codes); undefined without one. */
export function pageNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/** The nonce for an inline <script> a component renders: the server's, or the page's in the browser. */
export function useNonce(): string | undefined {
  return useContext(NonceContext) ?? pageNonce();
}
