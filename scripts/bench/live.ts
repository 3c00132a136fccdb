// What a bench run has started and must stop, whichever way it ends (done, an error, Ctrl+C): the
// servers, wrk and other children, Chromium, temporary folders. The entry installs the handlers
// (installCleanup); importing this module changes nothing. Erasable TypeScript only.
import { rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import type { LaunchedChrome } from "chrome-launcher";

export interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  /** All the server's output lines, capped to the last 500. */
  log: string[];
  /** How many lines the server has printed in total (the log keeps only the last ones). */
  lineCount: number;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<void>;
  /** from spawning the process to /healthz answering 200 */
  readyMs: number;
  /** Where its standard output goes when it logs at the default level (see startServer). */
  logFile?: string;
}

export const live = {
  servers: new Set<Server>(),
  tempDirs: new Set<string>(),
  children: new Set<ChildProcess>(),
  chrome: undefined as LaunchedChrome | undefined,
};

export async function stopServer(server: Server): Promise<void> {
  if (!server.exit) {
    server.child.kill("SIGTERM");
    const force = setTimeout(() => server.child.kill("SIGKILL"), 5000);
    await server.exited;
    clearTimeout(force);
  }
  live.servers.delete(server);
}

let cleaning: Promise<void> | undefined;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of live.children) child.kill("SIGKILL");
    try {
      live.chrome?.kill();
    } catch {
      // already gone
    }
    live.chrome = undefined;
    await Promise.all([...live.servers].map(stopServer));
    for (const dir of live.tempDirs) rmSync(dir, { recursive: true, force: true });
    live.tempDirs.clear();
  })();
  return cleaning;
}

/** Stops everything on exit and on SIGINT, SIGTERM and SIGHUP (the signals exit with 130). */
export function installCleanup(): void {
  // Last resort when the process exits some other way: nothing asynchronous is possible here.
  process.on("exit", () => {
    for (const server of live.servers) server.child.kill("SIGKILL");
    for (const child of live.children) child.kill("SIGKILL");
    for (const dir of live.tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      process.stderr.write(`\n${signal}: stopping the server and removing the temporary files…\n`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}
