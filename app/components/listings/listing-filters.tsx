import { Search } from "lucide";
import { useEffect, useRef, type FormEvent } from "react";
import { Form, useLocation, useNavigationType, useSubmit } from "react-router";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { LISTING_TYPES, PET_TYPES } from "~/lib/enums";

/** How long the search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Criteria {
  q: string;
  petType: string | null;
  listingType: string | null;
}

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

/**
 * The search and filters of /pet-listings (decision 0038). Without JavaScript it is a GET form and
 * "Cerca" submits it. With JavaScript a select applies as it is chosen (a new history entry) and
 * the search as it is typed, 300 ms after the last keystroke: the first request of a typing run adds
 * a history entry, the next ones replace it. Each criterion change drops the page number. React
 * Router's navigation aborts a pending one when a newer starts, so an older answer never replaces
 * a newer one; the form is never re-mounted, so the focus stays where it is.
 */
export function ListingFilters({ criteria, view }: { criteria: Criteria; view: "list" | "map" }) {
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
    const shown = { q: criteria.q, petType: criteria.petType ?? "", listingType: criteria.listingType ?? "" };
    if (first) {
      // The page's script arrives after the page has loaded (decision 0021): what was chosen or
      // typed before it ran is applied now.
      const changed = (Object.keys(shown) as (keyof typeof shown)[]).some((name) => (field(form, name)?.value.trim() ?? "") !== shown[name]);
      if (changed) apply("push");
      return;
    }
    if (navigationType !== "POP" && location.search === own.current) {
      // This form's own request arrived: the form already shows it (and maybe more typing since).
      own.current = null;
      return;
    }
    // The URL changed some other way (back or forward, a link): the form shows its criteria.
    clearTimeout(timer.current);
    own.current = null;
    typingEntry.current = false;
    requested.current = location.search;
    for (const [name, value] of Object.entries(shown)) {
      const element = field(form, name);
      if (element && element.value !== value) element.value = value;
    }
    // Only a new location matters here; apply() and the criteria of that render are read as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      onSubmit={onSubmit}
      className="mt-6 grid gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-4 md:grid-cols-[1fr_auto_auto_auto]"
    >
      {view === "map" ? <input type="hidden" name="view" value="map" /> : null}
      <div>
        <label htmlFor="listings-q" className="field-label">
          Cerca negli annunci
        </label>
        <input
          id="listings-q"
          name="q"
          type="search"
          defaultValue={criteria.q}
          placeholder="Es. labrador Milano"
          maxLength={200}
          className="field-input"
          onInput={onSearchInput}
          onBlur={() => {
            typingEntry.current = false;
          }}
        />
      </div>
      <div>
        <label htmlFor="listings-pet-type" className="field-label">
          Animale
        </label>
        <select id="listings-pet-type" name="petType" defaultValue={criteria.petType ?? ""} className="field-input" onChange={onSelectChange}>
          <option value="">Tutti gli animali</option>
          <EnumOptions values={PET_TYPES.values} labels={PET_TYPES.labels} />
        </select>
      </div>
      <div>
        <label htmlFor="listings-type" className="field-label">
          Tipo di annuncio
        </label>
        <select id="listings-type" name="listingType" defaultValue={criteria.listingType ?? ""} className="field-input" onChange={onSelectChange}>
          <option value="">Tutti i tipi</option>
          <EnumOptions values={LISTING_TYPES.values} labels={LISTING_TYPES.labels} />
        </select>
      </div>
      <button type="submit" className="btn-primary self-end">
        <Icon node={Search} aria-hidden size={18} /> Cerca
      </button>
    </Form>
  );
}
