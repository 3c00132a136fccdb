// Knows whether the article form differs from what was saved, and asks before that is lost: the
// browser's own question when the tab is closed or reloaded (beforeunload), React Router's blocker
// for a navigation inside the app. A submission of the form itself is never held back; one the
// browser's check refused never left, so it counts as none.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useNavigation } from "react-router";
import { snapshotOf } from "./snapshot";

export interface UnsavedChanges {
  /** the form differs from what was saved (as of the last check) */
  dirty: boolean;
  /** compares the form with the saved snapshot now, and returns whether they differ */
  check: () => boolean;
  /** the saved snapshot, with the editor's HTML as the editor writes it once it has loaded */
  rebase: (overrides?: Record<string, string>) => void;
  /** the blocked navigation, while the admin is asked */
  blocker: ReturnType<typeof useBlocker>;
  /** the form is being sent: nothing to ask */
  submitting: RefObject<boolean>;
  /** the form's submission passed the browser's check and is on its way */
  sending: () => void;
}

export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>): UnsavedChanges {
  const baseline = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const submitting = useRef(false);
  const navigation = useNavigation();

  const check = useCallback(() => {
    const form = formRef.current;
    if (!form || baseline.current === null) return false;
    const differs = snapshotOf(form) !== baseline.current;
    setDirty(differs);
    return differs;
  }, [formRef]);

  const rebase = useCallback(
    (overrides: Record<string, string> = {}) => {
      const form = formRef.current;
      if (!form) return;
      baseline.current = snapshotOf(form, overrides);
      setDirty(false);
    },
    [formRef],
  );

  // The form as the page showed it: what was saved (or, after a refused save, what was sent).
  useEffect(() => {
    if (baseline.current === null) rebase();
  }, [rebase]);

  // A submission ends when the router is idle again; a refused save leaves the form as it was.
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // React updates the controlled fields (the slug follows the title) after the event: look then.
    const later = () => window.setTimeout(check, 0);
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    form.addEventListener("focusout", later);
    return () => {
      form.removeEventListener("input", later);
      form.removeEventListener("change", later);
      form.removeEventListener("focusout", later);
    };
  }, [formRef, check]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current || !check()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [check]);

  // Another page, or another article; the same article's page with other parameters (a revision
  // shown) keeps the form as it is, so nothing is lost there.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (submitting.current) return false;
    const samePage =
      currentLocation.pathname === nextLocation.pathname &&
      new URLSearchParams(currentLocation.search).get("id") === new URLSearchParams(nextLocation.search).get("id");
    return !samePage && check();
  });

  const sending = useCallback(() => {
    submitting.current = true;
  }, []);

  return { dirty, check, rebase, blocker, submitting, sending };
}
