// What PostgreSQL's errors mean, whichever driver raised them and however deep the ORM wrapped them
// (Drizzle puts the driver's error in `cause`).

/**
 * The constraint a unique_violation (23505) broke ("" when the driver does not say), or null when
 * the error is something else.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}
