// The TipTap editor behind RichTextEditor, loaded only in the browser and only by the admin's
// article form (rich-text-editor.tsx imports it lazily): it is the heaviest code of the site.
import { Extension } from "@tiptap/core";
import Heading from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import { Markdown } from "@tiptap/markdown";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Redo2, TextQuote, Undo2, type IconNode } from "lucide";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { looksLikeHtml } from "~/content/format";
import { ARTICLE_IMAGE_ACCEPT, ARTICLE_IMAGE_MESSAGES } from "~/images/limits";
import { Icon } from "../icon";
import { uploadArticleImage, type UploadHandle } from "./article-image-upload";
import { Dialog } from "./dialog";
import { shouldPasteAsMarkdown } from "./markdown-paste";
import type { RichTextEditorProps } from "./rich-text-editor-props";

export const LINK_MESSAGE = "Usa un indirizzo che inizi con http://, https:// o mailto:";

/** Links an article may carry: web pages and e-mail addresses. */
export function isAllowedLink(href: string): boolean {
  const value = href.trim();
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * H2 and H3 only (the page's title is its h1, and the public page maps h1 to h2): pasted or stored
 * h1 becomes h2 and h4–h6 become h3, instead of losing their heading.
 */
const ArticleHeading = Heading.extend({
  parseHTML() {
    return [
      { tag: "h1", attrs: { level: 2 } },
      { tag: "h2", attrs: { level: 2 } },
      { tag: "h3", attrs: { level: 3 } },
      { tag: "h4", attrs: { level: 3 } },
      { tag: "h5", attrs: { level: 3 } },
      { tag: "h6", attrs: { level: 3 } },
    ];
  },
  parseMarkdown(token, helpers) {
    const level = Math.min(Math.max(Number(token.depth) || 2, 2), 3);
    return helpers.createNode("heading", { level }, helpers.parseInline(token.tokens ?? []));
  },
}).configure({ levels: [2, 3] });

/** Pasted Markdown becomes formatted content (TipTap's Markdown extension parses, but does not watch the clipboard). */
const MarkdownPaste = Extension.create({
  name: "markdownPaste",
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey("markdownPaste"),
        props: {
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData("text/plain") ?? "";
            const html = event.clipboardData?.getData("text/html") ?? "";
            if (view.state.selection.$from.parent.type.spec.code) return false;
            if (!shouldPasteAsMarkdown(text, html)) return false;
            return editor.commands.insertContent(text, { contentType: "markdown" });
          },
        },
      }),
    ];
  },
});

function extensions() {
  return [
    StarterKit.configure({
      heading: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        // The public page decides target and rel (app/content/render.server.ts).
        HTMLAttributes: { target: null, rel: null },
        isAllowedUri: (url) => isAllowedLink(url),
      },
    }),
    ArticleHeading,
    Image.configure({ allowBase64: false }),
    Markdown.configure({ markedOptions: { gfm: true } }),
    MarkdownPaste,
  ];
}

/**
 * What the form sends: "" for an empty editor, so that "Contenuto" is reported as missing, and no
 * trailing empty paragraphs (the editor keeps one after a final heading or image, to type below it).
 */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML().replace(/(<p><\/p>)+$/, "");
}

function toolbarState(e: Editor) {
  return {
    h2: e.isActive("heading", { level: 2 }),
    h3: e.isActive("heading", { level: 3 }),
    bold: e.isActive("bold"),
    italic: e.isActive("italic"),
    bullet: e.isActive("bulletList"),
    ordered: e.isActive("orderedList"),
    quote: e.isActive("blockquote"),
    link: e.isActive("link"),
    canUndo: e.can().undo(),
    canRedo: e.can().redo(),
  };
}

interface ToolbarItem {
  key: string;
  label: string;
  icon: IconNode;
  /** toggles carry aria-pressed; commands (image, undo, redo) do not */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

export function TiptapEditor({ name, id, defaultValue, labelledBy, invalid, describedBy, onChange, onReady }: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const changed = useRef(onChange);
  const ready = useRef(onReady);
  useEffect(() => {
    changed.current = onChange;
    ready.current = onReady;
  });

  const editor = useEditor({
    immediatelyRender: false,
    extensions: extensions(),
    content: defaultValue,
    contentType: defaultValue && !looksLikeHtml(defaultValue) ? "markdown" : "html",
    editorProps: {
      attributes: editableAttributes({ id, labelledBy, invalid, describedBy }),
      // The caret stays clear of a bar stuck to the bottom of the window (the article form's save bar).
      scrollThreshold: { top: 0, right: 0, bottom: 112, left: 0 },
      scrollMargin: { top: 16, right: 5, bottom: 112, left: 5 },
    },
    onCreate: ({ editor: created }) => {
      const html = htmlOf(created);
      setHtml(html);
      ready.current?.(html);
    },
    onUpdate: ({ editor: updated }) => {
      const next = htmlOf(updated);
      setHtml(next);
      changed.current?.(next);
    },
  });

  // The form may replace the content (the AI generator's result fills it).
  const loaded = useRef(defaultValue);
  useEffect(() => {
    if (!editor || defaultValue === loaded.current) return;
    loaded.current = defaultValue;
    // The form sent back what the editor already holds (a refused save): keep the cursor and history.
    if (defaultValue === htmlOf(editor)) return;
    editor.commands.setContent(defaultValue, { contentType: defaultValue && !looksLikeHtml(defaultValue) ? "markdown" : "html", emitUpdate: true });
  }, [editor, defaultValue]);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: editableAttributes({ id, labelledBy, invalid, describedBy }) } });
  }, [editor, id, labelledBy, invalid, describedBy]);

  const selected = useEditorState({ editor, selector: ({ editor: e }) => (e ? toolbarState(e) : null) });
  // useEditorState answers only after the editor's first transaction; until then, read it directly.
  const state = selected ?? (editor ? toolbarState(editor) : null);

  const items: ToolbarItem[] =
    editor && state
      ? [
          { key: "h2", label: "Titolo di sezione (H2)", icon: Heading2, pressed: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
          { key: "h3", label: "Sottotitolo (H3)", icon: Heading3, pressed: state.h3, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
          { key: "bold", label: "Grassetto", icon: Bold, pressed: state.bold, run: () => editor.chain().focus().toggleBold().run() },
          { key: "italic", label: "Corsivo", icon: Italic, pressed: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
          { key: "bullet", label: "Elenco puntato", icon: List, pressed: state.bullet, run: () => editor.chain().focus().toggleBulletList().run() },
          { key: "ordered", label: "Elenco numerato", icon: ListOrdered, pressed: state.ordered, run: () => editor.chain().focus().toggleOrderedList().run() },
          { key: "quote", label: "Citazione", icon: TextQuote, pressed: state.quote, run: () => editor.chain().focus().toggleBlockquote().run() },
          { key: "link", label: "Collegamento", icon: Link2, pressed: state.link, run: () => setLinkOpen(true) },
          { key: "image", label: "Inserisci immagine", icon: ImagePlus, run: () => setImageOpen(true) },
          { key: "undo", label: "Annulla", icon: Undo2, disabled: !state.canUndo, run: () => editor.chain().focus().undo().run() },
          { key: "redo", label: "Ripeti", icon: Redo2, disabled: !state.canRedo, run: () => editor.chain().focus().redo().run() },
        ]
      : [];

  return (
    <div
      className={`overflow-hidden rounded-lg border bg-white ${invalid ? "border-red-700" : "border-stone-400"}`}
      data-editor-ready={editor ? "true" : undefined}
    >
      <input type="hidden" name={name} value={html} />
      <Toolbar items={items} controls={id} />
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="prose-zampa min-h-64 max-w-none px-4 py-3 text-stone-500" aria-hidden="true">
          Caricamento dell&apos;editor…
        </div>
      )}
      {editor ? <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} /> : null}
      {editor ? <ImageDialog editor={editor} open={imageOpen} onClose={() => setImageOpen(false)} /> : null}
    </div>
  );
}

function editableAttributes({ id, labelledBy, invalid, describedBy }: Pick<RichTextEditorProps, "id" | "labelledBy" | "invalid" | "describedBy">) {
  const attributes: Record<string, string> = {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelledBy,
    class: "prose-zampa max-w-none min-h-64 px-4 py-3 text-base",
  };
  if (invalid) attributes["aria-invalid"] = "true";
  if (describedBy) attributes["aria-describedby"] = describedBy;
  return attributes;
}

/** The formatting buttons: one tab stop, arrow keys move between them (WAI-ARIA toolbar pattern). */
function Toolbar({ items, controls }: { items: ToolbarItem[]; controls: string }) {
  const [focused, setFocused] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight" ? (focused >= last ? 0 : focused + 1)
      : event.key === "ArrowLeft" ? (focused <= 0 ? last : focused - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formattazione del contenuto"
      aria-controls={controls}
      onKeyDown={move}
      className="flex flex-wrap gap-1 border-b border-stone-200 bg-stone-50 p-1.5"
    >
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === focused ? 0 : -1}
          aria-label={item.label}
          title={item.label}
          aria-pressed={item.pressed}
          aria-disabled={item.disabled || undefined}
          onFocus={() => setFocused(index)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!item.disabled) item.run();
          }}
          className={`inline-flex size-10 items-center justify-center rounded-md border transition ${
            item.pressed ? "border-brand-700 bg-brand-100 text-brand-900" : "border-transparent text-stone-800 hover:bg-stone-200"
          } ${item.disabled ? "cursor-not-allowed opacity-50" : ""}`}
        >
          <Icon node={item.icon} size={20} aria-hidden />
        </button>
      ))}
    </div>
  );
}

/** Sets, changes or removes the link on the selected text (a typed address becomes its own text when nothing is selected). */
function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title={editor.isActive("link") ? "Modifica collegamento" : "Inserisci collegamento"} onClose={onClose}>
      <LinkForm editor={editor} onClose={onClose} />
    </Dialog>
  );
}

/** The dialog's content, mounted afresh each time it opens. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes("link").href as string | undefined) ?? "");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const active = editor.isActive("link");

  function apply() {
    const value = href.trim();
    if (!value) return remove();
    if (!isAllowedLink(value)) return setError(LINK_MESSAGE);
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !active) {
      chain.insertContent({ type: "text", text: value, marks: [{ type: "link", attrs: { href: value } }] }).run();
    } else {
      chain.extendMarkRange("link").setLink({ href: value }).run();
    }
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <>
      <label htmlFor={inputId} className="field-label">
        Indirizzo (http, https o mailto)
      </label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        autoFocus
        value={href}
        placeholder="https://…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setHref(event.target.value)}
        // No form of its own (it sits inside the article's form): Enter applies, and must not send the article.
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          }
        }}
        className="field-input"
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Annulla
        </button>
        {active ? (
          <button type="button" className="btn-secondary text-red-800" onClick={remove}>
            Rimuovi collegamento
          </button>
        ) : null}
        <button type="button" className="btn-primary" onClick={apply}>
          Applica
        </button>
      </div>
    </>
  );
}

type Sending = { kind: "idle" } | { kind: "sending"; percent: number } | { kind: "error"; message: string };

/** Uploads a picture (same endpoint and checks as the featured image) and inserts it with its alternative text. */
function ImageDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Inserisci immagine" onClose={onClose}>
      <ImageForm editor={editor} onClose={onClose} />
    </Dialog>
  );
}

/** The dialog's content, mounted afresh each time it opens; closing it aborts the upload under way. */
function ImageForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const handle = useRef<UploadHandle | null>(null);
  useEffect(
    () => () => {
      handle.current?.abort();
      handle.current = null;
    },
    [],
  );
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [sending, setSending] = useState<Sending>({ kind: "idle" });
  const fileId = useId();
  const altId = useId();
  const hintId = useId();
  const progressId = useId();

  async function insert() {
    if (!file) return setSending({ kind: "error", message: ARTICLE_IMAGE_MESSAGES.invalid });
    setSending({ kind: "sending", percent: 0 });
    const current = uploadArticleImage(file, (fraction) => setSending({ kind: "sending", percent: Math.round(fraction * 100) }));
    handle.current = current;
    const outcome = await current.done;
    if (handle.current !== current) return;
    handle.current = null;
    if (!outcome.ok) return setSending({ kind: "error", message: outcome.error });
    editor.chain().focus().setImage({ src: outcome.url, alt: alt.trim() }).run();
    onClose();
  }

  const busy = sending.kind === "sending";
  return (
    <>
      <div className="space-y-4">
        <div>
          <label htmlFor={fileId} className="field-label">
            Immagine
          </label>
          <input
            id={fileId}
            type="file"
            accept={ARTICLE_IMAGE_ACCEPT}
            autoFocus
            disabled={busy}
            aria-describedby={hintId}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setSending({ kind: "idle" });
            }}
            className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          <p id={hintId} className="mt-1 text-xs text-stone-600">
            {ARTICLE_IMAGE_MESSAGES.hint}
          </p>
        </div>
        <div>
          <label htmlFor={altId} className="field-label">
            Testo alternativo
          </label>
          <input
            id={altId}
            type="text"
            value={alt}
            maxLength={200}
            disabled={busy}
            onChange={(event) => setAlt(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void insert();
              }
            }}
            className="field-input"
          />
          <p className="mt-1 text-xs text-stone-600">Descrive l&apos;immagine a chi non può vederla.</p>
        </div>
        <div aria-live="polite" className="text-sm">
          {busy ? (
            <>
              <p id={progressId} className="font-medium text-stone-800">
                Caricamento in corso… {sending.percent}%
              </p>
              <progress max={100} value={sending.percent} aria-labelledby={progressId} className="h-2 w-full accent-brand-700">
                {sending.percent}%
              </progress>
            </>
          ) : null}
        </div>
        {sending.kind === "error" ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {sending.message}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Annulla
        </button>
        <button type="button" className="btn-primary" disabled={busy || !file} onClick={() => void insert()}>
          Inserisci
        </button>
      </div>
    </>
  );
}
