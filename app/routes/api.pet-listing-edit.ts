import { data } from "react-router";
import type { Route } from "./+types/api.pet-listing-edit";
import { getCurrentUser } from "~/accounts/session.server";
import { LISTING_BODY_LIMIT } from "~/images/limits";
import { updateListing } from "~/listings/edit.server";
import { withListingForm } from "~/listings/form-data.server";
import { LISTING_MESSAGES } from "~/listings/validation";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** Five photos of up to 10 MB each. */
export const handle = { bodyLimit: LISTING_BODY_LIMIT, rateLimit: { post: "uploads" } } satisfies RateLimitHandle;

// POST /api/pet-listings/:id — the owner's edit sent by the page's script (multipart, with an upload
// progress bar); the edit page's own action does the same without JavaScript (decision 0093).
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return data({ ok: false as const, error: LISTING_MESSAGES.mustSignIn }, { status: 401 });
  const result = await withListingForm(request, (fields, files) => updateListing(user, params.id, fields, files));
  if (!result.ok) return data({ ok: false as const, error: result.error, fieldErrors: "fieldErrors" in result ? result.fieldErrors : undefined }, { status: result.status });
  return data({ ok: true as const, id: result.id, message: LISTING_MESSAGES.updated });
}

export function loader() {
  return data({ error: "Metodo non consentito" }, { status: 405, headers: { allow: "POST" } });
}
