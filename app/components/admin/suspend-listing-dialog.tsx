// "Sospendi": asks for the statement of reasons the listing's owner reads in the e-mail and on the
// dashboard (decision 0087): the rule broken (required) and the admin's words (required with
// "Altro"). Used by /admin/pet-listings and by the report modal of /admin/reports; each page's
// action handles the `suspend` intent with the listing's id, the rule and the reason.
import type { FetcherWithComponents } from "react-router";
import { EnumOptions } from "~/components/enum-options";
import { SUSPENSION_RULES } from "~/lib/enums";
import { SUSPENSION_REASON_MAX_LENGTH } from "~/listings/moderation-validation";
import { Dialog } from "./dialog";


export interface SuspendListingDialogProps {
  listing: { id: string; title: string } | null;
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
  /** fields the page's action also needs (e.g. the report being handled) */
  extra?: Record<string, string>;
}

export function SuspendListingDialog({ listing, fetcher, onClose, extra = {} }: SuspendListingDialogProps) {
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={listing !== null} title="Sospendi annuncio" onClose={onClose}>
      {listing ? (
        <fetcher.Form method="post" onSubmit={() => onClose()}>
          <input type="hidden" name="intent" value="suspend" />
          <input type="hidden" name="listingId" value={listing.id} />
          {Object.entries(extra).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p className="text-stone-800">
            L'annuncio «<span className="break-words">{listing.title}</span>» non sarà più visibile sul sito finché non lo riattivi. Il
            proprietario riceverà un'e-mail.
          </p>
          <label htmlFor="suspend-rule" className="field-label mt-4">
            Regola violata
          </label>
          <select id="suspend-rule" name="rule" required defaultValue="" className="field-input">
            <option value="" disabled>
              Scegli la regola
            </option>
            <EnumOptions values={SUSPENSION_RULES.values} labels={SUSPENSION_RULES.labels} />
          </select>
          <label htmlFor="suspend-reason" className="field-label mt-4">
            Motivo (facoltativo, obbligatorio con «Altro»)
          </label>
          <textarea id="suspend-reason" name="reason" rows={4} maxLength={SUSPENSION_REASON_MAX_LENGTH} className="field-input" aria-describedby="suspend-reason-hint" />
          <p id="suspend-reason-hint" className="mt-1 text-sm text-stone-600">
            La regola e il motivo saranno riportati nell'e-mail al proprietario e nei suoi annunci.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Annulla
            </button>
            <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
              Sospendi annuncio
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}
