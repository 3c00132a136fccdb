// False in the server's HTML and until the page hydrates, true after: a control that needs
// JavaScript (a button that opens a dialog) is disabled until it can work.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
