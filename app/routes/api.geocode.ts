import type { Route } from "./+types/api.geocode";
import { GEOCODE_STATUS, geocodeForward } from "~/geo/geocoder.server";
import { readQuery } from "~/lib/form.server";

// GET /api/geocode?city=…&region=… — the listing form's search for the point of a comune.
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  const result = await geocodeForward(query.get("city") ?? "", query.get("region") ?? "");
  if (!result.ok) {
    return Response.json({ error: result.message }, { status: GEOCODE_STATUS[result.reason], headers: { "cache-control": "no-store" } });
  }
  // A comune does not move: the browser may reuse the answer while the user edits the form.
  return Response.json(result.value, { headers: { "cache-control": "private, max-age=3600" } });
}
