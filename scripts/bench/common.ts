// The bench's basics: the repository's root, progress on stderr and the report on stdout, finding a
// program, the commit measured. Erasable TypeScript only (the pinned Node runs it).
import { accessSync, constants } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export function step(message: string): void {
  process.stderr.write(`› ${message}\n`);
}

export function out(text = ""): void {
  process.stdout.write(`${text}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function findExecutable(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).concat("/usr/bin", "/usr/local/bin")) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function gitCommit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return "unknown";
  }
}
