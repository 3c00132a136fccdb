// Test isolation: each test runs inside a transaction that is rolled back at its end, with db()
// (and so every domain module and better-auth) bound to it.
import { it } from "vitest";
import { db, withDb, type Db } from "~/db/client.server";

class Rollback extends Error {}

export async function withRollback<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db().transaction(async (tx) => {
      result = await withDb(tx as unknown as Db, () => fn(tx as unknown as Db));
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

/** `it`, with the test body inside a rolled-back transaction. */
export function itDb(name: string, fn: (tx: Db) => Promise<void>, timeout?: number): void {
  it(name, () => withRollback(fn), timeout);
}
