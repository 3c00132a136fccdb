// The browser suite's accounts and its metrics token, which tests/browser/server.ts gives the server.
// Apart from it, with no import: every test file reads them, and importing server.ts instead would load
// the whole server side (database, accounts, demo content) into each file's worker.
export const E2E_METRICS_TOKEN = "metriche-e2e-0123456789";
export const E2E_ADMIN = { email: "admin-e2e@zampa.test", password: "Amministro-Zampa-2026" };
/** An account with a verified e-mail, which single sign-on can link (tests/browser/account-sessions.test.ts). */
export const E2E_SSO_ACCOUNT = { email: "sso-e2e@zampa.test", password: "Cuccioli-2026", providerName: "Zampa ID" };
