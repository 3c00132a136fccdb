const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs (listings, contests, entries) are UUIDs: anything else is "not found" without a query. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}
