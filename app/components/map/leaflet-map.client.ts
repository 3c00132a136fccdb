// Leaflet, bundled by Zampa (no CDN), loaded only in the browser and only when a map is shown: the
// module is imported dynamically by map.tsx, so pages without a map never download it.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png?url";
import iconUrl from "leaflet/dist/images/marker-icon.png?url";
import shadowUrl from "leaflet/dist/images/marker-shadow.png?url";
import type { MapOptions, MapHandle } from "./map-types";

// Leaflet guesses its image path from its CSS file's URL, which a bundle breaks: give it the files.
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

/** A popup built from DOM nodes, so that a listing's title can never be read as HTML. */
function popupContent(title: string, href: string, detail?: string): HTMLElement {
  const box = document.createElement("div");
  const link = document.createElement("a");
  link.href = href;
  link.textContent = title;
  link.className = "font-semibold";
  box.append(link);
  if (detail) {
    const line = document.createElement("div");
    line.textContent = detail;
    box.append(line);
  }
  return box;
}

export function createMap(element: HTMLElement, options: MapOptions): MapHandle {
  const map = L.map(element, { scrollWheelZoom: false });
  if (options.bounds) map.fitBounds(options.bounds);
  else map.setView(options.center, options.zoom);
  L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: 19 }).addTo(map);

  const layer = L.layerGroup().addTo(map);
  let picked: L.Marker | null = null;

  const handle: MapHandle = {
    setMarkers(markers) {
      layer.clearLayers();
      for (const m of markers) {
        const marker = L.marker([m.lat, m.lng], { title: m.title, alt: m.title });
        if (m.href) marker.bindPopup(popupContent(m.title, m.href, m.detail));
        marker.addTo(layer);
      }
    },
    setPicked(point, zoom) {
      if (!point) {
        picked?.remove();
        picked = null;
        return;
      }
      if (!picked) picked = L.marker(point, { title: "Posizione scelta", alt: "Posizione scelta" }).addTo(map);
      else picked.setLatLng(point);
      if (zoom !== undefined) map.setView(point, zoom);
    },
    bounds() {
      const b = map.getBounds();
      return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
    },
    destroy() {
      map.remove();
    },
  };
  if (options.onPick) {
    const onPick = options.onPick;
    map.on("click", (event: L.LeafletMouseEvent) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }));
  }
  if (options.onMove) {
    // Attached after the first view was set, so that only a later move or zoom calls it; a move's
    // or a zoom's start, not its end: a resized page moves the view's centre too (Leaflet's
    // invalidateSize fires "moveend", never "movestart"), and that is not the visitor's doing.
    const onMove = options.onMove;
    map.on("movestart zoomstart", () => onMove());
  }
  handle.setMarkers(options.markers ?? []);
  if (options.picked) handle.setPicked(options.picked);
  return handle;
}
