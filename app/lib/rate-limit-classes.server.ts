// Takes a request's hit of its route class (app/lib/rate-limit-classes.ts): per account for a
// signed-in request, per client address for an anonymous one. Called by the HTTP server (server/rate-limit.ts)
// through entry.server.tsx, before the route runs.
import { getCurrentUser, hasSessionCookie } from "~/accounts/session.server";
import { config, type ServerRateLimitClass } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { hit, secondsLeft, type Limit } from "./rate-limit.server";
import type { RateLimitClass } from "./rate-limit-classes";

/** The key of a class's counter: one namespace per class, apart from the features' own limits. */
export function rateLimitKey(name: RateLimitClass, who: "ip" | "user", id: string): string {
  return `class:${name}:${who}:${id}`;
}

async function over(key: string, limit: Limit): Promise<number | null> {
  if ((await hit(key, limit)).allowed) return null;
  return Math.max(1, await secondsLeft(key, limit));
}

/**
 * Counts the request in its class; null when it may go on, otherwise the seconds until it may
 * (Retry-After). A request with a valid session counts against its account only (decision 0076):
 * people behind one address (a school, an office, a mobile carrier's NAT) do not spend each other's
 * budget; an anonymous request (or one whose session is not valid) against its client address. A
 * database that cannot be reached lets the request through: the limits are there against floods,
 * and the route itself will answer the outage as it does.
 */
export async function takeRateLimit(request: Request, name: ServerRateLimitClass, clientIp: string): Promise<number | null> {
  const limits = config().rateLimits[name];
  if (!limits) return null;
  try {
    const user = hasSessionCookie(request) ? await getCurrentUser(request) : null;
    if (user) return await over(rateLimitKey(name, "user", user.id), limits.perUser ?? limits.perIp);
    return await over(rateLimitKey(name, "ip", clientIp), limits.perIp);
  } catch (err) {
    logger.warn({ err, class: name }, "limite di richieste non verificabile: richiesta lasciata passare");
    return null;
  }
}
