import { data } from "react-router";
import type { Route } from "./+types/api.ads";
import { findAd, isPageType, isPlacement } from "~/ads/ads.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { readQuery } from "~/lib/form.server";

// GET /api/ads?placement=…&page=… — requested by an ad slot only after marketing consent.
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  const placement = query.get("placement") ?? "";
  const page = query.get("page") ?? "all";
  if (!isPlacement(placement) || !isPageType(page)) {
    return data({ error: "Posizione o tipo di pagina non validi" }, { status: 400 });
  }
  return data({ html: await findAd(placement, page) }, { headers: cacheHeaders([CACHE_TAGS.ads], ["placement", "page"]) });
}
