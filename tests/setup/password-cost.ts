// The integration suite hashes passwords with better-auth's scrypt at a sixteenth of its work factor.
// Every account a test makes costs a sign-up and a sign-in, each an scrypt of N = 16384, r = 16
// (about 32 MB and 50-100 ms of a core here); the suite makes thousands, which were a large part of
// its time (decision 0106). Hash and check stay the real scrypt of the same library, only N is
// smaller, so a wrong password is still refused and every path that hashes still hashes. A test that
// needs the real cost (one that times hashing) runs inside withFullPasswordCost.
// Only this process's own hashes change: nothing it hashes is checked by another process (the
// tests' child processes are other Node processes, which this file does not touch), and the browser
// suite, whose server checks what its global setup hashed, does not load this file.
import crypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";

/** better-auth's parameters (@better-auth/utils/password), recognised to leave any other scrypt alone. */
const BETTER_AUTH = { N: 16384, r: 16, p: 1, keylen: 64 };
const TEST_N = 1024;

type ScryptCallback = (error: Error | null, key: Buffer) => void;
// On globalThis: this file runs before each test file of a worker, which patches once.
const state = globalThis as typeof globalThis & { __zampaPasswordCost?: { full: boolean } };

if (!state.__zampaPasswordCost) {
  const cost = (state.__zampaPasswordCost = { full: false });
  const scrypt = crypto.scrypt;
  const cheaper = (password: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, options: crypto.ScryptOptions | ScryptCallback, callback?: ScryptCallback): void => {
    if (typeof options === "function") return scrypt(password, salt, keylen, options);
    const isBetterAuth = keylen === BETTER_AUTH.keylen && options.N === BETTER_AUTH.N && options.r === BETTER_AUTH.r && options.p === BETTER_AUTH.p;
    scrypt(password, salt, keylen, isBetterAuth && !cost.full ? { ...options, N: TEST_N } : options, callback!);
  };
  crypto.scrypt = cheaper as typeof crypto.scrypt;
  // better-auth imports scrypt by name from node:crypto: its binding follows this module's property.
  syncBuiltinESMExports();
}

/**
 * fn with passwords hashed at better-auth's own cost. Hashes made inside are checked only inside
 * (a hash of one cost does not match a password checked at the other).
 */
export async function withFullPasswordCost<T>(fn: () => Promise<T>): Promise<T> {
  const cost = state.__zampaPasswordCost;
  if (!cost) return fn();
  cost.full = true;
  try {
    return await fn();
  } finally {
    cost.full = false;
  }
}
