import { ShieldAlert, X } from "lucide";
import { Icon } from "~/components/icon";
import { useNonce } from "~/lib/nonce";
import { useSyncExternalStore } from "react";

const STORAGE_KEY = "zampa:scam-warning-dismissed";
const HIDDEN_ATTRIBUTE = "data-scam-warning-dismissed";

// Runs while the page is parsed, before the banner is painted: a visitor who closed the warning
// does not see it flash on every visit (the page itself is the same cached HTML for everyone).
const HIDE_EARLY = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEY)}))document.documentElement.setAttribute(${JSON.stringify(HIDDEN_ATTRIBUTE)},"")}catch(e){}`;

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function dismissed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** The dismissible scam warning of /pet-listings; closing it is remembered in this browser. */
export function ScamWarning() {
  const hidden = useSyncExternalStore(subscribe, dismissed, () => false);
  const nonce = useNonce();
  if (hidden) return null;
  function dismiss() {
    try {
      localStorage.setItem(STORAGE_KEY, new Date().toISOString());
    } catch {
      // Private mode without storage: hidden for this page view only.
    }
    document.documentElement.setAttribute(HIDDEN_ATTRIBUTE, "");
    for (const listener of listeners) listener();
  }
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HIDE_EARLY }} />
      <aside
        aria-labelledby="scam-warning-title"
        className="scam-warning relative mt-6 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950"
      >
        <Icon node={ShieldAlert} aria-hidden className="mt-0.5 shrink-0" size={22} />
        <div>
          <h2 id="scam-warning-title" className="font-semibold">
            Attenzione alle truffe
          </h2>
          <p className="mt-1 text-sm">
            Non inviare mai denaro in anticipo, con ricariche o bonifici, prima di aver visto l&apos;animale di persona. Diffida di prezzi troppo bassi
            e di chi chiede spese di spedizione o di &laquo;sdoganamento&raquo;. Se un annuncio ti sembra sospetto, segnalalo: lo controlleremo entro 48 ore.
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="absolute top-3 right-3 rounded-full p-1 text-amber-950 hover:bg-amber-100"
          aria-label="Chiudi l'avviso sulle truffe"
        >
          <Icon node={X} aria-hidden size={20} />
        </button>
      </aside>
    </>
  );
}
