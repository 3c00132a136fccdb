import { data } from "react-router";
import type { Route } from "./+types/api.breeds";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { legalBreeds } from "~/listings/listings.server";
import { PET_TYPES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";

// GET /api/breeds?petType=dog — the listing form reloads its breed list when the pet type changes.
export async function loader({ request }: Route.LoaderArgs) {
  const petType = readQuery(request).get("petType") ?? "";
  if (!(PET_TYPES.values as readonly string[]).includes(petType)) {
    return data({ error: "Tipo di animale non valido" }, { status: 400 });
  }
  const breeds = await legalBreeds(petType as (typeof PET_TYPES.values)[number]);
  return data({ breeds }, { headers: cacheHeaders([CACHE_TAGS.breeds], ["petType"]) });
}
