// The back office's one gate (decision 0073): the admin layout's middleware, which React Router runs
// before any loader or action under /admin — pages, their `.data`, actions and resource routes —
// so that no route can forget it. It lets through whoever is signed in, holds the permission of the
// area the request is for (app/admin/navigation.ts, decision 0107), and has passed the second factor
// when REQUIRE_ADMIN_2FA asks for it; it hands that actor to the loaders and actions through the
// request's context. Each refusal has the shape its caller reads: a page is redirected (to /login,
// or to enrol the second factor) or, for an editor or moderator outside their role, answered 403;
// an action or a fetch gets 401/403 with the Italian message.
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "~/accounts/client-ip";
import { can, isStaff, type Permission } from "~/accounts/permissions";
import { getCurrentUser, type CurrentUser } from "~/accounts/session.server";
import { adminSecondFactorMissing, TWO_FACTOR_ENROL_PATH } from "~/accounts/two-factor.server";
import { loginPathFor } from "~/lib/return-path";
import { SINGLE_FETCH_HEADERS, singleFetchActionData } from "~/lib/single-fetch";
import { ADMIN_ACCESS_MESSAGES as M, type AdminActor } from "./access.server";
import { permissionOf } from "./navigation";

function mayEnter(actor: CurrentUser, permission: Permission): actor is AdminActor {
  return isStaff(actor.role) && can(actor.role, permission);
}

export type GateVerdict =
  | { ok: true; actor: AdminActor }
  | {
      ok: false;
      status: 401 | 403;
      error: string;
      /** where a page is sent; none when the page answers the refusal itself (a role without the area) */
      location: string | null;
    };

/** The gate's decision for a request that needs a permission, without answering it. */
export async function admitToBackOffice(request: Request, permission: Permission): Promise<GateVerdict> {
  const actor = await getCurrentUser(request);
  // A page is sent to sign in with the way back to itself (decision 0092): after signing in as an
  // administrator the page asked for opens.
  const signIn = loginPathFor(request);
  if (!actor) return { ok: false, status: 401, error: M.mustSignIn, location: signIn };
  if (!isStaff(actor.role)) return { ok: false, status: 403, error: M.adminOnly, location: signIn };
  // Signing in again would not help an editor on a moderator's page: the page says why it is closed.
  if (!mayEnter(actor, permission)) return { ok: false, status: 403, error: M.notPermitted, location: null };
  if (await adminSecondFactorMissing(request)) {
    return { ok: false, status: 403, error: M.secondFactorRequired, location: TWO_FACTOR_ENROL_PATH };
  }
  // The address the HTTP server read (server/main.ts sets it on every write), for the activity log.
  return { ok: true, actor: { ...actor, address: request.headers.get(CLIENT_IP_HEADER) } };
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A fetch that reads JSON or events (the AI usage poll, the statistics' EventSource), not a page. */
function wantsData(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") || accept.includes("text/event-stream");
}

/** A form posted with JavaScript (a fetcher, a `.data` action): React Router reads its answer as the action's. */
function isScriptedAction(request: Request): boolean {
  return MUTATIONS.has(request.method) && new URL(request.url).pathname.endsWith(".data");
}

/**
 * The refusal of a form posted with JavaScript: the action's own answer, `{ ok: false, error }`,
 * shown where the form shows its errors, so that nothing typed is lost (a session that expired while
 * an article was being written). Returned by the middleware, it is the request's answer.
 */
function scriptedActionRefusal(verdict: Extract<GateVerdict, { ok: false }>): Response {
  const headers = { ...SINGLE_FETCH_HEADERS, "cache-control": "no-store" };
  return new Response(singleFetchActionData({ ok: false, error: verdict.error }), { status: verdict.status, headers });
}

/**
 * Any other refusal, thrown as a loader throws it. `data()` becomes a JSON response in a resource
 * route and the route's error (with its status and message) for a form posted without JavaScript;
 * a redirect is followed by the browser, and by React Router for a page's `.data`.
 */
function refusal(request: Request, verdict: Extract<GateVerdict, { ok: false }>) {
  if (MUTATIONS.has(request.method) || wantsData(request) || verdict.location === null) {
    const statusText = verdict.status === 401 ? "Unauthorized" : "Forbidden";
    return data({ ok: false as const, error: verdict.error }, { status: verdict.status, statusText, headers: { "cache-control": "no-store" } });
  }
  return redirect(verdict.location!);
}

const adminActorContext = createContext<AdminActor>();

/** The admin layout's middleware: refuses, or records the actor for the loaders and actions below. */
export const adminGate: MiddlewareFunction<Response> = async ({ request, context, pattern }) => {
  const verdict = await admitToBackOffice(request, permissionOf(pattern));
  if (!verdict.ok) {
    if (isScriptedAction(request)) return scriptedActionRefusal(verdict);
    throw refusal(request, verdict);
  }
  context.set(adminActorContext, verdict.actor);
};

/**
 * The actor the gate let through: the one way an admin loader or action learns who is there. Outside
 * the gate (a route moved out of the admin layout) there is none, and this throws.
 */
export function adminActor(context: Readonly<RouterContextProvider>): AdminActor {
  return context.get(adminActorContext);
}
