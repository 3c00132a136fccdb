import { defineConfig } from "vitest/config";
import { reporters } from "./tests/setup/reporters.ts";

// Unit and integration tests (no React Router plugin). One database per worker, shared by the
// worker's files (isolate: false), each test isolated by a rolled-back transaction.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: reporters("unit"),
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    environment: "node",
    isolate: false,
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/database.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
