import type { Route } from "./+types/api.geocode";
import { GEOCODE_STATUS, geocodeForward } from "~/geo/geocoder.server";

// GET /api/geocode?city=…&region=… — the listing form's search for the point of a comune.
export async function loader({ url }: Route.LoaderArgs) {
  const result = await geocodeForward(url.searchParams.get("city") ?? "", url.searchParams.get("region") ?? "");
  if (!result.ok) {
    return Response.json({ error: result.message }, { status: GEOCODE_STATUS[result.reason], headers: { "cache-control": "no-store" } });
  }
  // A comune does not move: the browser may reuse the answer while the user edits the form.
  return Response.json(result.value, { headers: { "cache-control": "private, max-age=3600" } });
}
