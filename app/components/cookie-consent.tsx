import { Cookie, X } from "lucide";
import { Icon } from "~/components/icon";
import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { consentBannerWanted, readConsent, saveConsent, subscribeConsent } from "~/lib/consent";

type View = "banner" | "customise";

/**
 * The consent banner: shown only while no consent is stored (read after hydration, since the
 * choice lives in the browser). Closing it counts as "Rifiuta Tutti".
 */
export function CookieConsent() {
  // On the server (and during hydration) the choice is unknown: render nothing until it is read.
  const wanted = useSyncExternalStore(subscribeConsent, consentBannerWanted, () => false);
  const [view, setView] = useState<View>("banner");
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);

  /** The preferences panel starts from the choice in force (or nothing, before any choice). */
  function customise() {
    const current = readConsent();
    setAnalytics(current?.analytics ?? false);
    setMarketing(current?.marketing ?? false);
    setView("customise");
  }

  if (!wanted) return null;

  function choose(choice: { analytics: boolean; marketing: boolean }) {
    saveConsent(choice);
  }
  const rejectAll = () => choose({ analytics: false, marketing: false });

  return (
    <section
      aria-labelledby="cookie-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-stone-200 bg-white p-4 shadow-[0_-4px_24px_rgba(0,0,0,0.12)]"
    >
      <div className="relative mx-auto max-w-4xl">
        <button
          type="button"
          onClick={rejectAll}
          className="absolute top-0 right-0 rounded-full p-1 text-stone-600 hover:bg-stone-100"
          aria-label="Chiudi e rifiuta i cookie facoltativi"
        >
          <Icon node={X} aria-hidden size={20} />
        </button>
        <h2 id="cookie-title" className="flex items-center gap-2 pr-8 text-lg font-semibold text-stone-900">
          <Icon node={Cookie} aria-hidden size={20} /> Rispettiamo la tua privacy
        </h2>
        {view === "banner" ? (
          <>
            <p className="mt-2 text-sm text-stone-700">
              Usiamo cookie tecnici necessari al funzionamento del sito e, solo con il tuo consenso, cookie di analisi e di
              marketing. Puoi cambiare idea quando vuoi. Leggi la{" "}
              <Link to="/privacy" className="font-medium text-brand-800 underline">
                Privacy Policy
              </Link>
              .
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className="btn-primary" onClick={() => choose({ analytics: true, marketing: true })}>
                Accetta Tutti
              </button>
              <button type="button" className="btn-secondary" onClick={customise}>
                Personalizza
              </button>
              <button type="button" className="btn-secondary" onClick={rejectAll}>
                Rifiuta Tutti
              </button>
            </div>
          </>
        ) : (
          <form
            className="mt-3 space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              choose({ analytics, marketing });
            }}
          >
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" checked disabled className="mt-1 size-4" />
              <span>
                <strong>Necessari</strong> — sempre attivi: servono per l'accesso e la sicurezza del sito.
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="analytics"
                checked={analytics}
                onChange={(e) => setAnalytics(e.target.checked)}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <strong>Analisi</strong> — statistiche anonime sulle visite per migliorare i contenuti.
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="marketing"
                checked={marketing}
                onChange={(e) => setMarketing(e.target.checked)}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <strong>Marketing</strong> — annunci pubblicitari e misurazione delle campagne.
              </span>
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary">
                Salva Preferenze
              </button>
              <button type="button" className="btn-secondary" onClick={() => setView("banner")}>
                Indietro
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
