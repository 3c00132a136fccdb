import { useEffect, useRef, useState } from "react";
import type { MapHandle, MapOptions } from "./map-types";

interface Props extends MapOptions {
  /** the map's accessible name */
  label: string;
  className?: string;
  /** called once the map exists, to update it later (markers, picked point) */
  onReady?: (handle: MapHandle) => void;
}

/**
 * A Leaflet map. Nothing map-related runs on the server: the server sends an empty, sized box and
 * the browser loads Leaflet into it after hydration, so a map never breaks server rendering.
 */
export function MapView({ label, className, onReady, ...options }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The options at mount time: later changes go through the handle (onReady).
  const initial = useRef(options);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });

  useEffect(() => {
    let handle: MapHandle | undefined;
    let cancelled = false;
    import("./leaflet-map.client")
      .then(({ createMap }) => {
        if (cancelled || !box.current) return;
        handle = createMap(box.current, initial.current);
        ready.current?.(handle);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      handle?.destroy();
    };
  }, []);

  return (
    <div role="region" aria-label={label} className={`relative z-0 overflow-hidden rounded-2xl bg-stone-100 ${className ?? ""}`}>
      <div ref={box} className="h-full w-full" data-map />
      {failed ? (
        <p role="alert" className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-stone-700">
          Impossibile caricare la mappa. Ricarica la pagina per riprovare.
        </p>
      ) : null}
    </div>
  );
}
