import { ExternalLink } from "lucide";
import { Icon } from "~/components/icon";
import { thumbnailUrl } from "~/lib/images";
import type { ComparedListing, ReportComparison } from "~/listings/report-moderation.server";

// An automatic report's two listings side by side in /admin/reports: who owns each, and the photos
// that matched, each pair on one row (two columns even at 360 px, so the eye compares them).

function ListingCard({ heading, listing, showCode }: { heading: string; listing: ComparedListing | null; showCode: boolean }) {
  return (
    <section aria-label={heading} className="rounded-xl border border-stone-200 p-3">
      <h3 className="text-sm font-semibold text-stone-700">{heading}</h3>
      {listing ? (
        <>
          <a href={`/pet-listing/${listing.id}`} target="_blank" rel="noopener" className="mt-1 block font-semibold break-words text-brand-800 underline">
            {listing.title}
            <Icon node={ExternalLink} aria-hidden size={14} className="ml-1 inline" />
            <span className="sr-only"> (si apre in una nuova scheda)</span>
          </a>
          <p className="mt-1 text-sm break-words text-stone-800">
            Di {listing.ownerName || "utente senza nome"} <span className="break-all text-stone-600">&lt;{listing.ownerEmail}&gt;</span>
          </p>
          <p className="text-sm text-stone-600">Stato: {listing.statusLabel}</p>
          {showCode ? <p className="text-sm text-stone-800">Codice identificativo: {listing.identificationCode ?? "nessuno"}</p> : null}
        </>
      ) : (
        <p className="mt-1 text-stone-600 italic">Annuncio eliminato</p>
      )}
    </section>
  );
}

export function ReportComparisonView({ comparison }: { comparison: ReportComparison }) {
  const { listing, related, photoPairs } = comparison;
  const alt = (which: ComparedListing, number: number) => `Foto ${number} dell'annuncio «${which.title}» di ${which.ownerName || which.ownerEmail}`;
  return (
    <div className="mt-4 border-t border-stone-200 pt-4">
      <h3 className="font-bold text-stone-900">Controllo automatico: {comparison.checkLabel}</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <ListingCard heading="Annuncio segnalato" listing={listing} showCode={comparison.check === "duplicate_code"} />
        <ListingCard heading="Annuncio trovato" listing={related} showCode={comparison.check === "duplicate_code"} />
      </div>
      {comparison.check === "duplicate_photo" && listing && related ? (
        photoPairs.length > 0 ? (
          <ul aria-label="Foto corrispondenti" className="mt-3 space-y-3">
            {photoPairs.map((pair) => (
              <li key={`${pair.photoUrl} ${pair.otherPhotoUrl}`} className="rounded-xl border border-stone-200 p-2">
                <div className="grid grid-cols-2 gap-2">
                  {[
                    { owner: listing, url: pair.photoUrl, number: pair.photoNumber },
                    { owner: related, url: pair.otherPhotoUrl, number: pair.otherPhotoNumber },
                  ].map(({ owner, url, number }) => (
                    <figure key={owner.id} className="min-w-0">
                      <a href={url} target="_blank" rel="noopener" className="block">
                        <img src={thumbnailUrl(url)} alt={alt(owner, number)} loading="lazy" className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover" />
                      </a>
                      <figcaption className="mt-1 text-xs break-words text-stone-700">
                        Foto {number} di «{owner.title}»
                      </figcaption>
                    </figure>
                  ))}
                </div>
                <p className="mt-1 text-xs text-stone-700">
                  Differenza: {pair.distance} bit su 64{pair.mirrored ? " (immagine speculare)" : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-stone-700">Le foto corrispondenti non sono più tra quelle degli annunci.</p>
        )
      ) : null}
    </div>
  );
}
