// A test worker (a script under tests/) run as a process of its own, for the tests of what several
// processes share through one PostgreSQL database. The worker prints "ready " once it has opened the
// database, and its result as JSON on its last line before it exits.
import { spawn, type ChildProcess } from "node:child_process";

export interface WorkerProcess<T> {
  child: ChildProcess;
  /** settles once the worker has printed "ready " */
  ready: Promise<void>;
  /** the worker's last line, parsed, once it has exited with 0; otherwise rejected with its stderr's end */
  done: Promise<T>;
}

/** Runs `script` with `input` as its argument (JSON); `stdin: true` leaves its stdin open for the test to write. */
export function startWorker<T>(script: string, input: object, options: { stdin?: boolean } = {}): WorkerProcess<T> {
  const child = spawn(process.execPath, ["--import", "tsx", script, JSON.stringify(input)], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: "test" },
    stdio: [options.stdin ? "pipe" : "ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("ready ")) onReady();
  });
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<T>((resolve, reject) => {
    child.on("exit", (code, signal) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && /^[[{]/.test(line)) resolve(JSON.parse(line) as T);
      else reject(new Error(`worker exited ${code ?? signal}: ${err.slice(-2000)}`));
    });
  });
  return { child, ready, done };
}
