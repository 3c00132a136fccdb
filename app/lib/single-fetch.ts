// React Router's single-fetch answer to an action, written by hand for the few answers made before
// any action runs: the rate limits' 429 (server/rate-limit.ts) and the back office's gate
// (app/admin/gate.server.ts). Erasable TypeScript without imports: the server loads it as it is.

/**
 * A flat object of strings, booleans and non-negative numbers as React Router's single fetch
 * encodes it (turbo-stream): `[{"_1":2}, "data", {"_3":4,…}, key, value, …]`, so that a fetcher or a
 * form posted with JavaScript receives it as its action's data. Checked against React Router's own
 * decoder in server/rate-limit.test.ts.
 */
export function singleFetchActionData(value: Record<string, string | number | boolean>): string {
  const items: unknown[] = [{ _1: 2 }, "data"];
  const fields: Record<string, number> = {};
  items.push(fields);
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "number" && !(Number.isFinite(field) && field >= 0)) throw new Error("numero non codificabile");
    fields[`_${items.length}`] = items.length + 1;
    items.push(key, field);
  }
  return `${JSON.stringify(items)}\n`;
}

/** The headers React Router's client reads a single-fetch answer by. */
export const SINGLE_FETCH_HEADERS = { "content-type": "text/x-script", "x-remix-response": "yes" } as const;
