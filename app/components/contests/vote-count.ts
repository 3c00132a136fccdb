import { formatNumber } from "~/lib/format";

/** "1 voto", "12 voti". */
export function voteCount(votes: number): string {
  return `${formatNumber(votes)} ${votes === 1 ? "voto" : "voti"}`;
}
