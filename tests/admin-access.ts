// The unauthorized-access check every admin page and action gets (DESIGN, "The back office"): a
// visitor, a signed-in user who is not an admin, and an administrator whose second factor is
// required but not passed call the route's loader or action as the page would — through the admin
// layout's middleware, the back office's gate, over a real Request with their session cookie — and
// are refused (a redirect, or 401/403), and nothing the action could have changed has changed.
import { RouterContextProvider, UNSAFE_decodeViaTurboStream, type MiddlewareFunction, type Params } from "react-router";
import { expect } from "vitest";
import { TWO_FACTOR_ENROL_PATH } from "~/accounts/two-factor.server";
import { config, setConfig } from "~/config.server";
import { middleware as adminLayoutMiddleware } from "~/routes/admin/layout";
import { createAccount, requestAs, type TestAccount } from "./accounts";

/** What React Router hands a loader or action; `context` is replaced by the one the middleware fill. */
export interface RouteArgs {
  request: Request;
  params?: Params;
  url?: URL;
  context?: unknown;
}

/**
 * Runs `handler` (an admin route's loader or action) as React Router does for a request under
 * /admin: the matched layouts' middleware first, in order, each given `next`; one that throws (a
 * redirect, a refusal) or returns a Response answers instead, and the handler never runs. The
 * handler then gets a RouterContextProvider holding what the middleware set (the gate's actor).
 */
export async function throughAdminGate<R>(handler: (args: never) => R, args: RouteArgs): Promise<Awaited<R>> {
  const url = args.url ?? new URL(args.request.url);
  const routeArgs = { request: args.request, params: args.params ?? {}, url, pattern: url.pathname, context: new RouterContextProvider() };
  const middleware: MiddlewareFunction<Response>[] = adminLayoutMiddleware;
  const run = async (index: number): Promise<unknown> => {
    const next = middleware[index];
    if (!next) return handler(routeArgs as never);
    let called = false;
    let inner: unknown;
    const value = await next(routeArgs, async () => {
      called = true;
      inner = await run(index + 1);
      return inner as Response;
    });
    if (value !== undefined && value !== null) return value;
    return called ? inner : run(index + 1);
  };
  // A middleware's own Response (the gate's refusal of a form posted with JavaScript) stands in for
  // the handler's answer, as in React Router.
  return (await run(0)) as Awaited<R>;
}

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
    const body = type.includes("json") ? await value.clone().json() : type.includes("text/x-script") ? await singleFetchData(value.clone()) : null;
    return { status: value.status, location: value.headers.get("location"), data: body };
  }
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, data: value };
}

/** An action's data as React Router's client decodes a single-fetch answer. */
async function singleFetchData(response: Response): Promise<unknown> {
  const decoded = await UNSAFE_decodeViaTurboStream(response.body!, globalThis);
  await decoded.done;
  return (decoded.value as { data?: unknown }).data;
}

/** The redirect to /login or to enrol the second factor, or 401/403. */
export function isRefusal(outcome: RouteOutcome): boolean {
  const location = outcome.location ?? "";
  const away = outcome.status >= 300 && outcome.status < 400 && (location.startsWith("/login") || location === TWO_FACTOR_ENROL_PATH);
  return away || outcome.status === 401 || outcome.status === 403;
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
 * A visitor, a signed-in non-admin and an administrator at aal1 while REQUIRE_ADMIN_2FA is on are
 * all refused, and `state` is unchanged. Returns the user account created for the check (tests may
 * reuse it).
 */
export async function expectAdminOnly(check: AdminOnlyCheck, user?: TestAccount): Promise<TestAccount> {
  const account = user ?? (await createAccount());
  // Signed in with the password only: its session is at aal1.
  const passwordOnlyAdmin = await createAccount({ role: "admin" });
  const before = check.state ? await check.state() : undefined;
  const intruders = [
    { who: null, name: "un visitatore" },
    { who: account, name: "un utente" },
    { who: passwordOnlyAdmin, name: "un amministratore senza secondo fattore", requireAdmin2fa: true },
  ];
  const method = check.method ?? (check.body ? "POST" : "GET");
  const saved = config();
  try {
    for (const intruder of intruders) {
      setConfig({ ...saved, requireAdmin2fa: intruder.requireAdmin2fa ?? saved.requireAdmin2fa });
      const request = requestAs(intruder.who, check.url, { method, body: check.body?.(), headers: check.headers });
      const outcome = await outcomeOf(() => check.call(request));
      expect(isRefusal(outcome), `${intruder.name}: ${method} ${check.url} → ${outcome.status}`).toBe(true);
    }
  } finally {
    setConfig(saved);
  }
  if (check.state) expect(await check.state()).toEqual(before);
  return account;
}
