import { data } from "react-router";
import type { Route } from "./+types/api.pet-listings";
import { getCurrentUser } from "~/accounts/session.server";
import { withListingForm } from "~/listings/form-data.server";
import { createListing } from "~/listings/listings.server";
import { LISTING_MESSAGES } from "~/listings/validation";
import { LISTING_BODY_LIMIT } from "~/images/limits";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** Five photos of up to 10 MB each. */
export const handle = { bodyLimit: LISTING_BODY_LIMIT, rateLimit: { post: "uploads" } } satisfies RateLimitHandle;

// POST /api/pet-listings — the listing form sent by the page's script (multipart, with an upload
// progress bar). The page's own action does the same for forms sent without JavaScript.
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return data({ ok: false as const, error: LISTING_MESSAGES.mustSignIn }, { status: 401 });
  const result = await withListingForm(request, (fields, files) => createListing(user, fields, files));
  if (!result.ok) return data({ ok: false as const, error: result.error, fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined }, { status: result.status });
  return data({ ok: true as const, id: result.id, message: LISTING_MESSAGES.success }, { status: 201 });
}

export function loader() {
  return data({ error: "Metodo non consentito" }, { status: 405, headers: { allow: "POST" } });
}
