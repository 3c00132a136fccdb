import { describe, expect, it } from "vitest";
import { SCAM_SIGNALS, scamSignals, trippedAny } from "./scam-signals";

describe("scamSignals", () => {
  it.each([
    ["an Italian IBAN without spaces", "Fai il bonifico su IT60X0542811101000000123456 e te lo spedisco"],
    ["an Italian IBAN with spaces", "IBAN: IT60 X054 2811 1010 0000 0123 456, intestato a Mario"],
    ["an Italian IBAN in lower case", "it60x0542811101000000123456"],
    ["a German IBAN", "Konto DE89 3704 0044 0532 0130 00 grazie"],
    ["a British IBAN", "GB82WEST12345698765432"],
    ["a French IBAN", "virement FR14 2004 1010 0505 0001 3M02 606"],
  ])("finds %s", (_name, text) => {
    expect(scamSignals(text)).toEqual(["iban"]);
  });

  it("does not take a look-alike with wrong check digits for an IBAN", () => {
    expect(scamSignals("IT61X0542811101000000123456")).toEqual([]);
    expect(scamSignals("Ho12 cuccioli di razza pura pronti")).toEqual([]);
  });

  it.each([
    ["prepaid_card", "Mi fai una ricarica PostePay di 150 euro?"],
    ["prepaid_card", "Pagamento solo con Poste Pay"],
    ["prepaid_card", "ricaricami la carta e domani parte"],
    ["money_transfer", "Mandami i soldi con Western Union"],
    ["money_transfer", "va bene anche MoneyGram"],
    ["money_transfer", "money gram a mio nome"],
    ["gift_card", "Accetto solo gift card Amazon"],
    ["gift_card", "Comprami due giftcards"],
    ["shipping_customs", "Devi pagare le spese di spedizione prima"],
    ["shipping_customs", "Il cane è bloccato in dogana, servono 200 euro per lo sdoganamento"],
    ["chat_link", "Scrivimi qui https://wa.me/447700900123"],
    ["chat_link", "entra: chat.whatsapp.com/AbCdEf123"],
    ["chat_link", "https://api.whatsapp.com/send?phone=123"],
    ["chat_link", "Telegram t.me/allevamento_top"],
    ["chat_link", "telegram.me/cuccioli"],
    ["foreign_phone", "Chiamami al +44 7700 900123"],
    ["foreign_phone", "Numero: 0033 6 12 34 56 78"],
    ["foreign_phone", "+237 6 71 23 45 67"],
    ["foreign_phone", "(+1) 555-201-3344"],
  ] as const)("finds %s in %j", (signal, text) => {
    expect(scamSignals(text)).toContain(signal);
  });

  it("lists every signal a message trips, in one order", () => {
    const text = "Paga le spese di spedizione con Western Union, poi scrivimi su wa.me/447700900123 o al +44 7700 900123";
    expect(scamSignals(text)).toEqual(["money_transfer", "shipping_customs", "chat_link", "foreign_phone"]);
  });

  it.each([
    "Ciao, il cucciolo è ancora disponibile? Posso venire a vederlo sabato?",
    "Costa 300 euro, ha il microchip",
    "Costa 1.300,00 euro, ha il libretto e le vaccinazioni",
    "Il mio numero è 333 123 4567, chiamami quando vuoi",
    "Il mio numero è +39 333 123 4567",
    "Il mio numero è +393331234567",
    "Il mio numero è 0039 333 1234567",
    "Il fisso è 06 1234 5678",
    "Ci vediamo alle 15.30 in via Roma 10, 00184 Roma",
    "Pesa 3 kg, +2 rispetto al mese scorso",
    "Ha 12 settimane, nato il 03/09/2026",
    "Vi mando le foto della mamma e del papà stasera",
    "Il collare GPS si carica con il cavo, te lo lascio",
    "Puoi visitare la pagina del veterinario su www.vetroma.it",
    "Sono in centro, al parco dietro la stazione",
  ])("leaves an ordinary message alone: %j", (text) => {
    expect(scamSignals(text)).toEqual([]);
  });

  it("labels every signal it can return", () => {
    for (const id of Object.keys(SCAM_SIGNALS)) expect(SCAM_SIGNALS[id as keyof typeof SCAM_SIGNALS]).toMatch(/\S/);
    expect(trippedAny(["iban"])).toBe(true);
    expect(trippedAny([])).toBe(false);
    expect(trippedAny(["not_a_signal"])).toBe(false);
  });
});
