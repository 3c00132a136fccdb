import { Search } from "lucide";
import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Icon } from "~/components/icon";
import { formatMapArea, mapAreaOf, type MapArea } from "~/listings/map-area";
import { MapView } from "./map";
import { ITALY_CENTER, LIST_MAP_ZOOM, type MapHandle, type MapMarker, type MapTiles } from "./map-types";

/**
 * The list's map view (decision 0096): opened on the area of the URL, or on Italy; once moved or
 * zoomed, "Cerca in quest'area" asks for the same list within the box shown, from its first page.
 * The button comes just before the map in the page's order (Shift+Tab from the map reaches it,
 * where Tab would first walk through every marker) and is drawn over the map's top edge. Mounted again for every new list (keyed by its URL).
 */
export function ListingsMap({ markers, tiles, area }: { markers: MapMarker[]; tiles: MapTiles; area: MapArea | null }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const handle = useRef<MapHandle | null>(null);
  const [moved, setMoved] = useState(false);

  function searchHere() {
    const box = handle.current ? mapAreaOf(handle.current.bounds()) : null;
    if (!box) return;
    const params = new URLSearchParams(search);
    params.set("area", formatMapArea(box));
    params.set("view", "map");
    params.delete("page");
    void navigate(`/pet-listings?${params}`, { preventScrollReset: true });
  }

  return (
    <div className="relative mt-4">
      {moved ? (
        <button type="button" onClick={searchHere} className="btn-primary absolute top-3 left-1/2 z-10 -translate-x-1/2 shadow-lg">
          <Icon node={Search} aria-hidden size={18} /> Cerca in quest'area
        </button>
      ) : null}
      <MapView
        label="Mappa degli annunci"
        className="h-[600px]"
        center={ITALY_CENTER}
        zoom={LIST_MAP_ZOOM}
        bounds={area ? [[area.south, area.west], [area.north, area.east]] : undefined}
        tiles={tiles}
        markers={markers}
        onMove={() => setMoved(true)}
        onReady={(map) => {
          handle.current = map;
        }}
      />
    </div>
  );
}
