import { Search } from "lucide";
import { useEffect, useRef, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigationType, useSubmit } from "react-router";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { LISTING_AGE_BANDS, LISTING_SORTS, LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { ITALIAN_REGIONS } from "~/lib/regions";

/** How long the search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the form shows, as strings: the criteria applied, and what was typed as it was typed (a
 * price or a place the server could not use stays in its field, to be corrected).
 */
export interface ListingFormValues {
  q: string;
  petType: string;
  listingType: string;
  region: string;
  priceMin: string;
  priceMax: string;
  age: string;
  /** "1" when "Solo con foto" is ticked */
  photo: string;
  /** "" for the default order */
  sort: string;
  near: string;
  /** the map's area, "south,west,north,east", or "" (decision 0096) */
  area: string;
}

/** The criteria folded under "Filtri": the disclosure is open when any is chosen. */
const FOLDED = ["region", "priceMin", "priceMax", "age", "photo"] as const;

/** The criteria of the form as the query string they lead to: empty fields left out, no page (back to 1). */
function queryOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

function field(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

const isCheckbox = (element: HTMLInputElement | HTMLSelectElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === "checkbox";

/** A field's value as the query carries it ("" for an unticked box). */
function valueOf(element: HTMLInputElement | HTMLSelectElement | null): string {
  if (!element) return "";
  if (isCheckbox(element)) return element.checked ? element.value : "";
  return element.value.trim();
}

/**
 * The search and filters of /pet-listings (decision 0038). Without JavaScript it is a GET form and
 * "Cerca" submits it. With JavaScript a select applies as it is chosen (a new history entry) and
 * the search as it is typed, 300 ms after the last keystroke: the first request of a typing run adds
 * a history entry, the next ones replace it. Each criterion change drops the page number. React
 * Router's navigation aborts a pending one when a newer starts, so an older answer never replaces
 * a newer one; the form is never re-mounted, so the focus stays where it is.
 */
export function ListingFilters({ criteria, view }: { criteria: ListingFormValues; view: "list" | "map" }) {
  const submit = useSubmit();
  const location = useLocation();
  const navigationType = useNavigationType();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The query string last asked for (by this form or by the URL): the same one is not asked twice. */
  const requested = useRef(location.search);
  /** The query string of this form's own navigation still to arrive: the form already shows it. */
  const own = useRef<string | null>(null);
  /** The history entry in view was added by the current typing run: the next keystrokes replace it. */
  const typingEntry = useRef(false);
  /** The location this form last took into account. */
  const seen = useRef<string | null>(null);

  function apply(history: "push" | "replace"): boolean {
    const form = formRef.current;
    clearTimeout(timer.current);
    if (!form) return false;
    const query = queryOf(form);
    if (query === requested.current) return false;
    requested.current = query;
    own.current = query;
    void submit(new URLSearchParams(query), {
      method: "get",
      action: location.pathname,
      replace: history === "replace",
      preventScrollReset: true,
    });
    return true;
  }

  function onSearchInput() {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (apply(typingEntry.current ? "replace" : "push")) typingEntry.current = true;
    }, SEARCH_DEBOUNCE_MS);
  }

  function onSelectChange() {
    typingEntry.current = false;
    apply("push");
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // "Cerca" or Enter: at once, without waiting for the pause in typing.
    event.preventDefault();
    typingEntry.current = false;
    apply("push");
  }

  useEffect(() => {
    const form = formRef.current;
    if (!form || seen.current === location.key) return;
    const first = seen.current === null;
    seen.current = location.key;
    const shown = criteria;
    if (first) {
      // The page's script arrives after the page has loaded (decision 0021): what was chosen or
      // typed before it ran is applied now.
      const changed = (Object.keys(shown) as (keyof typeof shown)[]).some((name) => valueOf(field(form, name)) !== shown[name]);
      if (changed) apply("push");
      return;
    }
    if (navigationType !== "POP" && location.search === own.current) {
      // This form's own request arrived: the form already shows it (and maybe more typing since),
      // but for what the server chose from it (a price means "Vendita"): a list shows that at once.
      own.current = null;
      for (const [name, value] of Object.entries(shown)) {
        const element = field(form, name);
        if (element instanceof HTMLSelectElement && element.value !== value) element.value = value;
      }
      return;
    }
    // The URL changed some other way (back or forward, a link): the form shows its criteria.
    clearTimeout(timer.current);
    own.current = null;
    typingEntry.current = false;
    requested.current = location.search;
    for (const [name, value] of Object.entries(shown)) {
      const element = field(form, name);
      if (element && isCheckbox(element)) element.checked = value === element.value;
      else if (element && element.value !== value) element.value = value;
    }
    // Only a new location matters here; apply() and the criteria of that render are read as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const foldedChosen = FOLDED.filter((name) => criteria[name] !== "").length;
  // The same list without the map's area, from its first page: a link, so it works without JavaScript.
  const withoutArea = new URLSearchParams(location.search);
  withoutArea.delete("area");
  withoutArea.delete("page");
  const typed = {
    onInput: onSearchInput,
    onBlur: () => {
      typingEntry.current = false;
    },
  };

  return (
    <Form ref={formRef} method="get" role="search" onSubmit={onSubmit} className="mt-6 rounded-2xl border border-stone-200 bg-stone-50 p-4">
      {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
      {/* Chosen on the map: kept while the other criteria change, until "Togli l'area". */}
      {criteria.area ? <input type="hidden" name="area" value={criteria.area} /> : null}
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto_auto]">
        <div>
          <label htmlFor="listings-q" className="field-label">
            Cerca negli annunci
          </label>
          <input id="listings-q" name="q" type="search" defaultValue={criteria.q} placeholder="Es. labrador Milano" maxLength={200} className="field-input" {...typed} />
        </div>
        <div>
          <label htmlFor="listings-pet-type" className="field-label">
            Animale
          </label>
          <select id="listings-pet-type" name="petType" defaultValue={criteria.petType} className="field-input" onChange={onSelectChange}>
            <option value="">Tutti gli animali</option>
            <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
          </select>
        </div>
        <div>
          <label htmlFor="listings-type" className="field-label">
            Tipo di annuncio
          </label>
          <select id="listings-type" name="listingType" defaultValue={criteria.listingType} className="field-input" onChange={onSelectChange}>
            <option value="">Tutti i tipi</option>
            <EnumOptions values={LISTING_TYPES.values} labels={LISTING_TYPES.labels} />
          </select>
        </div>
        <button type="submit" className="btn-primary self-end">
          <Icon node={Search} aria-hidden size={18} /> Cerca
        </button>
      </div>

      <div className="mt-3 grid gap-3 sm:grid-cols-2 md:grid-cols-[auto_1fr]">
        <div>
          <label htmlFor="listings-sort" className="field-label">
            Ordina per
          </label>
          <select id="listings-sort" name="sort" defaultValue={criteria.sort} className="field-input" onChange={onSelectChange}>
            {LISTING_SORTS.values.map((value) => (
              <option key={value} value={value === "newest" ? "" : value}>
                {LISTING_SORTS.labels[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="listings-near" className="field-label">
            Comune di partenza (per «Più vicini»)
          </label>
          <input id="listings-near" name="near" type="text" defaultValue={criteria.near} placeholder="Es. Bologna" maxLength={100} autoComplete="address-level2" className="field-input" {...typed} />
        </div>
      </div>

      {criteria.area ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-900">
          <span className="font-medium">Solo nell'area scelta sulla mappa</span>
          <Link to={{ pathname: location.pathname, search: withoutArea.size ? `?${withoutArea}` : "" }} preventScrollReset className="font-semibold text-brand-800 underline">
            Togli l'area
          </Link>
        </p>
      ) : null}

      {/* A disclosure: folded on a phone's width unless a filter in it is chosen; the summary is a button to the keyboard. */}
      <details className="mt-3 rounded-lg border border-stone-200 bg-white p-3" open={foldedChosen > 0 || undefined}>
        <summary className="cursor-pointer font-medium text-stone-900">
          Filtri{foldedChosen > 0 ? ` (${foldedChosen} attivi)` : ""}
        </summary>
        <fieldset className="mt-3">
          <legend className="sr-only">Filtri</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_1fr_auto]">
            <div>
              <label htmlFor="listings-region" className="field-label">
                Regione
              </label>
              <select id="listings-region" name="region" defaultValue={criteria.region} className="field-input" onChange={onSelectChange}>
                <option value="">Tutta Italia</option>
                {ITALIAN_REGIONS.map((region) => (
                  <option key={region} value={region}>
                    {region}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="listings-price-min" className="field-label">
                Prezzo da (€)
              </label>
              <input id="listings-price-min" name="priceMin" type="text" inputMode="decimal" defaultValue={criteria.priceMin} placeholder="0" maxLength={12} aria-describedby="listings-price-hint" className="field-input sm:w-28" {...typed} />
            </div>
            <div>
              <label htmlFor="listings-price-max" className="field-label">
                Prezzo fino a (€)
              </label>
              <input id="listings-price-max" name="priceMax" type="text" inputMode="decimal" defaultValue={criteria.priceMax} maxLength={12} aria-describedby="listings-price-hint" className="field-input sm:w-28" {...typed} />
            </div>
            <div>
              <label htmlFor="listings-age" className="field-label">
                Età (cani e gatti)
              </label>
              <select id="listings-age" name="age" defaultValue={criteria.age} className="field-input" onChange={onSelectChange}>
                <option value="">Qualsiasi età</option>
                <EnumOptions values={LISTING_AGE_BANDS.values} labels={LISTING_AGE_BANDS.labels} />
              </select>
            </div>
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-stone-900">
              <input type="checkbox" name="photo" value="1" defaultChecked={criteria.photo === "1"} className="size-4" onChange={onSelectChange} />
              Solo con foto
            </label>
          </div>
          <p id="listings-price-hint" className="mt-2 text-sm text-stone-700">
            Il prezzo vale per gli annunci in vendita.
          </p>
        </fieldset>
      </details>
    </Form>
  );
}
