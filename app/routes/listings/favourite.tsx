// The heart (decision 0092): "Aggiungi ai preferiti" / "Rimuovi dai preferiti" posts here, from a
// listing card, the listing page or /dashboard/preferiti. Without JavaScript the answer is a redirect
// back to the page the heart was on (a same-site path only); with it, the heart's fetcher asks for the
// answer itself (reply=stay) and the page is not reloaded. A visitor is sent to sign in and back.
import { data, redirect } from "react-router";
import type { Route } from "./+types/favourite";
import { getCurrentUser } from "~/accounts/session.server";
import { MessagePanel } from "~/components/message-panel";
import { PlainLink } from "~/components/plain-link";
import { setFavourite } from "~/favourites/favourites.server";
import { FAVOURITE_TEXTS as T } from "~/favourites/texts";
import { readForm } from "~/lib/form.server";
import { isUuid } from "~/lib/ids";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";

export const meta = () => [{ title: "Preferiti — Zampa" }, { name: "robots", content: "noindex" }];

const pageOf = (id: string | undefined) => (isUuid(id) ? `/pet-listing/${id}` : "/pet-listings");

/** Nothing to show on its own: an address typed by hand goes to the listing. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(pageOf(params.id));
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getCurrentUser(request);
  const read = await readForm(request);
  const back = (read.ok ? safeReturnPath(read.fields.back) : null) ?? pageOf(params.id);
  if (!viewer) throw redirect(loginPathBackTo(back));
  if (!read.ok) return data({ ok: false as const, error: read.error, back }, { status: read.status });
  const result = await setFavourite(viewer, params.id, read.fields.intent);
  const headers = { "cache-control": "no-store" };
  if (read.fields.reply === "stay") {
    // The heart's fetcher: the new state, or the refusal the heart shows.
    return result.ok ? data({ ok: true as const, favourite: result.favourite }, { headers }) : data({ ok: false as const, error: result.error, back }, { status: result.status, headers });
  }
  if (!result.ok) return data({ ok: false as const, error: result.error, back }, { status: result.status, headers });
  throw redirect(back, { headers });
}

/** A refusal without JavaScript (a listing suspended meanwhile): its message and the way back. */
export default function FavouriteRefused({ actionData, params }: Route.ComponentProps) {
  const error = actionData && !actionData.ok ? actionData.error : T.notFound;
  const back = actionData && !actionData.ok ? actionData.back : pageOf(params.id);
  return (
    <MessagePanel title={T.pageTitle} text={error}>
      <PlainLink to={back} className="btn-primary">
        Torna indietro
      </PlainLink>
    </MessagePanel>
  );
}
