// /avvisi/disattiva?token=… (decision 0097): the one-click unsubscribe of the saved searches' alert
// mails, without signing in. GET only asks (a link scanner that opens it changes nothing); POST
// turns the search's alerts off — from the page's button, or straight from the recipient's mail
// provider (RFC 8058: `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, no Origin, no cookie;
// server/origin-check.ts lets this path through). The body is not read: the token is the authority.
import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { MessagePanel } from "~/components/message-panel";
import { PlainLink } from "~/components/plain-link";
import { readQuery } from "~/lib/form.server";
import { SAVED_SEARCHES_PATH } from "~/saved-searches/paths";
import { searchOfToken, unsubscribeByToken } from "~/saved-searches/saved-searches.server";
import { SAVED_SEARCH_TEXTS as T } from "~/saved-searches/texts";

export const meta = () => [{ title: `${T.unsubscribeTitle} — Zampa` }, { name: "robots", content: "noindex" }];

// The token is in the address: it is not sent on to other sites, and no copy is kept.
export const headers = () => ({ "referrer-policy": "same-origin", "cache-control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const token = readQuery(request).get("token");
  const search = await searchOfToken(token);
  if (!search) throw data({ message: T.badToken }, { status: 404 });
  return { token: token!, name: search.name, off: search.alert === "none" };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await unsubscribeByToken(readQuery(request).get("token"));
  if (!result.ok) throw data({ message: result.error }, { status: result.status });
  return { done: result.already ? T.alreadyUnsubscribed(result.name) : T.unsubscribed(result.name) };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, name, off } = loaderData;
  if (actionData || off) {
    return (
      <MessagePanel title={T.unsubscribeTitle} text={actionData?.done ?? T.alreadyUnsubscribed(name)}>
        <PlainLink to={SAVED_SEARCHES_PATH} className="btn-secondary">
          {T.manage}
        </PlainLink>
      </MessagePanel>
    );
  }
  return (
    <MessagePanel title={T.unsubscribeTitle} text={T.unsubscribeAsk(name)}>
      <Form method="post" action={`?token=${encodeURIComponent(token)}`}>
        <button type="submit" className="btn-primary">
          {T.unsubscribeButton}
        </button>
      </Form>
      <PlainLink to={SAVED_SEARCHES_PATH} className="btn-secondary">
        {T.manage}
      </PlainLink>
    </MessagePanel>
  );
}

/** A token that names no search: the page says so (404), with the way to the saved searches. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = error && typeof error === "object" && "data" in error ? (error.data as { message?: string }).message : undefined;
  return (
    <MessagePanel title={T.unsubscribeTitle} text={message ?? T.badToken}>
      <PlainLink to={SAVED_SEARCHES_PATH} className="btn-secondary">
        {T.manage}
      </PlainLink>
    </MessagePanel>
  );
}
