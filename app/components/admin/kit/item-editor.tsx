// Creating, editing and deleting the items of a back-office page in place (categories, partners,
// contests, breeds): which item the form edits (null for a new one), which one awaits the delete
// confirmation, and the page's status banner. The form opens in a dialog, or above the list where
// the spec wants it inline (contests). Every action answers through the page's own action
// (cardGridAction), so the page stays its loader, its columns or cards and its fields.
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { SaveOrCancel } from "~/components/admin/card-form";
import type { BannerStatus } from "~/components/admin/kit/status-banner";
import { ConfirmDialog, Dialog } from "~/components/admin/dialog";
import { FormErrors } from "~/components/form/form-messages";

type DeleteAnswer = { ok: true; message: string } | { ok: false; error: string };

export interface ItemEditorOptions {
  /** the spec's delete error, put before the server's reason */
  deleteError: string;
  /** the form opens above the list rather than in a dialog */
  inline?: boolean;
  /** a success message goes after this long (the breeds' banner); errors stay until the next action */
  successFor?: number;
}

export function useItemEditor<T extends { id: string }>({ deleteError, inline = false, successFor }: ItemEditorOptions) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [opened, setOpened] = useState(0);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [feedback, setFeedback] = useState<BannerStatus>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const remover = useFetcher<DeleteAnswer>();
  const handled = useRef<unknown>(undefined);
  const focusStatus = useRef(false);

  useEffect(() => {
    const result = remover.data;
    if (remover.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    setFeedback({ kind: result.ok ? "success" : "error", text: result.ok ? result.message : `${deleteError}: ${result.error}`, key: Date.now() });
    focusStatus.current = true;
  }, [remover.state, remover.data, deleteError]);

  // After a delete (or an inline save) the button that had the focus may be gone: the message takes it.
  useEffect(() => {
    if (!feedback || !focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [feedback]);

  useEffect(() => {
    if (!successFor || feedback?.kind !== "success") return;
    const timer = setTimeout(() => setFeedback((current) => (current === feedback ? null : current)), successFor);
    return () => clearTimeout(timer);
  }, [feedback, successFor]);

  /** Back to what opened the form; an item of a row's menu is hidden with its menu, so the menu's button. */
  const focusOpener = useCallback(() => {
    const target = opener.current;
    requestAnimationFrame(() => {
      if (!target?.isConnected) return;
      const menu = target.closest("details");
      (menu && !menu.open ? menu.querySelector("summary") : target)?.focus();
    });
  }, []);

  return {
    editing,
    /** a key that changes each time the form opens (a fresh form) */
    opened,
    inline,
    open(item: T | null) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setFeedback(null);
      setOpened((n) => n + 1);
      setEditing({ item });
    },
    close() {
      setEditing(null);
      focusOpener();
    },
    saved(message: string) {
      setEditing(null);
      setFeedback({ kind: "success", text: message, key: Date.now() });
      if (inline) focusStatus.current = true;
      else focusOpener();
    },
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete() {
      if (!toDelete) return;
      void remover.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
      if (editing?.item?.id === toDelete.id) setEditing(null);
      setToDelete(null);
    },
    deleting: remover.state !== "idle",
    feedback,
    statusRef,
  };
}

export type ItemEditor<T extends { id: string }> = ReturnType<typeof useItemEditor<T>>;

/** What a page's form receives: the item (null for a new one), and what to call when done. */
export interface ItemFormProps<T> {
  item: T | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

/** The form (in its dialog or its inline section) and the delete confirmation of an editor. */
export function ItemEditorForms<T extends { id: string }>({
  editor,
  name,
  formTitle,
  form,
  deleteQuestion,
  nested = false,
}: {
  editor: ItemEditor<T>;
  /** the form's name ("contest"): the inline form's title is `${name}-form-title` */
  name: string;
  /** the page's own title is a level-2 heading (a tab of the SEO manager) */
  nested?: boolean;
  /** the form's title: "Nuova categoria", "Modifica categoria" */
  formTitle: (item: T | null) => string;
  form: (props: ItemFormProps<T>) => ReactNode;
  deleteQuestion: (item: T) => string;
}) {
  const { editing } = editor;
  // A fresh form each time it opens: nothing typed last time, no answer of the last save.
  const body = editing ? <Fragment key={editor.opened}>{form({ item: editing.item, onCancel: editor.close, onSaved: editor.saved })}</Fragment> : null;
  return (
    <>
      {editor.inline ? (
        editing ? (
          <InlineSection key={editor.opened} titleId={`${name}-form-title`} title={formTitle(editing.item)} nested={nested}>
            {body}
          </InlineSection>
        ) : null
      ) : (
        <Dialog open={editing !== null} title={editing ? formTitle(editing.item) : ""} onClose={editor.close}>
          {body}
        </Dialog>
      )}
      <ConfirmDialog
        open={editor.toDelete !== null}
        question={editor.toDelete ? deleteQuestion(editor.toDelete) : ""}
        confirmLabel="Elimina"
        destructive
        busy={editor.deleting}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      />
    </>
  );
}

/** A form opened above the list: its title takes the focus, so keyboard and screen-reader users land there. */
function InlineSection({ titleId, title, nested, children }: { titleId: string; title: string; nested: boolean; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = nested ? "h3" : "h2";
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
      <Heading id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-bold break-words text-stone-900">
        {title}
      </Heading>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A create/edit form of an editor: posted with its fetcher, it says which item it saves, and ends
 * with the refusal's summary and the save/cancel row.
 */
export function ItemForm<T extends { id: string }, S extends Record<string, unknown>>({
  save,
  item,
  saveError,
  saveLabel,
  onCancel,
  twoColumns = false,
  children,
}: {
  /** what useSaveForm gave the page's form */
  save: { fetcher: FetcherWithComponents<unknown>; busy: boolean; form: FormMetadata<S, string[]> };
  item: T | null;
  /** the spec's save error, the summary's title */
  saveError: string;
  /** the submit button's words for a new item and for an edit */
  saveLabel: { create: string; update: string };
  onCancel: () => void;
  /** fields side by side from the small breakpoint up (a long form on a 768 px screen) */
  twoColumns?: boolean;
  children: ReactNode;
}) {
  const { fetcher, busy, form } = save;
  const wide = twoColumns ? "sm:col-span-2" : "";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={twoColumns ? "grid gap-4 sm:grid-cols-2" : "space-y-4"}>
      <input type="hidden" name="intent" value={item ? "update" : "create"} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      {children}
      <div className={`empty:hidden ${wide}`}>
        <FormErrors title={saveError} form={form} />
      </div>
      <SaveOrCancel busy={busy} onCancel={onCancel} saveLabel={item ? saveLabel.update : saveLabel.create} className={`pt-2 ${wide}`} />
    </fetcher.Form>
  );
}
