// The addresses of the saved searches' pages (decision 0097). No imports: the HTTP server
// (server/origin-check.ts) reads the unsubscribe path too.

/** The one-click unsubscribe of the alert mails (RFC 8058): GET asks, POST turns the alerts off. */
export const UNSUBSCRIBE_PATH = "/avvisi/disattiva";
/** The person's saved searches (and where the list page's "Salva ricerca" posts). */
export const SAVED_SEARCHES_PATH = "/dashboard/ricerche";
