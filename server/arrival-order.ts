// Starts request handlers in the order their requests arrived, with a poll phase between turns.
//
// Node runs a handler inside the read callback of its socket. When the server is saturated, the
// connections that are already being served keep being served and new ones wait: the first request
// of a new connection waits many rounds of the others (one more connection admitted per round), and
// those requests make the tail latency. Queuing the handlers and starting them from setImmediate
// runs a poll phase between turns, so every socket that is ready gets read and each request waits
// only for those that came before it. The figures before and after, and how to reproduce them, are
// in docs/decisions/0028-arrival-order.md.
//
// A turn goes on with the next handler as soon as one finishes, until it has lasted TURN_MS: cheap
// requests (a cached page) do not pay a turn of the event loop each. A handler that waits for
// I/O (a request body, the network database, a geocoder) or renders across turns holds nothing up:
// the next one starts at the next turn anyway. Erasable TypeScript only (Node runs this file).

export type Start = (<T>(handler: () => T | Promise<T>) => Promise<T>) & {
  /** handlers waiting for their turn (the metrics' queue depth) */
  waiting(): number;
};

const TURN_MS = 2;

export function inArrivalOrder(): Start {
  const waiting: Array<(() => void) | undefined> = [];
  let head = 0;
  let scheduled = false;
  let turnStartedAt = 0;

  function startTurn(): void {
    scheduled = false;
    turnStartedAt = performance.now();
    startOne();
  }

  function startOne(): void {
    if (head === waiting.length) return;
    const next = waiting[head] as () => void;
    // Released at once: under constant load the queue is only trimmed now and then, and a kept
    // closure kept its request's whole response (the rendered page) alive until then.
    waiting[head++] = undefined;
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
    } else if (head >= 1024) {
      // Under constant load the queue may never empty: drop the started ones now and then.
      waiting.splice(0, head);
      head = 0;
    }
    next();
    scheduleTurn();
  }

  function scheduleTurn(): void {
    if (scheduled || head === waiting.length) return;
    scheduled = true;
    setImmediate(startTurn);
  }

  function finished(): void {
    if (performance.now() - turnStartedAt < TURN_MS) startOne();
  }

  function start<T>(handler: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        let result: Promise<T>;
        try {
          result = Promise.resolve(handler());
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(
          (value) => {
            resolve(value);
            finished();
          },
          (error: unknown) => {
            reject(error);
            finished();
          },
        );
      });
      scheduleTurn();
    });
  }
  return Object.assign(start, { waiting: () => waiting.length - head });
}
