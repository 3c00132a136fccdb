import { data, Link } from "react-router";
import type { Route } from "./+types/pet-listing-edit";
import { requireUser } from "~/accounts/session.server";
import { ListingForm } from "~/components/listings/listing-form";
import { ListingNotFound } from "~/components/listings/listing-not-found";
import { config } from "~/config.server";
import { LISTING_BODY_LIMIT } from "~/images/limits";
import { editableListing, updateListing } from "~/listings/edit.server";
import { withListingForm } from "~/listings/form-data.server";
import { listingFormValues } from "~/listings/form-values";
import { LISTING_MESSAGES as M } from "~/listings/validation";
import { LISTING_STATUSES } from "~/lib/enums";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** Five photos of up to 10 MB each (without JavaScript the form posts here). */
export const handle = { bodyLimit: LISTING_BODY_LIMIT, rateLimit: { post: "uploads" } } satisfies RateLimitHandle;

export const meta = () => [{ title: "Modifica annuncio — Zampa" }, { name: "robots", content: "noindex" }];

// /dashboard/pet-listings/:id/modifica — the owner edits every field and the photos of their listing
// with the creation form (decision 0093). Anyone else, an admin included, is told it does not exist.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const found = await editableListing(user, params.id);
  if (!found) return data({ listing: null, tiles: null, contact: null }, { status: 404 });
  const { listing, version } = found;
  const { mapTilesUrl, mapTilesAttribution } = config();
  return {
    listing: { id: listing.id, title: listing.title, status: listing.status, version, images: listing.images, values: listingFormValues(listing) },
    tiles: { url: mapTilesUrl, attribution: mapTilesAttribution },
    contact: { name: user.fullName, email: user.email },
  };
}

// The form sent without JavaScript (with it, the page sends to /api/pet-listings/:id with a progress bar).
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  // On an error the page is drawn again with what was typed (not the new photos).
  let values: Record<string, string> = {};
  const result = await withListingForm(request, (fields, files) => {
    values = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return updateListing(user, params.id, fields, files);
  });
  if (!result.ok) {
    return data({ ok: false as const, error: result.error, fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined, values }, { status: result.status });
  }
  return { ok: true as const };
}

export default function EditPetListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, tiles, contact } = loaderData;
  if (!listing || !tiles || !contact) return <ListingNotFound />;
  if (actionData?.ok) {
    return (
      <div className="mx-auto max-w-2xl py-16">
        <p role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6 text-lg font-semibold text-green-900">
          {M.updated}
        </p>
        <Link to="/dashboard/pet-listings" className="btn-primary mt-6">
          Torna ai miei annunci
        </Link>
      </div>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div>
      <p className="text-sm">
        <Link to="/dashboard/pet-listings" className="text-brand-800 underline">
          I miei annunci
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">Modifica annuncio</h1>
      <p className="mt-2 text-stone-700">
        Correggi ciò che serve e salva: i campi con * sono obbligatori. Le regole sono quelle della pubblicazione.
      </p>
      {listing.status !== "active" ? (
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Stato dell&apos;annuncio: {LISTING_STATUSES.labels[listing.status]}. Salvare le modifiche non cambia lo stato.
        </p>
      ) : null}
      <ListingForm
        submissionId={null}
        edit={{ id: listing.id, version: failure?.values?.version ?? listing.version, images: listing.images }}
        tiles={tiles}
        contact={contact}
        serverError={failure?.error ?? null}
        serverFieldErrors={failure?.fieldErrors}
        values={failure?.values ?? listing.values}
      />
    </div>
  );
}
