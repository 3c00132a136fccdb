// The alert mail of a saved search (decision 0097): its new listings (the first few written out),
// a link to the search, the dashboard, and the one-click unsubscribe of RFC 8058 in the headers and
// in the text. Pure: the sender gives it the rows it claimed.
import { LISTING_TYPES } from "~/lib/enums";
import { formatEuro } from "~/lib/format";
import type { Mail } from "~/mail/mailer.server";
import { SAVED_SEARCHES_PATH, UNSUBSCRIBE_PATH } from "./paths";
import { ALERT_MAIL_TEXTS as T, SAVED_SEARCH_LIMITS, type SearchAlert } from "./texts";


export interface AlertListing {
  id: string;
  title: string;
  listingType: keyof typeof LISTING_TYPES.labels;
  price: number;
  city: string;
  region: string;
}

export interface AlertMailInput {
  mode: Exclude<SearchAlert, "none">;
  email: string;
  fullName: string;
  searchName: string;
  searchPath: string;
  token: string;
  /** newest first */
  listings: AlertListing[];
  /** how many listings matched, when more than `listings` (the mail names the first ones) */
  total?: number;
}

export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
}

function listingLine(base: string, l: AlertListing): string {
  const price = l.listingType === "sale" && l.price > 0 ? ` · ${formatEuro(l.price)}` : "";
  return `• ${l.title.replace(/\s+/g, " ").trim()}\n  ${LISTING_TYPES.labels[l.listingType]} · ${l.city}, ${l.region}${price}\n  ${base}/pet-listing/${l.id}`;
}

export function alertMail(base: string, input: AlertMailInput): Mail {
  const count = Math.max(input.total ?? 0, input.listings.length);
  const shown = input.listings.slice(0, SAVED_SEARCH_LIMITS.listingsPerMail);
  const first = input.fullName.trim().split(/\s+/)[0] ?? "";
  const unsubscribe = unsubscribeUrl(base, input.token);
  const subject = input.mode === "instant" ? T.instantSubject(input.searchName, count) : T.dailySubject(input.searchName, count);
  const text = [
    `${first ? `Ciao ${first},` : "Ciao,"}`,
    "",
    T.intro(input.searchName),
    "",
    shown.map((l) => listingLine(base, l)).join("\n\n"),
    ...(count > shown.length ? ["", `${T.more(count - shown.length)}.`] : []),
    "",
    T.openSearch,
    `${base}${input.searchPath}`,
    "",
    T.manage,
    `${base}${SAVED_SEARCHES_PATH}`,
    "",
    T.unsubscribe,
    unsubscribe,
    "",
    T.signature,
  ].join("\n");
  return {
    to: input.email,
    subject,
    text,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
