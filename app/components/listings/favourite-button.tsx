// The heart of a listing (decision 0092). A visitor's heart is a link to sign in and back, the same
// for every visitor, so that the cached anonymous pages carry nobody's favourites. A signed-in
// person's heart is a form posting to /pet-listing/:id/preferito: without JavaScript it comes back to
// this page; with it, a fetcher sends it and the heart changes at once, without reloading the page.
import { Heart } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/icon";
import { PlainLink } from "~/components/plain-link";
import { FAVOURITE_TEXTS as T } from "~/favourites/texts";
import { loginPathBackTo } from "~/lib/return-path";

const LOOK = "inline-flex items-center justify-center gap-2 rounded-full border border-stone-300 bg-white/95 font-semibold text-stone-800 shadow-sm hover:bg-stone-50";

type Answer = { ok: true; favourite: boolean } | { ok: false; error: string };

/** The heart's path (routes.ts: pet-listing/:id/preferito). */
export const FAVOURITE_ACTION_SUFFIX = "/preferito";
export const favouritePath = (listingId: string) => `/pet-listing/${listingId}${FAVOURITE_ACTION_SUFFIX}`;

/**
 * `favourite`: null for a visitor, else whether the person keeps the listing. `back`: the page the
 * heart is on (path and query). `withText`: the words beside the heart (the listing page).
 */
export function FavouriteButton({ listingId, favourite, back, withText = false, className = "" }: { listingId: string; favourite: boolean | null; back: string; withText?: boolean; className?: string }) {
  const size = withText ? "px-4 py-2" : "p-2.5";
  if (favourite === null) {
    return (
      <PlainLink to={loginPathBackTo(back)} className={`${LOOK} relative z-10 ${size} ${className}`.trim()} aria-label={withText ? undefined : T.signInToAdd} title={T.signInToAdd}>
        <Icon node={Heart} aria-hidden size={20} />
        {withText ? <span>{T.add}</span> : null}
      </PlainLink>
    );
  }
  return <SignedInHeart listingId={listingId} favourite={favourite} back={back} withText={withText} size={size} className={className} />;
}

function SignedInHeart({ listingId, favourite, back, withText, size, className }: { listingId: string; favourite: boolean; back: string; withText: boolean; size: string; className: string }) {
  const fetcher = useFetcher<Answer>();
  const pending = fetcher.formData?.get("intent");
  const answered = fetcher.data?.ok ? fetcher.data.favourite : null;
  const kept = pending ? pending === "add" : (answered ?? favourite);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const label = kept ? T.remove : T.add;
  return (
    // Above a card's stretched title link; positioned, so that the alert sits below it. Without
    // JavaScript the form posts and the action redirects back; with it, the fetcher sends the same
    // fields plus reply=stay and the action answers with the new state instead.
    <form
      method="post"
      action={favouritePath(listingId)}
      className={`relative z-10 inline-block ${className}`.trim()}
      onSubmit={(event) => {
        event.preventDefault();
        const fields = new FormData(event.currentTarget);
        fields.set("reply", "stay");
        void fetcher.submit(fields, { method: "post", action: favouritePath(listingId) });
      }}
    >
      <input type="hidden" name="intent" value={kept ? "remove" : "add"} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" aria-pressed={kept} aria-label={withText ? undefined : label} title={label} className={`${LOOK} ${size} ${kept ? "text-red-700" : ""}`.trim()}>
        <Icon node={Heart} aria-hidden size={20} fill={kept ? "currentColor" : "none"} />
        {withText ? <span>{label}</span> : null}
      </button>
      {error ? (
        <span role="alert" className="absolute top-full right-0 mt-1 w-56 rounded-lg border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-800">
          {error}
        </span>
      ) : null}
    </form>
  );
}
