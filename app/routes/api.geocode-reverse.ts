import type { Route } from "./+types/api.geocode-reverse";
import { GEOCODE_STATUS, geocodeReverse, parseCoordinate } from "~/geo/geocoder.server";

// GET /api/geocode/reverse?lat=…&lng=… — fills city, region and address from a point on the map.
export async function loader({ url }: Route.LoaderArgs) {
  const result = await geocodeReverse(parseCoordinate(url.searchParams.get("lat")), parseCoordinate(url.searchParams.get("lng")));
  if (!result.ok) {
    return Response.json({ error: result.message }, { status: GEOCODE_STATUS[result.reason], headers: { "cache-control": "no-store" } });
  }
  return Response.json(result.value, { headers: { "cache-control": "private, max-age=3600" } });
}
