// The fields of "Salva ricerca": its name and its alerts (the list page's form, and the same form
// given back on the dashboard when a save without JavaScript was refused).
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS as T, DEFAULT_SEARCH_ALERT } from "~/saved-searches/texts";
import { SearchAlertSelect } from "./search-alert-select";

export function SaveSearchFields({ idPrefix, name, alert }: { idPrefix: string; name: string; alert?: string }) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${idPrefix}-name`} className="field-label">
          {T.nameLabel}
        </label>
        <input id={`${idPrefix}-name`} name="name" defaultValue={name} maxLength={SAVED_SEARCH_LIMITS.nameLength} required className="field-input" />
      </div>
      <SearchAlertSelect id={`${idPrefix}-alert`} value={alert || DEFAULT_SEARCH_ALERT} />
    </div>
  );
}
