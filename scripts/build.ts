// The production build, the one way: React Router's build, the HTTP server compiled to JavaScript
// (vite.server.config.ts), then brotli/gzip copies of the static assets. Used by `npm run build`,
// `npm start` (when the build is stale) and the benchmark.
import { execFileSync, type StdioOptions } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compressAssets } from "./compress-assets.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function build(stdio: StdioOptions = "inherit"): void {
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], { cwd: root, stdio });
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--config", "vite.server.config.ts"], { cwd: root, stdio });
  // The embedded database's empty cluster, made here rather than at a new server's first start.
  execFileSync(process.execPath, [path.join(root, "scripts/embedded-template.ts")], { cwd: root, stdio });
  const count = compressAssets(path.join(root, "build/client"));
  if (stdio === "inherit") console.log(`Compressi ${count} file statici (brotli e gzip).`);
}

if (import.meta.url === `file://${process.argv[1]}`) build();
