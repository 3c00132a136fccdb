// A back-office page of cards (categories, partners, contests): the title with its "new" button,
// the status banner, the cards with their "Modifica" and "Elimina", the form (a dialog, or above the
// list where the spec wants it inline) and the delete confirmation. A page declares its cards' content
// and its form's fields; its action is cardGridAction.
import type { ReactNode } from "react";
import { CardActions, EditDeleteButtons } from "~/components/admin/card-form";
import { StatusBanner } from "~/components/admin/kit/status-banner";
import { EmptyState } from "./empty-state";
import { ItemEditorForms, useItemEditor, type ItemFormProps } from "./item-editor";
import { AddButton, PageHeader } from "./page-header";

export interface CardGridProps<T extends { id: string }> {
  title: string;
  intro: string;
  /** the "new" button: "Nuova categoria" */
  addLabel: string;
  items: T[];
  /** the list's name for screen readers: "Elenco delle categorie" */
  listLabel: string;
  /** the empty state: why, and its button's words (the next step) */
  empty: { title: string; action: string };
  /** the item's kind and name, for the buttons' names: "la categoria «Cani»" */
  what: (item: T) => string;
  /** the card's content, above its buttons */
  card: (item: T) => ReactNode;
  /** the card's buttons, when there are more than "Modifica" and "Elimina" */
  actions?: (item: T, editDelete: ReactNode) => ReactNode;
  /** the form's name ("category"): the inline form's title id */
  name: string;
  formTitle: (item: T | null) => string;
  form: (props: ItemFormProps<T>) => ReactNode;
  deleteQuestion: (item: T) => string;
  deleteError: string;
  /** the form opens above the list rather than in a dialog */
  inline?: boolean;
  /** two cards a row at most (cards with many buttons) */
  columns?: 2 | 3;
  /** between the status banner and the cards (a count) */
  summary?: ReactNode;
  /** under the cards (the pages) */
  children?: ReactNode;
}

export function CardGrid<T extends { id: string }>(props: CardGridProps<T>) {
  const { title, intro, addLabel, items, listLabel, empty, what, card, actions, inline, columns = 3, summary, children } = props;
  const editor = useItemEditor<T>({ deleteError: props.deleteError, inline });

  return (
    <>
      <PageHeader title={title} intro={intro}>
        <AddButton label={addLabel} onClick={() => editor.open(null)} expanded={inline ? editor.editing?.item === null : undefined} />
      </PageHeader>

      {inline ? <ItemEditorForms editor={editor} name={props.name} formTitle={props.formTitle} form={props.form} deleteQuestion={props.deleteQuestion} /> : null}

      <StatusBanner status={editor.feedback} focusRef={editor.statusRef} />
      {summary}

      {items.length === 0 ? (
        <EmptyState title={empty.title}>
          <AddButton label={empty.action} onClick={() => editor.open(null)} />
        </EmptyState>
      ) : (
        <ul className={`mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 ${columns === 3 ? "xl:grid-cols-3" : ""}`} aria-label={listLabel}>
          {items.map((item) => {
            const editDelete = (
              <EditDeleteButtons what={what(item)} onEdit={() => editor.open(item)} onDelete={() => editor.askDelete(item)} deleting={editor.deleting} />
            );
            return (
              <li key={item.id} className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
                {card(item)}
                <CardActions>{actions ? actions(item, editDelete) : editDelete}</CardActions>
              </li>
            );
          })}
        </ul>
      )}
      {children}

      {inline ? null : <ItemEditorForms editor={editor} name={props.name} formTitle={props.formTitle} form={props.form} deleteQuestion={props.deleteQuestion} />}
    </>
  );
}
