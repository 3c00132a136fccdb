import type { Route } from "./+types/api.geocode-reverse";
import { GEOCODE_STATUS, geocodeReverse, parseCoordinate } from "~/geo/geocoder.server";
import { readQuery } from "~/lib/form.server";

// GET /api/geocode/reverse?lat=…&lng=… — fills city, region and address from a point on the map.
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  const result = await geocodeReverse(parseCoordinate(query.get("lat")), parseCoordinate(query.get("lng")));
  if (!result.ok) {
    return Response.json({ error: result.message }, { status: GEOCODE_STATUS[result.reason], headers: { "cache-control": "no-store" } });
  }
  return Response.json(result.value, { headers: { "cache-control": "private, max-age=3600" } });
}
