import { SELLER_TYPES } from "~/lib/enums";

type SellerType = (typeof SELLER_TYPES.values)[number];

// Colours with AA contrast for small bold text.
const COLOURS: Record<SellerType, string> = {
  private: "bg-stone-200 text-stone-900",
  breeder: "bg-violet-100 text-violet-900",
  association: "bg-teal-100 text-teal-900",
};

/** Who sells or gives the animal away (decision 0085). */
export function SellerBadge({ type, className = "" }: { type: SellerType; className?: string }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${COLOURS[type]} ${className}`}>{SELLER_TYPES.labels[type]}</span>;
}
