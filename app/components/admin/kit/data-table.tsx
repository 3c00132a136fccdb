// The back office's list table: columns declared once, headers that sort (plain links, so they work
// without JavaScript and keep the order in the address), rows that become cards on a narrow
// screen (each value with its column's name), an optional selection column for bulk actions, and
// a last column for the row's actions menu.
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Icon } from "~/components/icon";
import { PlainLink } from "~/components/plain-link";
import { sortHref, type ListSort, type SortDirection } from "~/lib/list-sort";

export interface Column<T> {
  /** unique among the table's columns */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the list's sort key for this column, when the list can be ordered by it */
  sortKey?: string;
  /** the direction a first click orders by (dates: newest first) */
  firstDirection?: SortDirection;
  /** false: on a narrow screen the value shows without the column's name (a title, a badge) */
  labelOnCards?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  /** the table's name for screen readers ("Elenco degli utenti") */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** the order the list is in, when its columns sort */
  sort?: ListSort<string>;
  /** the row's actions (usually a RowActions menu) */
  actions?: (row: T) => ReactNode;
  /** extra attributes of a row (data-* for tests and scripts) */
  rowProps?: (row: T) => Record<string, string>;
  /** more about a row, shown under it across the whole width (a suspended listing's reasons) */
  detail?: (row: T) => ReactNode;
  /** a checkbox per row, for bulk actions */
  selection?: {
    selected: ReadonlySet<string>;
    onToggle: (key: string, selected: boolean) => void;
    rowLabel: (row: T) => string;
    /** a header checkbox that picks (or clears) every row of the page */
    onToggleAll?: (keys: string[], selected: boolean) => void;
  };
}

const cell = "px-3 py-2 align-top max-md:block max-md:px-0 max-md:py-1";

export function DataTable<T>({ label, columns, rows, rowKey, sort, actions, rowProps, detail, selection }: DataTableProps<T>) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <table aria-label={label} className="mt-3 w-full border-collapse text-left text-sm max-md:block md:rounded-2xl md:border md:border-stone-200 md:bg-white">
      <thead className="border-b border-stone-300 text-stone-700 max-md:sr-only">
        <tr>
          {selection ? (
            <th scope="col" className="w-10 px-3 py-2">
              {selection.onToggleAll ? (
                <PageCheckbox keys={rows.map(rowKey)} selected={selection.selected} onToggleAll={selection.onToggleAll} />
              ) : (
                <span className="sr-only">Selezione</span>
              )}
            </th>
          ) : null}
          {columns.map((column) => (
            <th key={column.id} scope="col" className={`px-3 py-2 font-semibold ${column.className ?? ""}`} aria-sort={ariaSort(column, sort)}>
              {column.sortKey && sort ? (
                <PlainLink
                  to={sortHref(params, column.sortKey, sort, column.firstDirection)}
                  className="inline-flex items-center gap-1 rounded text-stone-900 underline-offset-2 hover:underline"
                >
                  {column.header}
                  <Icon node={sortIcon(column, sort)} aria-hidden size={14} />
                </PlainLink>
              ) : (
                column.header
              )}
            </th>
          ))}
          {actions ? (
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">Azioni</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {rows.map((row) => {
          const key = rowKey(row);
          const more = detail?.(row);
          const width = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
          return [
            <tr
              key={key}
              {...rowProps?.(row)}
              className="border-b border-stone-200 bg-white last:border-b-0 max-md:block max-md:rounded-2xl max-md:border max-md:p-4 max-md:shadow-sm"
            >
              {selection ? (
                <td className={cell}>
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={selection.selected.has(key)}
                    onChange={(event) => selection.onToggle(key, event.target.checked)}
                    aria-label={`Seleziona ${selection.rowLabel(row)}`}
                  />
                </td>
              ) : null}
              {columns.map((column) => (
                <td key={column.id} className={`${cell} ${column.className ?? ""}`}>
                  {column.labelOnCards === false ? (
                    column.cell(row)
                  ) : (
                    <>
                      <span className="font-medium text-stone-600 md:hidden">{column.header}: </span>
                      <span>{column.cell(row)}</span>
                    </>
                  )}
                </td>
              ))}
              {actions ? <td className={`${cell} md:text-right`}>{actions(row)}</td> : null}
            </tr>,
            more ? (
              <tr key={`${key}-detail`} className="-mt-3 block rounded-b-2xl border border-t-0 border-stone-200 bg-stone-50 md:table-row md:rounded-none md:border-0 md:border-b">
                <td colSpan={width} className="block px-3 py-3 md:table-cell">
                  {more}
                </td>
              </tr>
            ) : null,
          ];
        })}
      </tbody>
    </table>
  );
}

/** Checked when every row of the page is picked, mixed when some are. */
function PageCheckbox({ keys, selected, onToggleAll }: { keys: string[]; selected: ReadonlySet<string>; onToggleAll: (keys: string[], selected: boolean) => void }) {
  const picked = keys.filter((key) => selected.has(key)).length;
  const all = keys.length > 0 && picked === keys.length;
  return (
    <input
      type="checkbox"
      className="size-5 accent-brand-700"
      checked={all}
      ref={(input) => {
        if (input) input.indeterminate = picked > 0 && !all;
      }}
      onChange={(event) => onToggleAll(keys, event.target.checked)}
      aria-label="Seleziona tutte le righe di questa pagina"
    />
  );
}

function ariaSort<T>(column: Column<T>, sort: ListSort<string> | undefined): "ascending" | "descending" | undefined {
  if (!sort || !column.sortKey || column.sortKey !== sort.key) return undefined;
  return sort.direction === "asc" ? "ascending" : "descending";
}

function sortIcon<T>(column: Column<T>, sort: ListSort<string>) {
  if (column.sortKey !== sort.key) return ArrowUpDown;
  return sort.direction === "asc" ? ArrowUp : ArrowDown;
}
