import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { reporters } from "./tests/setup/reporters.ts";

// Unit and integration tests (no React Router plugin), in two projects. "app": one database per
// worker (on PostgreSQL, a database of its own: tests/setup/global-database.ts), shared by the
// worker's files (isolate: false), each test isolated by a rolled-back transaction; passwords hashed
// at a lower cost (tests/setup/password-cost.ts). "scripts": the bench library's pure parts
// (scripts/**), which need no database, so they run without opening one.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: reporters("unit"),
    environment: "node",
    isolate: false,
    // At least two workers, also on two cores, where vitest's default (cores - 1) is one: a worker
    // spends much of its time waiting (PostgreSQL, child processes, timers), and two halved the
    // suite on both engines (decision 0106).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: ["tests/setup/password-cost.ts", "tests/setup/database.ts"],
        },
      },
      { extends: true, test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
    ],
  },
});
