// The owner's statistics as the dashboard says them (decision 0093).
import { formatNumber } from "~/lib/format";

export const OWNER_STATS_TEXTS = {
  views: (n: number) => `${formatNumber(n)} ${n === 1 ? "visualizzazione" : "visualizzazioni"}`,
  conversations: (n: number) => `${formatNumber(n)} ${n === 1 ? "conversazione" : "conversazioni"}`,
} as const;
