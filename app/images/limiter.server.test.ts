import { describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { createLimiter } from "./limiter.server";

/** A task that runs until `finish()` is called, or fails with `fail()`. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createLimiter", () => {
  it("runs at most N tasks at once, the others in arrival order as slots free up", async () => {
    const limiter = createLimiter(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 6 }, () => deferred());
    const results = tasks.map((task, i) =>
      limiter.run(async () => {
        started.push(i);
        now++;
        most = Math.max(most, now);
        await task.done;
        now--;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limiter.running, limiter.waiting]).toEqual([2, 4]);
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const task of tasks) task.finish();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it("frees the slot of a task that fails, passes its error on, and the queue drains", async () => {
    const limiter = createLimiter(1);
    const first = deferred();
    const failing = limiter.run(() => first.done);
    const second = limiter.run(async () => "dopo l'errore");
    const third = limiter.run(() => {
      throw new Error("sincrono");
    });
    const fourth = limiter.run(async () => "ultimo");
    await tick();
    expect([limiter.running, limiter.waiting]).toEqual([1, 3]);
    first.fail(new Error("immagine non valida"));
    await expect(failing).rejects.toThrow("immagine non valida");
    await expect(second).resolves.toBe("dopo l'errore");
    await expect(third).rejects.toThrow("sincrono");
    await expect(fourth).resolves.toBe("ultimo");
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it("refuses a limit that is not a positive integer", () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => createLimiter(max)).toThrow();
  });
});

describe("IMAGE_CONCURRENCY", () => {
  it("sets how many images a process decodes at once: 2 unless a positive integer is given", () => {
    expect(readConfig({}).imageConcurrency).toBe(2);
    expect(readConfig({ IMAGE_CONCURRENCY: "4" }).imageConcurrency).toBe(4);
    for (const value of ["0", "-3", "1.5", "tanti", ""]) expect(readConfig({ IMAGE_CONCURRENCY: value }).imageConcurrency, value).toBe(2);
  });
});
