// Before `npm start`: build only when there is no build or a source file is newer than it, so that
// a restart on an existing build is quick and a fresh clone still starts with one command.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENTRY } from "../server/node-flags.ts";
import { build } from "./build.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const marker = path.join(root, SERVER_ENTRY);
const SOURCES = ["app", "server", "public", "package-lock.json", "vite.config.ts", "vite.server.config.ts", "react-router.config.ts", "tsconfig.json"];

function newest(entry: string): number {
  const info = statSync(entry, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child.endsWith(".test.ts") || child.endsWith(".test.tsx")) continue;
    latest = Math.max(latest, newest(path.join(entry, child)));
  }
  return latest;
}

const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (built >= sources) process.exit(0);

console.log(built ? "Sorgenti modificati: ricostruisco l'applicazione…" : "Nessuna build trovata: costruisco l'applicazione…");
build();
