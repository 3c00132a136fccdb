import { MapPin } from "lucide";
import { Icon } from "~/components/icon";
import type { ListingCard as Card } from "~/listings/listings.server";
import { PET_TYPES } from "~/lib/enums";
import { formatEuro } from "~/lib/format";
import { imageSources } from "~/lib/images";
import { ListingTypeBadge } from "./listing-type-badge";
import { PlainLink } from "~/components/plain-link";
import { ageText, birthOf } from "~/listings/legal-rules";
import { FavouriteButton } from "./favourite-button";

/**
 * A listing in the grid: image, type badge, title (the link), description, breed, age, place, price,
 * and the heart when `favourite` is given (null: a visitor's; decision 0092) with the page it is on.
 */
export function ListingCard({ listing, eager = false, favourite, back }: { listing: Card; eager?: boolean; favourite?: boolean | null; back?: string }) {
  const image = listing.image ? imageSources(listing.image) : null;
  const birth = birthOf(listing);
  const details = [listing.breed ?? PET_TYPES.labels[listing.petType], birth ? ageText(birth) : listing.age].filter(Boolean).join(" · ");
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={1200}
          height={800}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[3/2] w-full bg-stone-100 object-cover"
        />
      ) : (
        <div aria-hidden className="flex aspect-[3/2] w-full items-center justify-center bg-stone-100 text-4xl">
          🐾
        </div>
      )}
      {favourite !== undefined && back ? (
        <div className="absolute top-3 right-3 z-10">
          <FavouriteButton listingId={listing.id} favourite={favourite} back={back} />
        </div>
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <ListingTypeBadge type={listing.listingType} className="mb-2 self-start" />
        <h2 className="text-lg font-bold text-stone-900">
          <PlainLink to={`/pet-listing/${listing.id}`} className="after:absolute after:inset-0 group-hover:text-brand-800">
            {listing.title}
          </PlainLink>
        </h2>
        <p className="mt-2 line-clamp-3 text-sm text-stone-700">{listing.summary}</p>
        <p className="mt-3 text-sm font-medium text-stone-800">{details}</p>
        <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
          <Icon node={MapPin} aria-hidden size={16} className="shrink-0" />
          {listing.city}, {listing.region}
        </p>
        {listing.listingType === "sale" && listing.price > 0 ? (
          <p className="mt-3 text-lg font-bold text-brand-800">
            <span className="sr-only">Prezzo: </span>
            {formatEuro(listing.price)}
          </p>
        ) : null}
      </div>
    </article>
  );
}
