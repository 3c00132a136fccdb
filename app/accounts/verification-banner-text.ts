// The banner every page shows an account whose address is not confirmed: its own module, so that
// the pages' shared script carries this sentence and not every recovery message (recovery-messages.ts).
export const VERIFICATION_BANNER_TEXT = "Conferma il tuo indirizzo email: controlla la posta e apri il link che ti abbiamo inviato.";
