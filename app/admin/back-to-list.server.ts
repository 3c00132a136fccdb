// After deleting the item a list's detail (pane or modal) showed, the detail has nothing left to
// show: back to the list the admin came from, with its search, filters and page, and `deleted=1`
// for the list's banner. Used by /admin/contacts and /admin/reports.
import { redirect } from "react-router";

/**
 * Throws the redirect. `back` is the list's address as the page sent it; one that is not the list
 * itself (another path, another site) is ignored, so the redirect never leaves `listPath`.
 */
export function backToListAfterDelete(listPath: string, back: string | undefined): never {
  const from = new URL(back ?? "", `http://zampa.invalid${listPath}`);
  const search = from.origin === "http://zampa.invalid" && from.pathname === listPath ? new URLSearchParams(from.search) : new URLSearchParams();
  search.delete("id");
  search.set("deleted", "1");
  throw redirect(`${listPath}?${search}`);
}

/** Whether the list was reached by that redirect (its banner says the item was deleted). */
export const cameBackFromDelete = (query: URLSearchParams) => query.has("deleted");
