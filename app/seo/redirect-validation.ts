// The redirect form's rules and the redirects' Italian messages, shared by the server and the SEO
// manager's redirects tab. Client-safe: no server code here. Decision 0054.
import { z } from "zod";
import { REDIRECT_TYPES } from "~/lib/enums";
import { sortFields, type ListSort } from "~/lib/list-sort";

export const REDIRECT_LIMITS = { fromPath: 500, toPath: 2000 } as const;
export const REDIRECTS_PAGE_SIZE = 20;

/**
 * The orders of the redirects' list (decision 0102): newest first (the default), or by the from
 * path, which its unique index serves either way.
 */
export const REDIRECT_SORT_KEYS = ["created", "from"] as const;
export const redirectSortSchema = z.object(sortFields(REDIRECT_SORT_KEYS, { key: "created", direction: "desc" }));
export type RedirectSort = ListSort<(typeof REDIRECT_SORT_KEYS)[number]>;

export type RedirectType = (typeof REDIRECT_TYPES)[number];
export const DEFAULT_REDIRECT_TYPE: RedirectType = 301;
export const REDIRECT_TYPE_LABELS: Record<RedirectType, string> = {
  301: "301 – Permanente (consigliato)",
  302: "302 – Temporaneo",
};

export const REDIRECT_MESSAGES = {
  // Spec sections 5 and 8, word for word.
  bothRequired: "Entrambi i percorsi sono obbligatori",
  saveError: "Errore nel salvataggio",
  deleteError: "Errore nell'eliminazione",
  created: "Redirect aggiunto",
  deleted: "Redirect eliminato",
  // Ours.
  fromIsUrl: "Il percorso di origine deve essere relativo, senza dominio: scrivi /vecchia-pagina, non https://sito.it/vecchia-pagina",
  fromNoSlash: "Il percorso di origine deve iniziare con / (es. /vecchia-pagina)",
  fromDoubleSlash: "Il percorso di origine non può iniziare con // (indicherebbe un altro sito)",
  fromQuery: "Il percorso di origine non può contenere ? o #: il redirect vale per il percorso, senza parametri",
  fromSpaces: "Il percorso di origine non può contenere spazi",
  fromTooLong: `Il percorso di origine può contenere al massimo ${REDIRECT_LIMITS.fromPath} caratteri`,
  fromReserved: (path: string) =>
    `Il percorso ${path} non può essere reindirizzato: serve al funzionamento del sito (home, area riservata, login, API, file statici)`,
  toInvalid: "Il percorso di destinazione deve iniziare con / (es. /nuova-pagina) oppure essere un indirizzo completo (https://…)",
  toDoubleSlash: "Il percorso di destinazione non può iniziare con //: per un altro sito scrivi l'indirizzo completo (https://…)",
  toSpaces: "Il percorso di destinazione non può contenere spazi",
  toTooLong: `Il percorso di destinazione può contenere al massimo ${REDIRECT_LIMITS.toPath} caratteri`,
  typeInvalid: "Scegli il tipo di redirect: 301 (permanente) o 302 (temporaneo)",
  duplicate: "Esiste già un redirect da questo percorso: eliminalo prima di crearne uno nuovo",
  toItself: "Il percorso di destinazione coincide con quello di origine: il redirect rimanderebbe a se stesso",
  loop: (chain: string[]) => `Questo redirect creerebbe un ciclo: ${chain.join(" → ")}`,
  tooLong: (hops: number) => `Questo redirect allungherebbe una catena di redirect oltre ${hops} passaggi`,
  notFound: "Redirect non trovato",
} as const;

const M = REDIRECT_MESSAGES;

/**
 * Paths a redirect may not take over: it is applied before routing, so it would hide the home page,
 * the back office (and the way back in to delete it), sign-in, the API, static files and the files
 * crawlers read. Each entry covers the path itself and everything below it.
 */
export const RESERVED_FROM_PATHS = ["/admin", "/api", "/login", "/logout", "/assets", "/dashboard", "/healthz", "/readyz", "/metrics", "/robots.txt", "/sitemap.xml"] as const;

/** Same rule as normalisePath (redirects.server.ts): case and trailing slashes do not matter. */
function normalised(path: string): string {
  return (path.length > 1 ? path.replace(/\/+$/, "") : path).toLowerCase();
}

export function isReservedFromPath(path: string): boolean {
  const p = normalised(path);
  if (p === "/" || p === "") return true;
  return RESERVED_FROM_PATHS.some((reserved) => p === reserved || p.startsWith(`${reserved}/`));
}

const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/** An absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A path field of the form: trimmed, required (a redirect needs both), then `problem` names what is wrong, if anything. */
const pathField = (problem: (value: string) => string | undefined) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = value === "" ? M.bothRequired : problem(value);
      if (message !== undefined) ctx.addIssue({ code: "custom", message });
    });

const fromPath = pathField((value) => {
  if (value.length > REDIRECT_LIMITS.fromPath) return M.fromTooLong;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return M.fromIsUrl;
  if (value.startsWith("//") || value.startsWith("/\\")) return M.fromDoubleSlash;
  if (!value.startsWith("/")) return /^(www\.)?[^/\s]+\.[a-z]{2,}(\/|$)/i.test(value) ? M.fromIsUrl : M.fromNoSlash;
  if (WHITESPACE_OR_CONTROL.test(value)) return M.fromSpaces;
  if (/[?#]/.test(value)) return M.fromQuery;
  if (isReservedFromPath(value)) return M.fromReserved(value);
  return undefined;
});

const toPath = pathField((value) => {
  if (value.length > REDIRECT_LIMITS.toPath) return M.toTooLong;
  if (WHITESPACE_OR_CONTROL.test(value)) return M.toSpaces;
  if (value.startsWith("//") || value.startsWith("/\\")) return M.toDoubleSlash;
  if (value.startsWith("/")) return undefined;
  if (!isHttpUrl(value)) return M.toInvalid;
  return undefined;
});

/** The add form: from and to paths, the type (301 when not given). */
export const redirectSchema = z.object({
  fromPath: z.string({ error: M.bothRequired }).pipe(fromPath),
  toPath: z.string({ error: M.bothRequired }).pipe(toPath),
  redirectType: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return DEFAULT_REDIRECT_TYPE;
      const n = Number(v);
      if (!(REDIRECT_TYPES as readonly number[]).includes(n)) {
        ctx.addIssue({ code: "custom", message: M.typeInvalid });
        return z.NEVER;
      }
      return n as RedirectType;
    }),
});

export type RedirectInput = z.output<typeof redirectSchema>;
export type RedirectField = keyof RedirectInput;
