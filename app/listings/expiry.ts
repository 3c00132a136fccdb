// How long a listing stays online and what the owner reads about it (decision 0093): shared by the
// server's job and the dashboard.

/** Days online from publishing or from the last renewal. */
export const LISTING_LIFETIME_DAYS = 60;
/** Days before the end when the owner is mailed, once. */
export const EXPIRY_NOTICE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before `expiresAt` (rounded up: the last hours count as one day), never below 0. */
export function daysLeft(expiresAt: Date | string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now.getTime()) / DAY_MS));
}

export const EXPIRY_TEXTS = {
  daysLeft: (days: number) => (days === 0 ? "Scade oggi" : days === 1 ? "Scade domani" : `Scade tra ${days} giorni`),
  expired: "Scaduto: rinnovalo per rimetterlo online",
  renew: "Rinnova",
  renewing: "Rinnovo...",
  renewHint: `Rinnovare lo lascia online per altri ${LISTING_LIFETIME_DAYS} giorni da oggi.`,
  mailSubject: `Il tuo annuncio scade tra ${EXPIRY_NOTICE_DAYS} giorni`,
} as const;
