// Italian texts of the "Dispositivi e accessi" section (sessions and linked sign-in methods): shared
// by the server (refusals) and the page.
export const SESSION_MESSAGES = {
  unknownDevice: "Dispositivo sconosciuto",
  unknownPlace: "sconosciuto",
  localNetwork: "rete locale",
  invalidSession: "Sessione non valida.",
  sessionNotFound: "Questa sessione non esiste più: forse è già stata chiusa.",
  cannotRevokeCurrent: "Questa è la sessione che stai usando: per chiuderla usa «Esci».",
  sessionRevoked: "Sessione chiusa: quel dispositivo dovrà accedere di nuovo.",
  othersRevoked: (count: number) =>
    count === 0 ? "Non c'erano altre sessioni attive." : count === 1 ? "Chiusa 1 altra sessione." : `Chiuse ${count} altre sessioni.`,
  invalidIdentity: "Metodo di accesso non valido.",
  identityNotFound: "Questo metodo di accesso non è collegato al tuo account.",
  lastIdentity: "Non puoi scollegare l'unico metodo di accesso del tuo account: prima collegane un altro.",
  identityUnlinked: (label: string) => `${label} scollegato dal tuo account.`,
  passwordMethod: "Email e password",
} as const;
