// Runtime configuration from the environment (all optional; DESIGN "Configuration").
import path from "node:path";

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
  /** Trust the first X-Forwarded-For address (only behind a proxy you run). */
  trustProxy: boolean;
  mapTilesUrl: string;
  isProduction: boolean;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return !["false", "0", "no", "off"].includes(value.toLowerCase());
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
