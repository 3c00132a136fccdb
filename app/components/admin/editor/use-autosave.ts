// The editor's autosave: while the form has unsaved changes, every ARTICLE_AUTOSAVE_INTERVAL_MS its
// fields go to the edit page's action (intent=autosave, through a fetcher: the same gate and domain
// checks as a save) and become an automatic draft revision. The form is never disabled nor
// changed by it: a slow or failed autosave costs nothing typed, and the next tick tries again.
import { useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { ARTICLE_AUTOSAVE_INTERVAL_MS } from "~/articles/validation";
import { snapshotOf } from "./snapshot";

type AutosaveAnswer = { intent: "autosave"; ok: true; savedAt: Date | string } | { intent: "autosave"; ok: false; error: string; stale?: boolean };

export interface AutosaveState {
  /** when the last draft was written, in this page's life */
  savedAt: Date | null;
  /** why the last attempt failed (null after a success) */
  error: string | null;
  pending: boolean;
}

interface Options {
  formRef: RefObject<HTMLFormElement | null>;
  /** the article's id; no autosave without one (a new article autosaves after its first save) */
  id: string | undefined;
  /** compares the form with what was saved, and says whether they differ */
  check: () => boolean;
  /** a save of the form is under way */
  submitting: RefObject<boolean>;
  intervalMs?: number;
}

export function useAutosave({ formRef, id, check, submitting, intervalMs = ARTICLE_AUTOSAVE_INTERVAL_MS }: Options): AutosaveState {
  const fetcher = useFetcher<AutosaveAnswer>();
  const busy = useRef(false);
  useEffect(() => {
    busy.current = fetcher.state !== "idle";
  });
  // The snapshot being sent, and the last one written: an unchanged draft is not written twice.
  const sending = useRef<string | null>(null);
  const written = useRef<string | null>(null);
  // Another tab or admin saved the article: drafts of this older version stop.
  const stopped = useRef(false);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // The last draft's time stays shown while a later attempt fails.
  const [lastSaved, setLastSaved] = useState<Date | null>(null);
  const [seen, setSeen] = useState<AutosaveAnswer | undefined>(undefined);
  if (answer !== seen) {
    setSeen(answer);
    if (answer?.ok) setLastSaved(new Date(answer.savedAt));
  }

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) written.current = sending.current;
    else if (answer.stale) stopped.current = true;
  }, [answer]);

  const submit = fetcher.submit;
  useEffect(() => {
    if (!id) return;
    const timer = window.setInterval(() => {
      const form = formRef.current;
      if (!form || busy.current || submitting.current || stopped.current) return;
      if (!check()) return;
      const snapshot = snapshotOf(form);
      if (snapshot === written.current) return;
      const fields = new FormData(form);
      fields.set("intent", "autosave");
      sending.current = snapshot;
      void submit(fields, { method: "post", action: `/admin/articles/edit?id=${encodeURIComponent(id)}` });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [id, intervalMs, formRef, check, submitting, submit]);

  return {
    savedAt: lastSaved,
    error: answer && !answer.ok ? answer.error : null,
    pending: fetcher.state !== "idle",
  };
}
