// Stub (replaced by the TipTap editor): the article content as HTML in a plain textarea.
export interface RichTextEditorProps {
  /** form field that carries the HTML */
  name: string;
  id: string;
  defaultValue: string;
  /** id of the element labelling the editor */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}

export function RichTextEditor({ name, id, defaultValue, labelledBy, invalid, describedBy }: RichTextEditorProps) {
  return (
    <textarea
      name={name}
      id={id}
      defaultValue={defaultValue}
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      rows={16}
      className="w-full rounded-lg border border-stone-300 p-3 font-mono text-sm"
    />
  );
}
