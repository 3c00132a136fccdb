// /dashboard/preferiti (decision 0092): the listings the person keeps, the newest first. A listing
// that is no longer public says "Non più disponibile" (no photo, no link) and can still be removed.
import { ListingThumb } from "~/components/listings/listing-thumb";
import { Heart, Trash2 } from "lucide";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/favourites";
import { requireUser } from "~/accounts/session.server";
import { DashboardHeading } from "~/components/dashboard-heading";
import { Icon } from "~/components/icon";
import { ListingTypeBadge } from "~/components/listings/listing-type-badge";
import { Notice } from "~/components/notice";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { favouritesPage, setFavourite } from "~/favourites/favourites.server";
import { FAVOURITE_TEXTS as T } from "~/favourites/texts";
import { readForm, readQuery } from "~/lib/form.server";
import { formatDateLong, formatEuro, isoDate } from "~/lib/format";
import { pageParam, redirectPastLastPage } from "~/lib/paging";

export const meta = () => [{ title: "Preferiti — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = readQuery(request);
  const favourites = await favouritesPage(user.id, pageParam(query));
  redirectPastLastPage(url, favourites.page, favourites.pageCount);
  return { ...favourites, search: query.toString() };
}

/** "Rimuovi dai preferiti": only ever the signed-in person's own row. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, message: read.error }, { status: read.status });
  const result = await setFavourite(user, read.fields.listingId, read.fields.intent === "remove" ? "remove" : undefined);
  if (!result.ok) return data({ ok: false as const, message: result.error }, { status: result.status });
  return { ok: true as const, message: T.removed };
}

export default function Favourites({ loaderData, actionData }: Route.ComponentProps) {
  const { items, page, pageCount, search } = loaderData;
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" ? navigation.formData?.get("listingId") : null;
  return (
    <>
      <DashboardHeading title={T.pageTitle} />
      {actionData ? (
        <Notice tone={actionData.ok ? "success" : "error"} className="mt-4">
          {actionData.message}
        </Notice>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">{T.empty}</p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Annunci preferiti">
          {items.map((item) => (
            <li key={item.listingId} className="flex flex-wrap items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:flex-nowrap sm:gap-4 sm:p-4">
              <ListingThumb photo={item.image} />
              <div className="min-w-0 flex-1">
                <h2 className="font-bold break-words text-stone-900">
                  {item.available ? (
                    <PlainLink to={`/pet-listing/${item.listingId}`} className="hover:text-brand-800 hover:underline">
                      {item.title}
                    </PlainLink>
                  ) : (
                    item.title
                  )}
                </h2>
                {item.available ? (
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                    <ListingTypeBadge type={item.listingType} />
                    <span>
                      {item.city}, {item.region}
                      {item.listingType === "sale" && item.price > 0 ? ` · ${formatEuro(item.price)}` : ""}
                    </span>
                  </p>
                ) : (
                  <p className="mt-1">
                    <span className="rounded-full bg-stone-200 px-3 py-1 text-xs font-semibold text-stone-900">{T.unavailable}</span>
                  </p>
                )}
                <p className="mt-1 text-sm text-stone-700">
                  <Icon node={Heart} aria-hidden size={14} className="mr-1 inline" />
                  {T.addedOn} <time dateTime={isoDate(item.addedAt)}>{formatDateLong(item.addedAt)}</time>
                </p>
              </div>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="listingId" value={item.listingId} />
                <button type="submit" className="btn-secondary" disabled={removing === item.listingId} aria-label={`${T.remove}: ${item.title}`}>
                  <Icon node={Trash2} aria-hidden size={18} /> {T.remove}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(search)} label="Pagine dei preferiti" />
    </>
  );
}
