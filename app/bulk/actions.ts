// The bulk actions of the back office's lists (decision 0109): which actions each list offers,
// their words, limits and messages. Shared by the server (which decides) and the lists' bar and
// dialogs (which show the same texts). No server code here.
import type { BULK_AREAS } from "~/lib/enums";
import { formatNumber } from "~/lib/format";

export type BulkArea = (typeof BULK_AREAS.values)[number];

export const BULK_LIMITS = {
  /** Rows picked one by one in a single action: beyond it, "all results of this filter" is the way. */
  explicitIds: 1_000,
  /** Items decided in one transaction. */
  batchSize: 500,
  /** Unchanged items listed by name in the summary (every reason is counted). */
  failuresKept: 100,
  /** How long a worker holds a job without finishing a batch before another may take it up. */
  leaseMs: 120_000,
  /** How often the page asks how far the job is. */
  pollMs: 1_000,
  /** The form's idempotency key. */
  keyLength: 100,
} as const;

export interface BulkActionText {
  /** the button in the selection bar */
  label: string;
  /** the question's verb: "Pubblicare 1.234 articoli?" */
  verb: string;
  destructive?: boolean;
  /** extra input the dialog asks for */
  needs?: "category" | "suspension";
}

/** Each list's actions, in the bar's order. */
export const BULK_ACTIONS = {
  articles: {
    publish: { label: "Pubblica", verb: "Pubblicare" },
    archive: { label: "Archivia", verb: "Archiviare" },
    move: { label: "Sposta in categoria", verb: "Spostare", needs: "category" },
    delete: { label: "Elimina", verb: "Eliminare definitivamente", destructive: true },
  },
  listings: {
    suspend: { label: "Sospendi", verb: "Sospendere", needs: "suspension", destructive: true },
    reactivate: { label: "Riattiva", verb: "Riattivare" },
  },
  contests: {
    approve: { label: "Approva", verb: "Approvare" },
    reject: { label: "Rifiuta", verb: "Rifiutare", destructive: true },
  },
  reports: {
    review: { label: "Segna come in revisione", verb: "Segnare come in revisione" },
    resolve: { label: "Risolvi", verb: "Risolvere" },
    dismiss: { label: "Archivia senza seguito", verb: "Archiviare senza seguito" },
  },
  contacts: {
    archive: { label: "Archivia", verb: "Archiviare" },
    delete: { label: "Elimina", verb: "Eliminare definitivamente", destructive: true },
  },
} as const satisfies Record<BulkArea, Record<string, BulkActionText>>;

export type BulkActionName<A extends BulkArea> = keyof (typeof BULK_ACTIONS)[A] & string;

/** What the items are called: one, many. */
export const BULK_NOUNS: Record<BulkArea, readonly [string, string]> = {
  articles: ["articolo", "articoli"],
  listings: ["annuncio", "annunci"],
  contests: ["iscrizione", "iscrizioni"],
  reports: ["segnalazione", "segnalazioni"],
  contacts: ["messaggio", "messaggi"],
};

/** "1 articolo", "1.234 articoli". */
export function countOf(area: BulkArea, n: number): string {
  const [one, many] = BULK_NOUNS[area];
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** The confirmation's question: "Pubblicare 1.234 articoli?". */
export function bulkQuestion(area: BulkArea, action: string, n: number): string {
  const text = (BULK_ACTIONS[area] as Record<string, BulkActionText>)[action];
  return `${text?.verb ?? action} ${countOf(area, n)}?`;
}

export const BULK_MESSAGES = {
  noSelection: "Seleziona almeno un elemento dell'elenco",
  unknownAction: "Questa azione non è disponibile per questo elenco",
  tooMany: `Puoi selezionare al massimo ${formatNumber(BULK_LIMITS.explicitIds)} elementi alla volta: usa «Seleziona tutti i risultati di questo filtro»`,
  badSelection: "La selezione non è valida: ricarica la pagina e riprova",
  badRequest: "Richiesta non valida: ricarica la pagina e riprova",
  nothingMatches: "Nessun elemento corrisponde alla selezione: non c'è nulla da fare",
  categoryRequired: "Scegli la categoria in cui spostare gli articoli",
  notFound: "Operazione non trovata",
  started: "Operazione avviata",
  interrupted: "L'operazione si è interrotta per un errore: gli elementi già elaborati restano così, gli altri non sono stati toccati. Riprova.",
  // Per item: why it was left as it was.
  gone: "Non esiste più",
  databaseError: (reason: string) => `Errore del database (${reason})`,
} as const;

/** A job as the page shows it while it runs and after. */
export interface BulkJobView {
  id: string;
  area: BulkArea;
  action: string;
  state: "queued" | "running" | "finished" | "failed";
  total: number;
  done: number;
  skipped: number;
  failed: number;
  failures: { id: string; label: string; reason: string }[];
  reasons: { reason: string; count: number }[];
  error: string | null;
}

/** "Completata: 1.230 su 1.234 fatti, 4 invariati." (words that fit every list's noun) */
export function bulkSummary(job: BulkJobView): string {
  const unchanged = job.skipped + job.failed;
  const head = job.state === "failed" ? "Interrotta" : "Completata";
  return `${head}: ${formatNumber(job.done)} su ${countOf(job.area, job.total)} ${job.done === 1 ? "fatto" : "fatti"}, ${formatNumber(unchanged)} ${unchanged === 1 ? "invariato" : "invariati"}.`;
}
