import { Link } from "react-router";
import { LISTING_MESSAGES } from "~/listings/validation";

/** Shown to the owner of a listing published before the legal fields were asked (decision 0085). */
export function LegalIncompleteNotice({ id, className = "" }: { id: string; className?: string }) {
  return (
    <p role="note" className={`rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 ${className}`}>
      {LISTING_MESSAGES.legalIncomplete}{" "}
      <Link to={`/dashboard/pet-listings/${id}/legal`} className="font-semibold underline">
        Completa i dati
      </Link>
    </p>
  );
}
