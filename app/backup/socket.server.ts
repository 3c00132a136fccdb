// A running server on the embedded database holds its directory (decision 0062): the backup command
// cannot open it, so the server takes the dump itself and hands it over a Unix socket,
// DATA_DIR/run/backup.sock, in a folder only the server's user can enter. Nothing is reachable from
// the network, and whoever can use the socket could read DATA_DIR anyway (decision 0065).
// Erasable TypeScript with relative .ts imports: scripts/backup.ts runs the client half under Node.
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import path from "node:path";

/** Linux's limit on a socket's path (sun_path, with its final NUL). */
const MAX_SOCKET_PATH = 107;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "run", "backup.sock");
}

/** The servers this process has started, by socket path; on globalThis so a re-evaluated module (dev server) finds them. */
const servers: Map<string, { server: Server; dump: () => Promise<Blob> }> = ((globalThis as { __zampaBackupSockets?: Map<string, { server: Server; dump: () => Promise<Blob> }> }).__zampaBackupSockets ??= new Map());

/**
 * Answers `GET /database` on the socket with `dump()` (the embedded database's gzipped tarball).
 * Returns the stop; throws when the socket cannot be opened (the caller logs it: backups then need
 * the server stopped).
 */
export async function serveBackups(dataDir: string, dump: () => Promise<Blob>): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) throw new Error(`percorso del socket troppo lungo (${socket})`);
  const running = servers.get(socket);
  if (running) {
    running.dump = dump;
    return () => stop(socket);
  }
  const entry = { server: createServer(), dump };
  entry.server.on("request", (req, res) => {
    if (req.method !== "GET" || req.url !== "/database") {
      res.writeHead(404).end();
      return;
    }
    entry.dump().then(
      async (blob) => {
        res.writeHead(200, { "content-type": "application/gzip", "content-length": String(blob.size) });
        res.end(Buffer.from(await blob.arrayBuffer()));
      },
      (error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  const dir = path.dirname(socket);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  // This process holds the data directory: a socket file left there is a dead server's.
  rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    entry.server.once("error", reject);
    entry.server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  servers.set(socket, entry);
  return () => stop(socket);
}

async function stop(socket: string): Promise<void> {
  const entry = servers.get(socket);
  if (!entry) return;
  servers.delete(socket);
  await new Promise<void>((resolve) => entry.server.close(() => resolve()));
  rmSync(socket, { force: true });
}

/** The running server's dump, or null when no server answers on the socket. Throws when it answers with an error. */
export function requestDump(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: backupSocketPath(dataDir), path: "/database", method: "GET" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(body.toString("utf8") || `HTTP ${res.statusCode}`));
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    req.end();
  });
}
