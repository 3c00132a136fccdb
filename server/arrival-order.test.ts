import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { inArrivalOrder } from "./arrival-order";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("inArrivalOrder", () => {
  it("starts nothing in the caller's turn, then the handlers in the order they came", async () => {
    const start = inArrivalOrder();
    const started: number[] = [];
    const results = [1, 2, 3].map((n) =>
      start(() => {
        started.push(n);
        return n * 10;
      }),
    );
    // A socket's read callback only queues its request.
    expect(started).toEqual([]);
    expect(await Promise.all(results)).toEqual([10, 20, 30]);
    expect(started).toEqual([1, 2, 3]);
  });

  it("ends a turn once it has lasted a few milliseconds, so that waiting sockets get read", async () => {
    const start = inArrivalOrder();
    const started: number[] = [];
    const busy = (n: number) => () => {
      started.push(n);
      const until = performance.now() + 3;
      while (performance.now() < until) {
        // A render's worth of work.
      }
    };
    const all = [1, 2, 3].map((n) => start(busy(n)));
    await turn();
    expect(started).toEqual([1]);
    await turn();
    expect(started).toEqual([1, 2]);
    await Promise.all(all);
    expect(started).toEqual([1, 2, 3]);
  });

  it("does not wait for a started handler to finish before starting the next", async () => {
    const start = inArrivalOrder();
    let release!: () => void;
    const slow = start(() => new Promise<string>((resolve) => (release = () => resolve("slow"))));
    const fast = start(() => "fast");
    expect(await fast).toBe("fast");
    release();
    expect(await slow).toBe("slow");
  });

  it("passes on a handler's error, thrown or rejected, and goes on with the others", async () => {
    const start = inArrivalOrder();
    const thrown = start(() => {
      throw new Error("thrown");
    });
    const rejected = start(() => Promise.reject(new Error("rejected")));
    const fine = start(() => "fine");
    await expect(thrown).rejects.toThrow("thrown");
    await expect(rejected).rejects.toThrow("rejected");
    expect(await fine).toBe("fine");
  });

  it("keeps the order across more requests than it compacts at once", async () => {
    const start = inArrivalOrder();
    const started: number[] = [];
    const all = Array.from({ length: 2_500 }, (_, n) => start(() => started.push(n)));
    await Promise.all(all);
    expect(started).toEqual(Array.from({ length: 2_500 }, (_, n) => n));
    // And it works again once the queue has emptied.
    expect(await start(() => "again")).toBe("again");
  });

  it("lets a started handler's result be collected while later requests still wait", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const start = inArrivalOrder();
    let page: WeakRef<object> | undefined;
    const busy = () => {
      const until = performance.now() + 3;
      while (performance.now() < until) {
        // One handler per turn: the queue stays non-empty.
      }
    };
    const first = start(() => {
      const rendered = { html: "x".repeat(1_000_000) };
      page = new WeakRef(rendered);
      busy();
      return rendered;
    }).then(() => undefined);
    const later = Array.from({ length: 5 }, () => start(busy));
    await first;
    // A turn later (the WeakRef keeps its target until the current job ends), with requests still
    // queued behind.
    await turn();
    gc();
    expect(page?.deref()).toBeUndefined();
    await Promise.all(later);
  });
});
