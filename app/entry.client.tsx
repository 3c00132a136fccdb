import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// The page is complete as the server sent it (links and forms work without JavaScript), so the
// browser paints it first and hydrates when idle: on a slow phone the main image and text appear
// before React's work starts.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(hydrate, { timeout: 1500 });
else setTimeout(hydrate, 1);
