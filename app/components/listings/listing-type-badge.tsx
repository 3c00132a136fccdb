import { LISTING_TYPES } from "~/lib/enums";

type ListingType = (typeof LISTING_TYPES.values)[number];

// Colours with AA contrast for small bold text.
const COLOURS: Record<ListingType, string> = {
  adoption: "bg-green-100 text-green-900",
  sale: "bg-sky-100 text-sky-900",
  free: "bg-amber-100 text-amber-900",
};

export function ListingTypeBadge({ type, className = "" }: { type: ListingType; className?: string }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${COLOURS[type]} ${className}`}>{LISTING_TYPES.labels[type]}</span>;
}
