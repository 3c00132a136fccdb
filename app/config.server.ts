// Runtime configuration from the environment (all optional; DESIGN "Configuration").
import path from "node:path";
import { RATE_LIMIT_CLASSES, type ClassLimit, type ServerRateLimitClass } from "./lib/rate-limit-classes.ts";

export type { ServerRateLimitClass };

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** undefined: seed only an empty database */
  seedDemo: boolean | undefined;
  smtpUrl: string | undefined;
  authSecret: string | undefined;
  /** TRUST_PROXY is set: forwarding headers are believed from some peers (server/client-address.ts reads the list). */
  trustProxy: boolean;
  mapTilesUrl: string;
  /** Attribution shown on every map, as the tile provider requires. */
  mapTilesAttribution: string;
  /** "offline" (bundled gazetteer of Italian municipalities) or "nominatim". */
  geocoder: "offline" | "nominatim";
  geocoderUrl: string;
  /** Set when uploads go to an S3-compatible bucket instead of DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Uploaded images processed at once by this process (IMAGE_CONCURRENCY, default 2); the others wait. */
  imageConcurrency: number;
  /** Images one account may upload per day, the day ending at midnight Europe/Rome (UPLOAD_DAILY_QUOTA, 200; admins exempt; decision 0066). */
  uploadDailyQuota: number;
  /** New accounts allowed from one client address (SIGN_UPS_PER_HOUR, SIGN_UPS_PER_DAY; 30 and 200, for a NAT: decision 0075). */
  signUpsPerHour: number;
  /** Failed sign-in attempts allowed from one client address in 15 minutes (SIGN_INS_PER_IP; 60; successes are not counted: decision 0074). */
  signInsPerIp: number;
  /** Single sign-on with an OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME); unset: none. */
  oidc: OidcConfig | undefined;
  signUpsPerDay: number;
  /** REQUIRE_ADMIN_2FA: administrators must sign in with a second factor to use /admin (default off; decision 0059). */
  requireAdmin2fa: boolean;
  /** Memory for memoized query results (MEMO_CACHE_MB, default 32) and cached pages (PAGE_CACHE_MB, default 64), in MB. */
  memoCacheMb: number;
  pageCacheMb: number;
  /** SCHEDULER: publish scheduled articles when due (default on, off in tests; decision 0046). */
  scheduler: boolean;
  /** The AI service and its site-wide quota (decision 0055). */
  ai: AiConfig;
  /** Private conversations' limits per account (decision 0090). */
  messaging: MessagingConfig;
  /** The limits by route class the HTTP server applies (decision 0068); undefined: that class is not limited. */
  rateLimits: Record<ServerRateLimitClass, ClassLimits | undefined>;
  /**
   * "Mostra numero" / "Mostra email": reveals per account (RATE_LIMIT_REVEALS, 30 an hour) and per
   * client address (RATE_LIMIT_REVEALS_PER_IP, 60 an hour), both counted (decision 0089); undefined: off.
   */
  revealLimits: { perUser: ClassLimit; perIp: ClassLimit | undefined } | undefined;
  /** SCAM_REPORT_RECIPIENTS (5): people a sender's messages with scam signals reach in 24 hours before Zampa reports the sender (decision 0091). */
  scamReportRecipients: number;
  /** METRICS_TOKEN: /metrics answers a request bearing it; unset, /metrics does not exist (decision 0067). */
  metricsToken: string | undefined;
  /** ACCESS_LOG (default on): one JSON line per request. */
  accessLog: boolean;
  isProduction: boolean;
}

export interface ClassLimits {
  perIp: ClassLimit;
  perUser?: ClassLimit;
}

/**
 * RATE_LIMITS=off switches every class off (a benchmark sending thousands of searches from one
 * address); RATE_LIMIT_<CLASS> is `off` or `<max>/<seconds>` (per address and per account alike).
 */
/** A `<max>/<seconds>` variable: undefined when unset, "off" when switched off. */
function readLimit(env: NodeJS.ProcessEnv, name: string): ClassLimit | "off" | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (flag(raw) === false) return "off";
  const custom = /^(\d+)\s*\/\s*(\d+)$/.exec(raw);
  if (!custom) throw new Error(`${name} deve essere "off" oppure "<richieste>/<secondi>", per esempio 60/60 (è "${raw}")`);
  const limit = { max: Number(custom[1]), windowSeconds: Number(custom[2]) };
  if (limit.max < 1 || limit.windowSeconds < 1) throw new Error(`${name}: richieste e secondi devono essere almeno 1 (è "${raw}")`);
  return limit;
}

function readRateLimits(env: NodeJS.ProcessEnv): Record<ServerRateLimitClass, ClassLimits | undefined> {
  const allOff = flag(env.RATE_LIMITS) === false;
  const read = (name: ServerRateLimitClass): ClassLimits | undefined => {
    const spec = RATE_LIMIT_CLASSES[name];
    const custom = readLimit(env, spec.env);
    if (allOff || custom === "off") return undefined;
    if (custom) return { perIp: custom, perUser: spec.perUser ? custom : undefined };
    return { perIp: spec.perIp, perUser: spec.perUser };
  };
  return { forms: read("forms"), votes: read("votes"), uploads: read("uploads"), ai: read("ai"), search: read("search") };
}

/**
 * The reveals' two budgets: RATE_LIMIT_REVEALS (the account's; `off` switches both off) and
 * RATE_LIMIT_REVEALS_PER_IP (the address's; `off` leaves the account's alone).
 */
function readRevealLimits(env: NodeJS.ProcessEnv): Config["revealLimits"] {
  const spec = RATE_LIMIT_CLASSES.reveals;
  const perUser = readLimit(env, spec.env);
  const perIp = readLimit(env, spec.envPerIp!);
  if (flag(env.RATE_LIMITS) === false || perUser === "off") return undefined;
  return { perUser: perUser ?? spec.perUser!, perIp: perIp === "off" ? undefined : (perIp ?? spec.perIp) };
}

export interface MessagingConfig {
  /** CONVERSATIONS_PER_DAY (30): conversations one account may start in any 24 hours. */
  conversationsPerDay: number;
  /** MESSAGES_PER_MINUTE (10): messages one account may send in any 60 seconds. */
  messagesPerMinute: number;
}

export interface AiConfig {
  /** AI_BASE_URL: any OpenAI-compatible chat-completions endpoint; undefined: AI screens say it is not configured. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** AI_MODEL */
  model: string;
  /** AI_DAILY_LIMIT (200): requests started per day, the day ending at midnight Europe/Rome. */
  dailyLimit: number;
  /** AI_PER_MINUTE (2): requests started in any 60 seconds. */
  perMinute: number;
  /** AI_MIN_INTERVAL_SECONDS (30): at least this long between two starts. */
  minIntervalSeconds: number;
}

export interface S3Config {
  /** e.g. https://s3.eu-south-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the public reads files from (a CDN or the bucket's website); default endpoint/bucket. */
  publicUrl: string;
}

function readS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const endpoint = env.S3_ENDPOINT?.replace(/\/+$/, "");
  const bucket = env.S3_BUCKET;
  if (!endpoint || !bucket) return undefined;
  return {
    endpoint,
    bucket,
    region: env.S3_REGION || "auto",
    accessKeyId: env.S3_ACCESS_KEY_ID || "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || "",
    publicUrl: (env.S3_PUBLIC_URL || `${endpoint}/${bucket}`).replace(/\/+$/, ""),
  };
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return !["false", "0", "no", "off"].includes(value.toLowerCase());
}

/** Two photos decoded at once keep both cores of a small server busy, and its memory bounded. */
const DEFAULT_IMAGE_CONCURRENCY = 2;

function positiveInteger(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is at /.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the button: "Accedi con {name}". */
  name: string;
}

function readOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim().replace(/\/+$/, "");
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!issuer || !clientId) return undefined;
  return { issuer, clientId, clientSecret: env.OIDC_CLIENT_SECRET ?? "", name: env.OIDC_NAME?.trim() || "OpenID" };
}

function nonNegativeInteger(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= 0 ? number : undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT || 3000);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: flag(env.SEED_DEMO),
    smtpUrl: env.SMTP_URL || undefined,
    authSecret: env.AUTH_SECRET || undefined,
    trustProxy: flag(env.TRUST_PROXY) ?? false,
    mapTilesUrl: env.MAP_TILES_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    mapTilesAttribution: env.MAP_TILES_ATTRIBUTION || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    geocoder: env.GEOCODER?.toLowerCase() === "nominatim" ? "nominatim" : "offline",
    geocoderUrl: (env.GEOCODER_URL || "https://nominatim.openstreetmap.org").replace(/\/+$/, ""),
    s3: readS3(env),
    imageConcurrency: positiveInteger(env.IMAGE_CONCURRENCY) ?? DEFAULT_IMAGE_CONCURRENCY,
    uploadDailyQuota: positiveInteger(env.UPLOAD_DAILY_QUOTA) ?? 200,
    signUpsPerHour: positiveInteger(env.SIGN_UPS_PER_HOUR) ?? 30,
    signUpsPerDay: positiveInteger(env.SIGN_UPS_PER_DAY) ?? 200,
    signInsPerIp: positiveInteger(env.SIGN_INS_PER_IP) ?? RATE_LIMIT_CLASSES.signIn.perIp.max,
    oidc: readOidc(env),
    requireAdmin2fa: flag(env.REQUIRE_ADMIN_2FA) ?? false,
    memoCacheMb: positiveInteger(env.MEMO_CACHE_MB) ?? 32,
    pageCacheMb: positiveInteger(env.PAGE_CACHE_MB) ?? 64,
    scheduler: flag(env.SCHEDULER) ?? env.NODE_ENV !== "test",
    ai: {
      baseUrl: env.AI_BASE_URL?.trim().replace(/\/+$/, "") || undefined,
      apiKey: env.AI_API_KEY || undefined,
      model: env.AI_MODEL?.trim() || "gpt-4o-mini",
      dailyLimit: positiveInteger(env.AI_DAILY_LIMIT) ?? 200,
      perMinute: positiveInteger(env.AI_PER_MINUTE) ?? 2,
      minIntervalSeconds: nonNegativeInteger(env.AI_MIN_INTERVAL_SECONDS) ?? 30,
    },
    messaging: {
      conversationsPerDay: positiveInteger(env.CONVERSATIONS_PER_DAY) ?? 30,
      messagesPerMinute: positiveInteger(env.MESSAGES_PER_MINUTE) ?? 10,
    },
    rateLimits: readRateLimits(env),
    revealLimits: readRevealLimits(env),
    scamReportRecipients: positiveInteger(env.SCAM_REPORT_RECIPIENTS) ?? 5,
    metricsToken: env.METRICS_TOKEN || undefined,
    accessLog: flag(env.ACCESS_LOG) ?? true,
    isProduction: env.NODE_ENV === "production",
  };
}

let current: Config | undefined;

export function config(): Config {
  current ??= readConfig();
  return current;
}

/** For tests and start-up: fix the configuration explicitly. */
export function setConfig(next: Config): void {
  current = next;
}
