// The alert choice of a saved search: "Nessun avviso", "Subito", "Ogni giorno", with what the one
// chosen means.
import { useState } from "react";
import { SEARCH_ALERTS } from "~/lib/enums";
import { DEFAULT_SEARCH_ALERT, SAVED_SEARCH_TEXTS as T, SEARCH_ALERT_HINTS, type SearchAlert } from "~/saved-searches/texts";

const isAlert = (value: string): value is SearchAlert => (SEARCH_ALERTS.values as readonly string[]).includes(value);

export function SearchAlertSelect({ id, value }: { id: string; value: string }) {
  const [chosen, setChosen] = useState<SearchAlert>(isAlert(value) ? value : DEFAULT_SEARCH_ALERT);
  const hintId = `${id}-hint`;
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="field-label">
        {T.alertLabel}
      </label>
      <select
        id={id}
        name="alert"
        value={chosen}
        onChange={(event) => isAlert(event.target.value) && setChosen(event.target.value)}
        aria-describedby={hintId}
        className="field-input"
      >
        {SEARCH_ALERTS.values.map((alert) => (
          <option key={alert} value={alert}>
            {SEARCH_ALERTS.labels[alert]}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-xs text-stone-700">
        {SEARCH_ALERT_HINTS[chosen]}
      </p>
    </div>
  );
}
