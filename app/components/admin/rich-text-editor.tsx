// The article's content editor. The server sends a labelled textarea carrying the HTML, so the form
// works before (or without) JavaScript; in the browser the TipTap editor (rich-text-editor.client.tsx)
// is loaded on first use and takes its place, starting from what the textarea holds by then. Only
// the admin's article form renders this, so only the admin downloads TipTap.
import { useEffect, useState, type ComponentType } from "react";

export interface RichTextEditorProps {
  /** form field that carries the HTML */
  name: string;
  id: string;
  defaultValue: string;
  /** id of the element labelling the editor */
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
  /** called with the new HTML ("" when empty) after each change made in the editor */
  onChange?: (html: string) => void;
  /** called once the rich editor has loaded, with the HTML it holds (its own writing of the text) */
  onReady?: (html: string) => void;
}

type Loaded = ComponentType<RichTextEditorProps>;

export function RichTextEditor(props: RichTextEditorProps) {
  const { name, id, defaultValue, labelledBy, invalid, describedBy } = props;
  const [Editor, setEditor] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  // What the textarea holds when the editor arrives (the admin may have typed meanwhile); a new
  // defaultValue from the form (the AI generator's text) replaces it.
  const [text, setText] = useState(defaultValue);
  const [lastDefault, setLastDefault] = useState(defaultValue);
  if (lastDefault !== defaultValue) {
    setLastDefault(defaultValue);
    setText(defaultValue);
  }

  useEffect(() => {
    let cancelled = false;
    import("./rich-text-editor.client")
      .then(({ TiptapEditor }) => {
        if (!cancelled) setEditor(() => TiptapEditor);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  if (Editor) return <Editor {...props} defaultValue={text} />;
  return (
    <div>
      <textarea
        name={name}
        id={id}
        value={text}
        aria-labelledby={labelledBy}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value);
          props.onChange?.(event.target.value);
        }}
        rows={16}
        className={`block w-full rounded-lg border p-3 font-mono text-sm ${invalid ? "border-red-700" : "border-stone-400"}`}
      />
      {failed ? (
        <p role="status" className="mt-1 text-sm text-stone-700">
          L&apos;editor non si è caricato: puoi scrivere il contenuto in HTML o in Markdown.
        </p>
      ) : null}
    </div>
  );
}
