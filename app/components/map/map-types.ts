export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapTiles {
  url: string;
  attribution: string;
}

export interface MapMarker extends LatLng {
  title: string;
  /** the popup links here */
  href?: string;
  /** a second line in the popup */
  detail?: string;
}

export interface MapOptions {
  center: [number, number];
  zoom: number;
  /** [[south, west], [north, east]]: fit the view to this box instead of center/zoom */
  bounds?: [[number, number], [number, number]];
  tiles: MapTiles;
  markers?: MapMarker[];
  picked?: LatLng | null;
  onPick?: (point: LatLng) => void;
  /** called when the view starts to move or zoom after it was first shown (not when the page is resized) */
  onMove?: () => void;
}

export interface MapHandle {
  setMarkers(markers: MapMarker[]): void;
  setPicked(point: LatLng | null, zoom?: number): void;
  /** the box the map shows now */
  bounds(): { south: number; west: number; north: number; east: number };
  destroy(): void;
}

/** Italy, as the spec centres its maps. */
export const ITALY_CENTER: [number, number] = [41.9028, 12.4964];
export const LIST_MAP_ZOOM = 6;
export const FORM_MAP_ZOOM = 13;
/** The detail page's map shows the point ± this many degrees. */
export const DETAIL_MAP_DELTA = 0.01;
