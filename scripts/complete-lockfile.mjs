// Adds package-lock entries for the optional, platform-specific packages (other OSes and CPUs) that
// this workplace's npm mirror does not carry: `npm install` cannot record them, and `npm ci` then
// refuses the lock file. The entries are marked optional with their os/cpu, so no machine fetches a
// package for another platform. Run after every dependency change: `npm run lock:complete`.
import fs from "node:fs";
const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;
let added = 0;
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    // resolution: next to the parent's node_modules, else hoisted at the top
    const nested = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (pkgs[nested] || pkgs[top]) continue;
    const m = /(android|darwin|freebsd|linux|openbsd|openharmony|sunos|win32|aix|netbsd)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x|wasm32|mips64el)/.exec(name);
    const entry = { version: spec, dev: meta.dev, optional: true };
    if (!meta.dev) delete entry.dev;
    if (m) { entry.os = [m[1]]; entry.cpu = [m[2]]; }
    if (/wasm32-wasi/.test(name)) { entry.cpu = ["wasm32"]; delete entry.os; }
    pkgs[top] = entry;
    added++;
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added} placeholder entries`);
