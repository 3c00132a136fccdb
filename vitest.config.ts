import { defineConfig } from "vitest/config";
import { reporters } from "./tests/setup/reporters.ts";

// Unit and integration tests (no React Router plugin), in two projects. "app": one database per
// worker, shared by the worker's files (isolate: false), each test isolated by a rolled-back
// transaction. "scripts": the bench library's pure parts (scripts/**), which need no database, so
// they run without opening one.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: reporters("unit"),
    environment: "node",
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          globalSetup: ["tests/setup/global-database.ts"],
          setupFiles: ["tests/setup/database.ts"],
        },
      },
      { extends: true, test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
    ],
  },
});
