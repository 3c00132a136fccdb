import { can } from "~/accounts/permissions";
import { Calendar, Flag, MapPin, Pencil, User } from "lucide";
import { isPublicListing } from "~/listings/visibility";
import { Icon } from "~/components/icon";
import type { ReactNode } from "react";
import { data, Link, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/detail";
import { getCurrentUser } from "~/accounts/session.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { Gallery } from "~/components/listings/gallery";
import { FAVOURITE_ACTION_SUFFIX, FavouriteButton } from "~/components/listings/favourite-button";
import { favouritedAmong } from "~/favourites/favourites.server";
import { ListingNotFound } from "~/components/listings/listing-not-found";
import { ListingTypeBadge } from "~/components/listings/listing-type-badge";
import { MapView } from "~/components/map/map";
import { DETAIL_MAP_DELTA } from "~/components/map/map-types";
import { config } from "~/config.server";
import { WriteToOwner } from "~/components/messages/write-to-owner";
import { writeToOwnerState } from "~/messages/conversations.server";
import { getListing } from "~/listings/listings.server";
import { ContactReveal } from "~/components/listings/contact-reveal";
import { revealAnswer, revealContact, requesterOf } from "~/listings/contact-reveal.server";
import { publicPosition } from "~/listings/public-position";
import { CONTACT_TEXTS } from "~/listings/contact-texts";
import { readForm } from "~/lib/form.server";
import { suspensionOf } from "~/listings/moderation.server";
import { asksPedigree, ageText, birthOf } from "~/listings/legal-rules";
import { CODE_ON_REQUEST_TEXT, LISTING_MESSAGES } from "~/listings/validation";
import { LegalIncompleteNotice } from "~/components/listings/legal-incomplete-notice";
import { SellerBadge } from "~/components/listings/seller-badge";
import { GENDERS, LISTING_AVAILABILITY, LISTING_STATUSES, PET_TYPES } from "~/lib/enums";
import { formatDateLong, formatEuro, isoDate } from "~/lib/format";
import { absoluteUrl, pageMeta, siteFrom } from "~/lib/seo";

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getCurrentUser(request);
  const row = await getListing(params.id, viewer);
  if (!row) return data({ listing: null, tiles: null, messaging: null, favourite: null }, { status: 404 });
  const birth = birthOf(row);
  // The owner's street address, phone and e-mail reach only the owner and the admins: never the
  // HTML, the .data or the cached page of anyone else (decision 0089). Others ask with "Mostra numero".
  const manages = viewer !== null && (viewer.id === row.userId || can(viewer.role, "listings.moderate"));
  const position = manages ? { lat: row.locationLat, lng: row.locationLng } : publicPosition(row.locationLat, row.locationLng);
  const listing = {
    id: row.id,
    title: row.title,
    description: row.description,
    petType: row.petType,
    breed: row.breed,
    // Dogs and cats: the age on the day the page is drawn, from the birth date (decision 0085).
    age: birth ? ageText(birth) : row.age,
    identificationCode: row.identificationCode,
    identificationIsMother: row.identificationIsMother,
    codeOnRequest: row.codeOnRequest,
    sellerType: row.sellerType,
    // A breeder's name and VAT number are public business facts; an association's fiscal code may be
    // a volunteer's personal one, so it is not shown.
    sellerName: row.sellerType === "breeder" || row.sellerType === "association" ? row.sellerName : null,
    vatNumber: row.sellerType === "breeder" ? row.vatNumber : null,
    withoutPedigree: asksPedigree(row) && row.pedigree === false,
    withPedigree: asksPedigree(row) && row.pedigree === true,
    citesNumber: row.citesNumber,
    // Only its owner is asked to complete a listing published before the legal fields.
    ownerMustComplete: row.legalCompletedAt === null && viewer?.id === row.userId,
    gender: row.gender,
    listingType: row.listingType,
    price: row.price,
    address: manages ? row.locationAddress : null,
    city: row.locationCity,
    region: row.locationRegion,
    lat: position.lat,
    lng: position.lng,
    contactName: row.contactName,
    messagesOnly: row.messagesOnly,
    ownContacts: manages ? { phone: row.contactPhone, email: row.contactEmail } : null,
    images: row.images,
    status: row.status,
    availability: row.availability,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    // Only a suspended listing has one, and only its owner and the admins see a suspended listing.
    suspension: suspensionOf(row),
    ownedByViewer: viewer?.id === row.userId,
  };
  const { mapTilesUrl, mapTilesAttribution } = config();
  // "Scrivi all'inserzionista" (decision 0090): a visitor's answer is the same for all (the page cache keeps it).
  const [messaging, kept] = await Promise.all([
    writeToOwnerState(viewer, { id: row.id, ownerId: row.userId, status: row.status }),
    // The heart (decision 0092): null for a visitor, so that the cached page is everyone's.
    viewer ? favouritedAmong(viewer.id, [row.id]) : null,
  ]);
  const favourite = kept ? kept.length > 0 : null;
  return { listing, tiles: { url: mapTilesUrl, attribution: mapTilesAttribution }, messaging, favourite };
}

/** A heart pressed with JavaScript changes only itself: the page is not read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.endsWith(FAVOURITE_ACTION_SUFFIX) ? false : defaultShouldRevalidate;

/**
 * "Mostra numero" / "Mostra email" sent without JavaScript: the page is drawn again with the answer
 * (with JavaScript the buttons ask /pet-listing/:id/contatto). Never stored by any cache.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getCurrentUser(request);
  const form = await readForm(request);
  const result = form.ok ? await revealContact(viewer, params.id, form.fields.kind, requesterOf(request)) : form;
  const answer = revealAnswer(result, form.ok ? form.fields.kind : undefined);
  return data({ reveal: answer.body }, { status: answer.status, headers: answer.headers });
}

// A page drawn for a reveal carries the action's no-store headers and no cache tags.
export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("cache-control") ? Object.fromEntries(actionHeaders) : cacheHeaders([CACHE_TAGS.listings]);

export const meta: Route.MetaFunction = (args) => {
  const listing = args.data?.listing;
  if (!listing) return pageMeta(args, { title: LISTING_MESSAGES.notFound, noindex: true });
  const site = siteFrom(args.matches);
  const description = listing.description.replace(/\s+/g, " ").slice(0, 160);
  const image = listing.images[0];
  return pageMeta(args, {
    title: `${listing.title} — ${listing.city}`,
    description,
    image,
    noindex: !isPublicListing(listing),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: listing.title,
        description,
        image: site ? listing.images.map((src) => absoluteUrl(site, src)) : undefined,
        category: PET_TYPES.labels[listing.petType],
        url: site ? absoluteUrl(site, `/pet-listing/${listing.id}`) : undefined,
        offers: {
          "@type": "Offer",
          price: listing.listingType === "sale" ? listing.price.toFixed(2) : "0.00",
          priceCurrency: "EUR",
          availability: listing.availability === "adopted" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
          areaServed: { "@type": "Place", name: `${listing.city}, ${listing.region}` },
        },
      },
    ],
  });
};

export default function PetListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, tiles } = loaderData;
  const root = useRouteLoaderData<{ emailUnverified?: boolean }>("root");
  if (!listing || !tiles) return <ListingNotFound />;
  // A dog or cat sold as of a breed says whether it has a pedigree (D.Lgs. 529/1992, decision 0085).
  const pedigree = listing.withoutPedigree ? "senza pedigree" : listing.withPedigree ? "con pedigree" : null;
  const facts: [string, ReactNode][] = [
    ["Animale", PET_TYPES.labels[listing.petType]],
    [
      "Razza",
      listing.breed ? (
        <>
          <span>{listing.breed}</span>
          {pedigree ? <span className="block text-sm font-medium text-stone-700">{pedigree}</span> : null}
        </>
      ) : (
        "—"
      ),
    ],
    ["Età", listing.age ?? "—"],
    ["Sesso", GENDERS.labels[listing.gender]],
    ["Disponibilità", LISTING_AVAILABILITY.labels[listing.availability]],
  ];
  const code = listing.identificationCode
    ? ([listing.identificationIsMother ? "Codice della madre" : "Codice identificativo", listing.identificationCode] as const)
    : listing.codeOnRequest
      ? (["Codice identificativo", CODE_ON_REQUEST_TEXT] as const)
      : null;
  const showPrice = listing.listingType === "sale" && listing.price > 0;
  const d = DETAIL_MAP_DELTA;

  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label="Percorso" className="text-sm text-stone-700">
        <Link to="/pet-listings" className="underline hover:text-brand-800">
          Annunci
        </Link>{" "}
        / <span>{PET_TYPES.labels[listing.petType]}</span>
      </nav>
      {!isPublicListing(listing) ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Questo annuncio è «{LISTING_STATUSES.labels[listing.status]}»: lo vedi perché è tuo o sei un amministratore, il pubblico non lo vede.
        </p>
      ) : null}
      {listing.suspension ? (
        <section aria-labelledby="suspension-title" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-stone-900">
          <h2 id="suspension-title" className="font-bold text-red-900">
            Perché è stato sospeso
          </h2>
          <p className="mt-1">Regola violata: {listing.suspension.ruleLabel}</p>
          {listing.suspension.reason ? <p className="mt-1 break-words whitespace-pre-line">Motivo: {listing.suspension.reason}</p> : null}
          {listing.ownedByViewer ? (
            <p className="mt-2">
              Puoi contestare la decisione una sola volta dai{" "}
              <Link to="/dashboard/pet-listings" className="font-medium text-brand-800 underline">
                tuoi annunci
              </Link>
              , con «Contesta la decisione».
            </p>
          ) : null}
        </section>
      ) : null}
      {listing.ownerMustComplete ? <LegalIncompleteNotice id={listing.id} className="mt-4" /> : null}
      {listing.ownedByViewer ? (
        <p className="mt-4">
          {/* The owner's way to the edit form (decision 0093). */}
          <Link to={`/dashboard/pet-listings/${listing.id}/modifica`} className="btn-secondary">
            <Icon node={Pencil} aria-hidden size={18} /> Modifica l&apos;annuncio
          </Link>
        </p>
      ) : null}

      <div className="mt-6 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <Gallery images={listing.images} title={listing.title} />
          <section aria-labelledby="description-title" className="mt-8">
            <h2 id="description-title" className="text-xl font-bold text-stone-900">
              Descrizione
            </h2>
            <p className="mt-3 whitespace-pre-line text-stone-800">{listing.description}</p>
          </section>
          <section aria-labelledby="location-title" className="mt-8">
            <h2 id="location-title" className="text-xl font-bold text-stone-900">
              Posizione
            </h2>
            <p className="mt-2 flex items-center gap-1 text-stone-800">
              <Icon node={MapPin} aria-hidden size={18} className="shrink-0" />
              {listing.address ? `${listing.address}, ` : ""}
              {listing.city}, {listing.region}
            </p>
            {listing.address ? <p className="mt-1 text-sm text-stone-700">{CONTACT_TEXTS.addressOwnerNote}</p> : null}
            <MapView
              label={`Mappa: ${listing.city}, ${listing.region}`}
              className="mt-4 h-72"
              center={[listing.lat, listing.lng]}
              zoom={14}
              bounds={[
                [listing.lat - d, listing.lng - d],
                [listing.lat + d, listing.lng + d],
              ]}
              tiles={tiles}
              markers={[{ lat: listing.lat, lng: listing.lng, title: listing.title }]}
            />
          </section>
        </div>

        <div>
          <ListingTypeBadge type={listing.listingType} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-stone-900">{listing.title}</h1>
          {/* Kept only while public; one kept before a suspension can still be let go. */}
          {isPublicListing(listing) || loaderData.favourite ? (
            <FavouriteButton listingId={listing.id} favourite={loaderData.favourite} back={`/pet-listing/${listing.id}`} withText className="mt-3" />
          ) : null}
          {showPrice ? <p className="mt-3 text-3xl font-bold text-brand-800">{formatEuro(listing.price)}</p> : null}
          <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-3 rounded-2xl border border-stone-200 bg-white p-5">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-sm text-stone-600">{term}</dt>
                <dd className="font-semibold text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="legal-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-5">
            <h2 id="legal-title" className="text-lg font-bold text-stone-900">
              Dati di legge
            </h2>
            <dl className="mt-3 space-y-3">
              {listing.sellerType ? (
                <div>
                  <dt className="text-sm text-stone-600">Chi pubblica</dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                    <SellerBadge type={listing.sellerType} />
                    {listing.sellerName ? <span>{listing.sellerName}</span> : null}
                    {listing.vatNumber ? <span className="text-sm font-normal text-stone-700">P. IVA {listing.vatNumber}</span> : null}
                  </dd>
                </div>
              ) : null}
              {code ? (
                <div>
                  <dt className="text-sm text-stone-600">{code[0]}</dt>
                  <dd className="font-semibold break-all text-stone-900">{code[1]}</dd>
                </div>
              ) : null}
              {listing.citesNumber ? (
                <div>
                  <dt className="text-sm text-stone-600">Certificato CITES</dt>
                  <dd className="font-semibold break-all text-stone-900">{listing.citesNumber}</dd>
                </div>
              ) : null}
            </dl>
            <p className="mt-3 text-sm text-stone-700">
              Prima di ricevere l&apos;animale verifica il codice in anagrafe e chiedi il certificato sanitario del veterinario.{" "}
              <Link to="/legal-pets-info" className="font-medium text-brand-800 underline">
                Cosa dice la legge
              </Link>
            </p>
          </section>

          <section aria-labelledby="contact-title" className="mt-6 rounded-2xl bg-stone-50 p-5">
            <h2 id="contact-title" className="text-lg font-bold text-stone-900">
              Contatti
            </h2>
            <ul className="mt-3 space-y-2 text-stone-800">
              <li className="flex items-center gap-2">
                <Icon node={User} aria-hidden size={18} /> {listing.contactName}
              </li>
              <li className="flex items-center gap-2">
                <Icon node={MapPin} aria-hidden size={18} /> {listing.city}, {listing.region}
              </li>
              <li className="flex items-center gap-2 text-sm text-stone-700">
                <Icon node={Calendar} aria-hidden size={18} />
                <span>
                  Pubblicato il <time dateTime={isoDate(listing.createdAt)}>{formatDateLong(listing.createdAt)}</time>
                </span>
              </li>
            </ul>
            <ContactReveal
              listingId={listing.id}
              title={listing.title}
              messagesOnly={listing.messagesOnly}
              ownContacts={listing.ownContacts}
              answer={actionData?.reveal ?? null}
            />
            <WriteToOwner listingId={listing.id} state={loaderData.messaging} emailUnverified={root?.emailUnverified === true} />
          </section>

          <Link
            to={`/report-listing/${listing.id}`}
            className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-red-800 underline hover:text-red-900"
          >
            <Icon node={Flag} aria-hidden size={16} /> Segnala questo annuncio
          </Link>
        </div>
      </div>
    </article>
  );
}
