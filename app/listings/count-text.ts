// How the list page says how many listings match (client-safe): exact up to the count's bound
// (browse.server.ts, EXACT_COUNT_LIMIT), the planner's estimate past it.
const thousands = new Intl.NumberFormat("it-IT");

/** "1 annuncio", "532 annunci", "1000 annunci", "12.500 annunci", or an estimate: "circa 45.000 annunci" (two significant digits). */
export function listingCountText(total: number, approximate: boolean): string {
  if (!approximate) return `${thousands.format(total)} ${total === 1 ? "annuncio" : "annunci"}`;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(total)) - 1);
  return `circa ${thousands.format(Math.round(total / magnitude) * magnitude)} annunci`;
}
