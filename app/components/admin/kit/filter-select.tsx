// One filter of a list (ListFilters): a labelled select whose first choice is "all", which the list
// applies as soon as it changes.
import type { ReactNode } from "react";

export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  children,
}: {
  id: string;
  /** the address's parameter */
  name: string;
  label: string;
  value: string;
  /** the choice that filters nothing ("Tutti", "Tutte"), when it is not among the options */
  all?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-40 flex-1">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="field-input">
        {all ? <option value="">{all}</option> : null}
        {children}
      </select>
    </div>
  );
}
