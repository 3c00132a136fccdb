import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { Route } from "./+types/create";
import { getCurrentUser, requireUser } from "~/accounts/session.server";
import { ListingForm } from "~/components/listings/listing-form";
import { config } from "~/config.server";
import { withListingForm } from "~/listings/form-data.server";
import { createListing } from "~/listings/listings.server";
import { LISTING_MESSAGES as M } from "~/listings/validation";
import { pageMeta } from "~/lib/seo";
import { LISTING_BODY_LIMIT } from "~/images/limits";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** Five photos of up to 10 MB each (without JavaScript the form posts here). */
export const handle = { bodyLimit: LISTING_BODY_LIMIT, rateLimit: { post: "uploads" } } satisfies RateLimitHandle;

// A visitor ("Pubblica annuncio" is shown to everyone) signs in first and comes back here (decision 0092).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { mapTilesUrl, mapTilesAttribution } = config();
  return {
    user: { fullName: user.fullName, email: user.email },
    // One id per form shown: sending the same form twice publishes one listing.
    submissionId: randomUUID(),
    tiles: { url: mapTilesUrl, attribution: mapTilesAttribution },
  };
}

// The form sent without JavaScript (with it, the page sends to /api/pet-listings with a progress bar).
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return data({ ok: false as const, error: M.mustSignIn }, { status: 401 });
  // Without JavaScript the page is drawn again: what was typed goes back into the fields (not the photos).
  let values: Record<string, string> = {};
  const result = await withListingForm(request, (fields, files) => {
    values = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "submissionId"));
    return createListing(user, fields, files);
  });
  if (!result.ok) {
    return data({ ok: false as const, error: result.error, fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined, values }, { status: result.status });
  }
  return { ok: true as const, id: result.id };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Pubblica un annuncio", noindex: true });

export default function CreatePetListing({ loaderData, actionData }: Route.ComponentProps) {
  const { user, submissionId, tiles } = loaderData;
  if (actionData?.ok) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <meta httpEquiv="refresh" content="2;url=/pet-listings" />
        <p role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6 text-lg font-semibold text-green-900">
          {M.success}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Pubblica un annuncio</h1>
      <p className="mt-2 text-stone-700">Racconta chi è, dove si trova e come contattarti. I campi con * sono obbligatori.</p>
      <ListingForm
        submissionId={submissionId}
        tiles={tiles}
        contact={{ name: user.fullName, email: user.email }}
        serverError={actionData && !actionData.ok ? actionData.error : null}
        serverFieldErrors={actionData && !actionData.ok && "fieldErrors" in actionData ? actionData.fieldErrors : undefined}
        values={actionData && !actionData.ok && "values" in actionData ? actionData.values : undefined}
      />
    </div>
  );
}
