// At most N images are processed at once in this process; the others wait their turn, first come
// first served. Decoding a photo takes libvips all of its pixels plus its buffers, so a burst of
// listings sent together, each decoding its photo, multiplied the server's memory; queued, they take
// turns instead (see decision 0037 for the figures: docs/decisions/0037-hostile-input-and-upload-limits.md).
// In memory on purpose: this bounds a resource of this process (its memory and cores), it is not
// state shared between processes.

export interface Limiter {
  /** Runs `task` once fewer than `max` tasks are running; its result or error is passed on. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now and waiting now (for tests and logs). */
  readonly running: number;
  readonly waiting: number;
}

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new Error(`limite di concorrenza non valido: ${max}`);
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next task in line, so no later arrival can take it first.
    if (next) next();
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
