// A real S3-compatible server for the tests (@20minutes/s3rver): on loopback, on a free port, with
// its files in a temporary folder and one bucket. It checks request signatures (its only key is
// S3RVER / S3RVER: anything else is refused with 403), so the storage's signing is tested too.
// It runs in a child process started with --openssl-legacy-provider: its ListObjectsV2
// continuation tokens are DES-encrypted, which Node 24's OpenSSL 3 refuses otherwise (any listing
// longer than one page answered 500).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where the public reads files: the bucket itself (path-style), as S3_PUBLIC_URL's default. */
  publicUrl: string;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

const SERVER = `
const [main, directory, bucket] = process.argv.slice(1);
const S3rver = require(main);
// Path-style URLs only (endpoint/bucket/key), as the storage sends them.
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket, configs: [] }] });
server.run().then((address) => console.log(JSON.stringify({ port: address.port })));
process.on("SIGTERM", () => server.close().finally(() => process.exit(0)));
`;

export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "zampa-test";
  const directory = mkdtempSync(path.join(tmpdir(), "zampa-s3-"));
  const main = createRequire(import.meta.url).resolve("@20minutes/s3rver");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", SERVER, main, directory, bucket], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`s3rver uscito con codice ${code} prima di essere pronto`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
    publicUrl: `${endpoint}/${bucket}`,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
