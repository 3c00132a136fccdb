// Several Zampa server processes on one PostgreSQL behind nginx (round robin), for the scale-out test
// (tests/browser/scale-out.test.ts) and the load benchmark (scripts/bench-cluster.ts). Each process
// is started as `npm start` starts one worker; nginx is Debian's. Erasable TypeScript only.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "../server/node-flags.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
export const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export function hasNginx(): boolean {
  return spawnSync(NGINX, ["-v"], { stdio: "ignore" }).status === 0;
}

async function waitFor(url: string, isDead: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDead()) throw new Error(`processo terminato prima di rispondere su ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} non ha risposto in tempo`);
}

export interface AppProcess {
  port: number;
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** One server process (WORKERS=1) on `port`, with `env` on top of the production defaults. */
export async function startAppProcess(port: number, env: Record<string, string>, options: { quiet?: boolean } = {}): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-node-"));
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT, SERVER_ENTRY)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, WORKERS: "1", LOG_LEVEL: "warn", ...SERVER_ENV, ...env },
    stdio: ["ignore", options.quiet ? "ignore" : "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, () => child.exitCode !== null || child.signalCode !== null, 90_000);
  return { port, url, child, dataDir };
}

export async function stopAppProcess(app: AppProcess): Promise<void> {
  if (app.child.exitCode === null && app.child.signalCode === null) {
    const exited = new Promise((resolve) => app.child.once("exit", resolve));
    app.child.kill("SIGTERM");
    await exited;
  }
  rmSync(app.dataDir, { recursive: true, force: true });
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * An nginx configuration run by the current user from `dir` (its pid, log and temporary folders,
 * made here), with `http` inside its http block.
 */
export function nginxConfig(dir: string, http: string): string {
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;${http}
}
`;
}

/**
 * nginx on `port`, sending each request to the next of `upstreamPorts` in turn. A process that
 * refuses connections is skipped (safe methods are retried on the next one; a POST is not, as a
 * real balancer would not resend a form).
 */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), "zampa-nginx-"));
  const conf = nginxConfig(dir, `
  client_max_body_size 64m;
  upstream zampa {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://zampa;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502;
      proxy_buffering off;
      proxy_request_buffering on;
      proxy_read_timeout 120s;
    }
  }
`);
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  const child = spawn(NGINX, ["-c", file, "-p", dir, "-e", path.join(dir, "error.log")], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, () => child.exitCode !== null, 20_000);
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
