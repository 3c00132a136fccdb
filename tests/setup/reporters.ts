// With TEST_REPORT_DIR set (CI), each run also writes a JSON report that .ci/run sums up.
export function reporters(suite: string): (string | [string, Record<string, unknown>])[] {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return ["default"];
  const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
  return ["default", ["json", { outputFile: `${dir}/${suite}-${suite === "unit" ? engine : "chromium"}.json` }]];
}
