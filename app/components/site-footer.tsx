import { PawPrint } from "lucide";
import { Icon } from "~/components/icon";
import { openConsentPreferences } from "~/lib/consent";
import { FOOTER_CATEGORIES, FOOTER_INFO, SITE_NAME, SITE_TAGLINE, SOCIAL_PLACEHOLDERS } from "~/lib/site";
import { PlainLink } from "~/components/plain-link";

export function SiteFooter() {
  const heading = "mb-3 text-sm font-semibold uppercase tracking-wide text-white";
  const link = "text-stone-300 hover:text-white hover:underline";
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold text-white">
            <Icon node={PawPrint} aria-hidden size={24} />
            {SITE_NAME}
          </p>
          <p className="mt-3 text-sm">{SITE_TAGLINE}: consigli di cura, annunci di adozione e concorsi fotografici.</p>
        </div>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={heading}>
            Categorie
          </h2>
          <ul className="space-y-2 text-sm">
            {FOOTER_CATEGORIES.map((c) => (
              <li key={c.to}>
                <PlainLink to={c.to} className={link}>
                  {c.label}
                </PlainLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className={heading}>
            Informazioni
          </h2>
          <ul className="space-y-2 text-sm">
            {FOOTER_INFO.map((c) => (
              <li key={c.to}>
                <PlainLink to={c.to} className={link}>
                  {c.label}
                </PlainLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Seguici</h2>
          <p className="text-sm">I nostri profili social arriveranno presto:</p>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {SOCIAL_PLACEHOLDERS.map((name) => (
              <li key={name} className="rounded-full border border-stone-600 px-3 py-1 text-stone-300">
                {name}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-4 border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        <span>
          © {new Date().getFullYear()} {SITE_NAME}. Tutti i diritti riservati.
        </span>
        <button type="button" onClick={openConsentPreferences} className="underline hover:text-white">
          Preferenze cookie
        </button>
      </div>
    </footer>
  );
}
