// What deposit scams rely on, found in a private message (issue 29, decision 0090): a bank account
// to pay into, a payment that cannot be taken back, a made-up shipping or customs fee, a move to a
// chat outside Zampa, a number abroad. Pure and client-safe: the sender's domain stores the ids a
// message trips (conversation_messages.scam_signals), the reader's page shows the warning.

export const SCAM_SIGNALS = {
  iban: "Coordinate bancarie (IBAN)",
  prepaid_card: "Ricarica o carta prepagata (PostePay)",
  money_transfer: "Money transfer (Western Union, MoneyGram)",
  gift_card: "Gift card",
  shipping_customs: "Spese di spedizione o sdoganamento",
  chat_link: "Link a WhatsApp o Telegram",
  foreign_phone: "Numero di telefono estero",
} as const;

export type ScamSignal = keyof typeof SCAM_SIGNALS;

/** What the reader of a message that tripped any signal is told (the wording). */
export const SCAM_WARNING = "Attenzione: non inviare denaro prima di aver visto l'animale";

/** Lower case, accents off, so that "PostePay", "postepày" and "POSTEPAY" read alike. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// The lengths of the IBANs of the countries an account to pay into usually sits in. Only these are
// looked for: with any length allowed, one word run in 97 would pass the check digits by chance.
const IBAN_LENGTHS: Record<string, number> = {
  IT: 27, SM: 27, VA: 22, DE: 22, FR: 27, ES: 24, GB: 22, IE: 22, NL: 18, BE: 16, AT: 20, CH: 21, PT: 25,
  LT: 20, LV: 21, EE: 20, PL: 28, RO: 24, BG: 22, HU: 28, CZ: 24, SK: 24, SI: 19, HR: 21, GR: 27, CY: 28,
  MT: 31, LU: 20, DK: 18, SE: 24, FI: 18, NO: 15, AL: 28, TR: 26,
};

/** ISO 13616's check: the first four characters moved to the end, letters as numbers, modulo 97 is 1. */
function ibanChecks(candidate: string): boolean {
  const moved = candidate.slice(4) + candidate.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = char >= "A" ? char.charCodeAt(0) - 55 : Number(char);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

/**
 * The IBANs written in the text, with or without their spaces, as the stretches of text they take:
 * a known country, its length, mostly digits (an account number, not words) and check digits that hold.
 */
function ibansIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toUpperCase().matchAll(/(?<![A-Z0-9])[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,32}/g)) {
    const length = IBAN_LENGTHS[match[0].slice(0, 2)];
    if (!length) continue;
    // The stretch of the match holding exactly `length` letters and digits.
    let end = 0;
    for (let seen = 0; end < match[0].length && seen < length; end++) if (match[0][end] !== " " && match[0][end] !== "-") seen++;
    const iban = match[0].slice(0, end).replace(/[ -]/g, "");
    const digits = iban.replace(/\D/g, "").length;
    if (iban.length === length && digits * 2 >= length && ibanChecks(iban)) found.push(text.slice(match.index, match.index + end));
  }
  return found;
}

const PREPAID = /\b(?:ricaric\w*|poste\s?pay|carta prepagata)\b/;
const MONEY_TRANSFER = /\b(?:western\s?union|money\s?gram)\b/;
const GIFT_CARD = /\b(?:gift\s?cards?|carte? regalo|buon[oi] amazon|steam\s?cards?|paysafe\s?card)\b/;
const SHIPPING_CUSTOMS = /\b(?:spes[ae] (?:di|per la) spedizione|sdogan\w*)\b/;
const CHAT_LINK = /(?<![\w.-])(?:https?:\/\/)?(?:www\.)?(?:wa\.me\/|(?:chat|api)\.whatsapp\.com\b|t\.me\/|telegram\.(?:me|dog)\/)/;

/**
 * A number written with an international prefix other than Italy's: "+44 7700 900123",
 * "0033 6 12 34 56 78". Italian numbers (+39, 0039, or with no prefix) do not trip it.
 */
function hasForeignPhone(text: string): boolean {
  // A country code never starts with 0: "0000" in the middle of an account number is no prefix.
  for (const match of text.matchAll(/(?<![\w+])(?:\+|00)\s?([1-9][\d\s.\-/()]{6,20}\d)/g)) {
    const digits = match[1]!.replace(/\D/g, "");
    if (digits.length >= 8 && digits.length <= 15 && !digits.startsWith("39")) return true;
  }
  return false;
}

/** The signals a message trips, in SCAM_SIGNALS' order (none for an ordinary message). */
export function scamSignals(body: string): ScamSignal[] {
  const folded = fold(body);
  const ibans = ibansIn(body);
  // An account number's digits are not read again as a phone number.
  const withoutIbans = ibans.reduce((text, iban) => text.replace(iban, " "), body);
  const found: Record<ScamSignal, boolean> = {
    iban: ibans.length > 0,
    prepaid_card: PREPAID.test(folded),
    money_transfer: MONEY_TRANSFER.test(folded),
    gift_card: GIFT_CARD.test(folded),
    shipping_customs: SHIPPING_CUSTOMS.test(folded),
    chat_link: CHAT_LINK.test(folded),
    foreign_phone: hasForeignPhone(withoutIbans),
  };
  return (Object.keys(SCAM_SIGNALS) as ScamSignal[]).filter((signal) => found[signal]);
}

/** Whether a stored list of ids names a known signal (a message is shown with the warning then). */
export function trippedAny(signals: readonly string[]): boolean {
  return signals.some((signal) => signal in SCAM_SIGNALS);
}
