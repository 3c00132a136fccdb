// A stand-in S3 bucket for the tests that read the requests the storage sends or make it fail: a
// local HTTP server that records every request and answers the status the test chooses (an S3
// error document with a refusal). harness/s3-server.ts is the real S3 server, for the rest.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RecordingBucket {
  /** what the bucket has received, oldest first */
  requests: RecordedRequest[];
  /** the status of the answer to `request`, once recorded */
  answer: (request: RecordedRequest) => number;
  /** http://127.0.0.1:<port> */
  endpoint: () => string;
  /** forgets the requests and answers 200 again */
  reset: () => void;
}

/** Started before the tests of the enclosing describe (or file), stopped after them. */
export function useRecordingBucket(): RecordingBucket {
  let server: Server;
  const bucket: RecordingBucket = {
    requests: [],
    answer: () => 200,
    endpoint: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset: () => {
      bucket.requests = [];
      bucket.answer = () => 200;
    },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
        bucket.requests.push(recorded);
        const status = bucket.answer(recorded);
        res.writeHead(status, { "content-type": "application/xml" });
        res.end(status >= 300 ? "<Error><Code>AccessDenied</Code></Error>" : "");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return bucket;
}
