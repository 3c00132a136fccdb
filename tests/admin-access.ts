// The unauthorized-access check every admin page and action gets (DESIGN, "The back office"): a
// visitor and a signed-in user who is not an admin call the route's loader or action as the page
// would, over a real Request with their session cookie, and are refused (the redirect to /login, or
// 401/403), and nothing the action could have changed has changed.
import { expect } from "vitest";
import { createAccount, requestAs, type TestAccount } from "./accounts";

export interface RouteOutcome {
  status: number;
  location: string | null;
  data: unknown;
}

/** What a loader or action answered, whether it returned or threw a Response or `data(…)`. */
export async function outcomeOf(run: () => unknown): Promise<RouteOutcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await value.clone().json() : null;
    return { status: value.status, location: value.headers.get("location"), data: body };
  }
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, data: value };
}

export function isRefusal(outcome: RouteOutcome): boolean {
  const toLogin = outcome.status >= 300 && outcome.status < 400 && (outcome.location ?? "").startsWith("/login");
  return toLogin || outcome.status === 401 || outcome.status === 403;
}

export interface AdminOnlyCheck {
  /** call the route's loader or action with this request */
  call: (request: Request) => unknown;
  url: string;
  method?: string;
  /** a fresh body per call (a FormData, JSON text, …) */
  body?: () => BodyInit;
  headers?: Record<string, string>;
  /** what the action could change, read before and after: it must be equal */
  state?: () => Promise<unknown>;
}

/**
 * A visitor and a signed-in non-admin are both refused, and `state` is unchanged. Returns the user
 * account created for the check (tests may reuse it).
 */
export async function expectAdminOnly(check: AdminOnlyCheck, user?: TestAccount): Promise<TestAccount> {
  const account = user ?? (await createAccount());
  const before = check.state ? await check.state() : undefined;
  for (const who of [null, account]) {
    const request = requestAs(who, check.url, {
      method: check.method ?? (check.body ? "POST" : "GET"),
      body: check.body?.(),
      headers: check.headers,
    });
    const outcome = await outcomeOf(() => check.call(request));
    expect(isRefusal(outcome), `${who ? "un utente" : "un visitatore"}: ${check.method ?? "GET"} ${check.url} → ${outcome.status}`).toBe(true);
  }
  if (check.state) expect(await check.state()).toEqual(before);
  return account;
}
