// The back office's refusals in Italian, defined once: said by its gate and its domain functions
// (app/admin/access.server.ts, app/admin/gate.server.ts), shown by the error page a refused action
// lands on (app/root.tsx). Client-safe.
export const ADMIN_ACCESS_MESSAGES = {
  mustSignIn: "Devi effettuare il login per continuare",
  /** To a signed-in person with no back-office role. */
  adminOnly: "Solo gli amministratori possono eseguire questa operazione",
  /** To an editor or a moderator, outside what their role holds. */
  notPermitted: "Il tuo ruolo non consente di usare questa sezione o di eseguire questa operazione",
  secondFactorRequired: "Per usare l'area amministrazione attiva la verifica in due passaggi dal tuo profilo",
  /** Title of the error page that shows one of the above. */
  refusedTitle: "Accesso non consentito",
} as const;
