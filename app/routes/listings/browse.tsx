import { List, Map as MapIcon, Plus } from "lucide";
import { Icon } from "~/components/icon";
import { Link, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/browse";
import { getCurrentUser } from "~/accounts/session.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { AdSlot } from "~/components/ad-slot";
import { ListingCard } from "~/components/listings/listing-card";
import { FAVOURITE_ACTION_SUFFIX } from "~/components/listings/favourite-button";
import { favouritedAmong } from "~/favourites/favourites.server";
import { ListingFilters } from "~/components/listings/listing-filters";
import { SaveSearch } from "~/components/saved-searches/save-search";
import { canonicalSearch, suggestedName } from "~/saved-searches/criteria.server";
import { savedSearchIdFor } from "~/saved-searches/saved-searches.server";
import { ScamWarning } from "~/components/listings/scam-warning";
import { ListingsMap } from "~/components/map/listings-map";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { config } from "~/config.server";
import { Notice } from "~/components/notice";
import { browseListings, LISTING_FILTER_PARAMS, listingMarkers, parseListingQuery } from "~/listings/browse.server";
import { formValuesOf, isFiltered } from "~/listings/browse-filters.server";
import { listingCountText } from "~/listings/count-text";
import { LISTING_MESSAGES } from "~/listings/validation";
import { LISTING_TYPES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";
import { redirectPastLastPage } from "~/lib/paging";
import { pageMeta } from "~/lib/seo";
import { TEXT_SEARCH_HANDLE } from "~/lib/rate-limit-classes";

export const handle = TEXT_SEARCH_HANDLE;

export async function loader({ request, url }: Route.LoaderArgs) {
  const query = readQuery(request);
  const { filters, notices } = parseListingQuery(query);
  const view = query.get("view") === "map" ? "map" : "list";
  const [result, markers, viewer] = await Promise.all([browseListings(filters), view === "map" ? listingMarkers(filters) : null, getCurrentUser(request)]);
  // Past an estimated count's real end (the estimate was high) the list starts again from page 1.
  redirectPastLastPage(url, result.page, result.approximate && result.items.length === 0 ? 1 : result.pageCount);
  const { mapTilesUrl, mapTilesAttribution } = config();
  // The tile server only matters to the map view (the list's hydration data stays small).
  const tiles = view === "map" ? { url: mapTilesUrl, attribution: mapTilesAttribution } : null;
  // The hearts (decision 0092): a signed-in person's, in one query for the page; null for a visitor,
  // whose page (the one the cache keeps) is the same for everyone.
  const favourites = viewer ? await favouritedAmong(viewer.id, result.items.map((item) => item.id)) : null;
  // "Salva ricerca" (decision 0097): the criteria as they would be saved, and whether they are.
  const canonical = canonicalSearch(query).query;
  const save = { query: canonical, suggestion: suggestedName(filters), savedId: viewer ? await savedSearchIdFor(viewer.id, canonical) : null };
  return { ...result, form: formValuesOf(query, filters), filtered: isFiltered(filters), notices, view, markers, tiles, favourites, area: filters.area, save } as const;
}

/** A heart pressed with JavaScript changes only itself: the list is not read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.endsWith(FAVOURITE_ACTION_SUFFIX) ? false : defaultShouldRevalidate;

export const headers = () => cacheHeaders([CACHE_TAGS.listings], [...LISTING_FILTER_PARAMS, "view"]);

export const meta: Route.MetaFunction = (args) => {
  const filtered = Boolean(args.data?.filtered || args.data?.form.sort);
  return pageMeta(args, {
    title: "Annunci di animali: adozioni, regali e vendite",
    description: "Cani, gatti, conigli e altri animali che cercano casa in tutta Italia: annunci di adozione, regalo e vendita da privati e associazioni.",
    noindex: filtered || (args.data?.page ?? 1) > 1 || args.data?.view === "map",
  });
};

export default function PetListings({ loaderData }: Route.ComponentProps) {
  const { items, total, approximate, page, pageCount, form, filtered, notices, view, markers, tiles, favourites, area, save } = loaderData;
  const [search] = useSearchParams();
  const query = search.toString();
  const here = query ? `/pet-listings?${query}` : "/pet-listings";
  // While the next results load (a filter chosen, a search typed) the current ones are dimmed.
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/pet-listings";
  const viewHref = (next: "list" | "map") => {
    const params = new URLSearchParams(search);
    params.delete("page");
    if (next === "map") params.set("view", "map");
    else params.delete("view");
    const query = params.toString();
    return query ? `/pet-listings?${query}` : "/pet-listings";
  };
  const toggle = "inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold";

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Annunci</h1>
          <p className="mt-2 text-stone-700">Animali in adozione, in regalo e in vendita in tutta Italia.</p>
        </div>
        {/* For everyone: a visitor is asked to sign in and comes back to the form (decision 0092). */}
        <Link to="/create-pet-listing" className="btn-primary">
          <Icon node={Plus} aria-hidden size={18} /> Pubblica annuncio
        </Link>
      </div>

      <ScamWarning />

      <ListingFilters criteria={form} view={view} />

      {notices.map((notice) => (
        <Notice key={notice} tone="error" className="mt-3">
          {notice}
        </Notice>
      ))}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700" aria-live="polite">
          {listingCountText(total, approximate)}
          {form.q ? ` per “${form.q}”` : ""}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <SaveSearch signedIn={favourites !== null} here={here} {...save} />
          <div role="group" aria-label="Visualizzazione" className="inline-flex rounded-xl border border-stone-300 bg-white p-1">
            <PlainLink
              to={viewHref("list")}
              aria-current={view === "list" ? "page" : undefined}
              className={`${toggle} ${view === "list" ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-stone-100"}`}
            >
              <Icon node={List} aria-hidden size={18} /> Elenco
            </PlainLink>
            <PlainLink
              to={viewHref("map")}
              aria-current={view === "map" ? "page" : undefined}
              className={`${toggle} ${view === "map" ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-stone-100"}`}
            >
              <Icon node={MapIcon} aria-hidden size={18} /> Mappa
            </PlainLink>
          </div>
        </div>
      </div>

      <div aria-busy={updating || undefined} className={`transition-opacity ${updating ? "opacity-60" : ""}`}>
        {view === "map" && markers && tiles ? (
          <ListingsMap
            key={search.toString()}
            tiles={tiles}
            area={area}
            markers={markers.map((m) => ({
              lat: m.lat,
              lng: m.lng,
              title: m.title,
              href: `/pet-listing/${m.id}`,
              detail: `${LISTING_TYPES.labels[m.listingType]} · ${m.city}`,
            }))}
          />
        ) : null}

        {view === "list" && items.length ? (
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((listing, i) => (
              <ListingCard key={listing.id} listing={listing} eager={i === 0} favourite={favourites ? favourites.includes(listing.id) : null} back={here} />
            ))}
          </div>
        ) : null}

        {total === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
            <h2 className="text-xl font-semibold text-stone-900">{LISTING_MESSAGES.empty}</h2>
            <p className="mt-2 text-stone-700">
              {filtered ? "Prova con parole diverse o togli qualche filtro." : "Torna a trovarci presto: nuovi animali cercano casa ogni giorno."}
            </p>
            {filtered ? (
              <Link to="/pet-listings" className="btn-secondary mt-6">
                Mostra tutti gli annunci
              </Link>
            ) : null}
          </div>
        ) : null}

        {view === "list" ? <Pagination page={page} pageCount={pageCount} search={search} /> : null}
      </div>

      <AdSlot placement="banner" pageType="listings" className="mt-12" />
    </div>
  );
}
