import { Download, ExternalLink } from "lucide";
import { useState } from "react";
import { data, useRevalidator } from "react-router";
import type { Route } from "./+types/sitemap";
import { adminActor } from "~/admin/gate.server";
import { StatusBanner } from "~/components/admin/kit/status-banner";
import { Icon } from "~/components/icon";
import { formatDateTimeLong, formatNumber } from "~/lib/format";
import { sitemapStatus } from "~/seo/admin.server";
import { SEARCH_CONSOLE_URL } from "~/seo/overview";

// /admin/seo/sitemap — what /sitemap.xml holds and when it was built; the button downloads the very
// file the site serves (the index itself when the site is split into child sitemaps, decision 0053).
export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await sitemapStatus(admin);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  return { sitemap: result.sitemap };
}

export const meta: Route.MetaFunction = () => [{ title: "SEO: sitemap — Zampa Admin" }, { name: "robots", content: "noindex" }];

const MESSAGES = {
  success: "Sitemap generata con successo!",
  failure: "Errore nella generazione della sitemap",
} as const;

type Outcome = { ok: boolean; text: string; key: number } | null;

/** Fetches /sitemap.xml and hands it to the browser as a file named sitemap.xml. */
async function downloadSitemap(): Promise<void> {
  const response = await fetch("/sitemap.xml", { cache: "no-store" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = new Blob([await response.text()], { type: "application/xml" });
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = "sitemap.xml";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

export default function SeoSitemap({ loaderData }: Route.ComponentProps) {
  const { sitemap } = loaderData;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const generate = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await downloadSitemap();
      setOutcome({ ok: true, text: MESSAGES.success, key: Date.now() });
      // The sitemap may have been rebuilt for this request: show its new time.
      void revalidator.revalidate();
    } catch {
      setOutcome({ ok: false, text: MESSAGES.failure, key: Date.now() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="sitemap-title" className="rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="sitemap-title" className="text-xl font-bold text-stone-900">
          Sitemap XML
        </h2>
        <p className="mt-2 text-stone-800">
          La sitemap elenca ai motori di ricerca le pagine pubbliche del sito: pagine principali, categorie, articoli pubblicati, annunci attivi e
          concorsi. Il sito la genera da solo all'indirizzo{" "}
          <a href="/sitemap.xml" className="font-mono text-brand-800 underline">
            /sitemap.xml
          </a>{" "}
          e la aggiorna quando i contenuti cambiano.
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-stone-700">Ultima generazione</dt>
          <dd className="text-stone-900">
            <time dateTime={new Date(sitemap.builtAt).toISOString()}>{formatDateTimeLong(sitemap.builtAt)}</time>
          </dd>
          <dt className="font-semibold text-stone-700">Indirizzi elencati</dt>
          <dd className="text-stone-900">{formatNumber(sitemap.urlCount)}</dd>
          {sitemap.childCount > 0 ? (
            <>
              <dt className="font-semibold text-stone-700">Formato</dt>
              <dd className="text-stone-900">
                Indice di {formatNumber(sitemap.childCount)} sitemap (il file scaricato è l'indice, che rimanda alle altre)
              </dd>
            </>
          ) : null}
        </dl>
        <div className="mt-5 flex flex-wrap gap-3">
          <button type="button" className="btn-primary" onClick={() => void generate()} disabled={busy}>
            <Icon node={Download} aria-hidden size={18} /> {busy ? "Generazione in corso..." : "Genera e scarica la sitemap"}
          </button>
          <a href={SEARCH_CONSOLE_URL} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            <Icon node={ExternalLink} aria-hidden size={18} /> Apri Google Search Console <span className="sr-only">(si apre in una nuova scheda)</span>
          </a>
        </div>
        <StatusBanner status={outcome && { kind: outcome.ok ? "success" : "error", text: outcome.text, key: outcome.key }} />
      </section>

      <section aria-labelledby="sitemap-steps" className="rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="sitemap-steps" className="text-lg font-bold text-stone-900">
          Come usarla
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-800">
          <li>Premi «Genera e scarica la sitemap» per controllare il file che il sito pubblica.</li>
          <li>Apri Google Search Console e seleziona la proprietà del sito.</li>
          <li>Nel menu «Sitemap» inserisci l'indirizzo sitemap.xml e premi «Invia».</li>
          <li>Non serve ricaricarla a ogni nuovo articolo: il sito aggiorna la sitemap da solo e Google la rilegge periodicamente.</li>
          <li>Controlla in Search Console lo stato della sitemap e le eventuali pagine escluse.</li>
        </ol>
      </section>
    </div>
  );
}
