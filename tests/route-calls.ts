// A route's loader or action called as the page calls it: a real Request with the session's cookie,
// a form body as a browser posts it without JavaScript, and the arguments React Router passes.
import { requestAs, type TestAccount } from "./accounts";
import { outcomeOf, type RouteOutcome } from "./admin-access";

/** The content type of a form a browser posts without JavaScript. */
export const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };

/** `fields` posted as a form to `url` by `account` (null: a visitor). */
export function postForm(account: TestAccount | null, url: string, fields: Record<string, string>): Request {
  return requestAs(account, url, { method: "POST", body: new URLSearchParams(fields), headers: FORM_HEADERS });
}

/** What React Router hands a loader or action of a route without params (its context is not read). */
export function routeArgs(request: Request): never {
  return { request, params: {}, context: {}, url: new URL(request.url) } as never;
}

/** What a loader or action outside the back office answers `request`. */
export function callRoute(handler: (args: never) => unknown, request: Request): Promise<RouteOutcome> {
  return outcomeOf(() => handler(routeArgs(request)));
}
