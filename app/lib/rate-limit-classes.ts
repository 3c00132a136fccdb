// The rate limits by route class (issue 20, decisions 0068 and 0076): one table, read by the HTTP
// server, which takes the hits for every class but sign-in in one place (server/rate-limit.ts) before
// the route's action or loader runs. A signed-in request counts against its account only; an
// anonymous one against its client address, whose budget is sized for many people behind one NAT (a
// school, an office, a mobile carrier). Counters live in the database (app/lib/rate-limit.server.ts),
// so every process shares them. The figures are generous: a real visitor never meets them, a script does.

export interface ClassLimit {
  /** how many requests the window allows */
  max: number;
  windowSeconds: number;
}

export const RATE_LIMIT_CLASS_NAMES = ["signIn", "forms", "votes", "uploads", "ai", "search", "reveals"] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASS_NAMES)[number];

export interface RateLimitClassSpec {
  /** what the class covers */
  covers: string;
  /** per client address, for anonymous requests (sized for a NAT) */
  perIp: ClassLimit;
  /** per signed-in account, instead of the address (read from the session only for requests that carry one); absent: the address's figures */
  perUser?: ClassLimit;
  /** the variable that overrides the figures: `<max>/<seconds>` or `off` */
  env: string;
  /** the variable that overrides the address's figure alone, for a class counted per account and per address at once */
  envPerIp?: string;
}

/**
 * The classes whose hits the HTTP server does not take before the route: their domain functions
 * count them (sign-in's failures, the contact reveals' hits per account and per address together).
 */
export const CLASSES_COUNTED_BY_THE_APP = ["signIn", "reveals"] as const;

/** The classes the HTTP server takes (server/main.ts), every other one. */
export type ServerRateLimitClass = Exclude<RateLimitClass, (typeof CLASSES_COUNTED_BY_THE_APP)[number]>;

export function isTakenByTheServer(name: RateLimitClass): name is ServerRateLimitClass {
  return !(CLASSES_COUNTED_BY_THE_APP as readonly string[]).includes(name);
}

const MINUTE = 60;

export const RATE_LIMIT_CLASSES: Record<RateLimitClass, RateLimitClassSpec> = {
  signIn: {
    covers: "failed sign-in attempts (/login), counted by better-auth's hooks: per address (perIp) and per account and address (perUser; decision 0074)",
    perIp: { max: 60, windowSeconds: 15 * MINUTE },
    perUser: { max: 10, windowSeconds: 15 * MINUTE },
    env: "SIGN_INS_PER_IP",
  },
  forms: {
    covers: "every POST (or other writing method) not in another class",
    perIp: { max: 120, windowSeconds: MINUTE },
    perUser: { max: 60, windowSeconds: MINUTE },
    env: "RATE_LIMIT_FORMS",
  },
  votes: {
    covers: "contest votes",
    perIp: { max: 60, windowSeconds: MINUTE },
    perUser: { max: 30, windowSeconds: MINUTE },
    env: "RATE_LIMIT_VOTES",
  },
  uploads: {
    covers: "forms carrying photos (a listing, a contest entry, an article image)",
    perIp: { max: 20, windowSeconds: 10 * MINUTE },
    perUser: { max: 20, windowSeconds: 10 * MINUTE },
    env: "RATE_LIMIT_UPLOADS",
  },
  ai: {
    covers: "AI-assisted writing requests (administrators)",
    perIp: { max: 30, windowSeconds: MINUTE },
    perUser: { max: 30, windowSeconds: MINUTE },
    env: "RATE_LIMIT_AI",
  },
  search: {
    covers: "list pages and their APIs asked with a text query (?q=)",
    perIp: { max: 120, windowSeconds: MINUTE },
    env: "RATE_LIMIT_SEARCH",
  },
  reveals: {
    covers:
      "a listing's phone number or e-mail revealed (\"Mostra numero\", \"Mostra email\"), counted by app/listings/contact-reveal.server.ts per account and per address at once (decision 0089)",
    perIp: { max: 60, windowSeconds: 60 * MINUTE },
    perUser: { max: 30, windowSeconds: 60 * MINUTE },
    env: "RATE_LIMIT_REVEALS",
    envPerIp: "RATE_LIMIT_REVEALS_PER_IP",
  },
};

/**
 * What a route declares about its requests, as `export const handle = { rateLimit }` (beside
 * `bodyLimit`). Without it, a POST is in `forms` and a GET in no class.
 */
export interface RateLimitHandle {
  rateLimit?: {
    /** the class of this route's POSTs (default forms) */
    post?: RateLimitClass;
    /** the class of its multipart POSTs, when they differ (a contest's entry beside its votes) */
    multipart?: RateLimitClass;
    /** a GET with a non-empty `q` is a search */
    search?: boolean;
    /** fields added to the refusal its forms read, by class (the contest page tells its two forms apart by `intent`) */
    refusal?: Partial<Record<RateLimitClass, Record<string, string | number | boolean>>>;
  };
  /** the route's other declarations (bodyLimit, …) */
  [other: string]: unknown;
}

/** The handle of a list page searched by text (articles, listings): a search is in the search class (decision 0068). */
export const TEXT_SEARCH_HANDLE: RateLimitHandle = { rateLimit: { search: true } };

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The class of a request, from its method, its body's type, its query and its route's handle. */
export function rateLimitClassOf(method: string, contentType: string | undefined, search: string, handle: unknown): RateLimitClass | undefined {
  const declared = (handle as RateLimitHandle | undefined)?.rateLimit;
  if (READS.has(method)) {
    if (!declared?.search || !search.includes("q=")) return undefined;
    return new URLSearchParams(search).get("q")?.trim() ? "search" : undefined;
  }
  if (declared?.multipart && contentType?.startsWith("multipart/form-data")) return declared.multipart;
  return declared?.post ?? "forms";
}

export const RATE_LIMIT_MESSAGES = {
  title: "Troppe richieste",
  /** The answer to a request over its class's limit, with the wait the Retry-After header gives. */
  tooMany: (seconds: number) => `Hai inviato troppe richieste in poco tempo. Riprova tra ${waitText(seconds)}.`,
  backHome: "Torna alla home",
};

/** "45 secondi", "3 minuti": the wait a refusal names. */
export function waitText(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? "1 secondo" : `${seconds} secondi`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuti`;
}
