// "Salva ricerca" on /pet-listings (decision 0097). A visitor's is a link to sign in and back, the
// same for every visitor (the page cache keeps that page). A signed-in person opens a small panel
// with the search's name (suggested from its criteria) and its alerts; without JavaScript the form
// posts to /dashboard/ricerche, which answers with its own page; with it, a fetcher asks for the
// answer (reply=stay) and the panel shows it where the button is. A search already saved is a link
// to the saved searches.
import { Bookmark, BookmarkCheck } from "lucide";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Icon } from "~/components/icon";
import { Notice } from "~/components/notice";
import { PlainLink } from "~/components/plain-link";
import { loginPathBackTo } from "~/lib/return-path";
import { SAVED_SEARCHES_PATH } from "~/saved-searches/paths";
import { SAVED_SEARCH_TEXTS as T } from "~/saved-searches/texts";
import { SaveSearchFields } from "./save-search-fields";

type Answer = { ok: true; message: string } | { ok: false; message: string };

export interface SaveSearchProps {
  /** null for a visitor */
  signedIn: boolean;
  /** this list's address (path and query), to come back to after signing in */
  here: string;
  /** the list's criteria, as they are saved */
  query: string;
  suggestion: string;
  /** set when the person keeps this search (already, or once the panel has saved it) */
  savedId: string | null;
}

export function SaveSearch({ signedIn, here, query, suggestion, savedId }: SaveSearchProps) {
  if (!signedIn) {
    return (
      <PlainLink to={loginPathBackTo(here)} className="btn-secondary" title={T.signInToSave}>
        <Icon node={Bookmark} aria-hidden size={18} /> {T.saveButton}
      </PlainLink>
    );
  }
  return <SavePanel key={query} query={query} suggestion={suggestion} savedId={savedId} />;
}

function SavePanel({ query, suggestion, savedId }: { query: string; suggestion: string; savedId: string | null }) {
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const notice = useRef<HTMLDivElement>(null);
  // The answer is read where the eye is: focus moves to it inside the panel.
  useEffect(() => {
    if (answer) notice.current?.focus();
  }, [answer]);
  // Kept already (and not just now, whose answer the open panel shows): a link to the saved searches.
  if (savedId && !answer?.ok) {
    return (
      <PlainLink to={`${SAVED_SEARCHES_PATH}?salvata=${savedId}`} className="btn-secondary">
        <Icon node={BookmarkCheck} aria-hidden size={18} /> Ricerca salvata
      </PlainLink>
    );
  }
  return (
    <details
      className="relative"
      onKeyDown={(event) => {
        // Escape closes the panel and gives the focus back to its button, as a menu does.
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector("summary")?.focus();
      }}
    >
      <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <Icon node={Bookmark} aria-hidden size={18} /> {T.saveButton}
      </summary>
      <div className="absolute left-0 z-20 mt-2 w-[min(30rem,calc(100vw-2rem))] sm:right-0 sm:left-auto rounded-2xl border border-stone-200 bg-white p-4 shadow-lg">
        {answer?.ok ? (
          <div ref={notice} tabIndex={-1}>
            <Notice tone="success">{answer.message}</Notice>
            <PlainLink to={SAVED_SEARCHES_PATH} className="mt-3 inline-block font-semibold text-brand-800 underline">
              {T.manage}
            </PlainLink>
          </div>
        ) : (
          <form
            method="post"
            action={SAVED_SEARCHES_PATH}
            onSubmit={(event) => {
              event.preventDefault();
              const fields = new FormData(event.currentTarget);
              fields.set("reply", "stay");
              void fetcher.submit(fields, {
                method: "post",
                action: SAVED_SEARCHES_PATH,
              });
            }}
          >
            <h2 className="text-lg font-bold text-stone-900">{T.saveTitle}</h2>
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="query" value={query} />
            <SaveSearchFields idPrefix="save-search" name={suggestion} />
            {answer && !answer.ok ? (
              <div ref={notice} tabIndex={-1} className="mt-3">
                <Notice tone="error">{answer.message}</Notice>
              </div>
            ) : null}
            <button type="submit" className="btn-primary mt-4" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Salvataggio…" : T.saveButton}
            </button>
          </form>
        )}
      </div>
    </details>
  );
}
