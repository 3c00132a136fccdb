// The article's featured image: uploaded from the admin's computer (checked in the browser, sent
// with a progress bar, stored by /admin/article-images) or given as an http(s) address. The form
// field `name` carries the image's URL, "" for none.
import { useEffect, useId, useRef, useState } from "react";
import { thumbnailUrl } from "~/lib/images";
import { ARTICLE_IMAGE_ACCEPT, ARTICLE_IMAGE_MESSAGES } from "~/images/limits";
import { uploadArticleImage, type UploadHandle } from "./article-image-upload";

export interface ImageFieldProps {
  /** form field that carries the image URL ("" for none) */
  name: string;
  id: string;
  label: string;
  defaultValue: string;
  /** the form's own error for this field */
  invalid?: boolean;
  describedBy?: string;
}

type Mode = "upload" | "url";
type Upload = { kind: "idle" } | { kind: "sending"; percent: number } | { kind: "error"; message: string } | { kind: "done" };

export const URL_MESSAGE = "Inserisci un indirizzo che inizi con http:// o https://";

/** An absolute http(s) address (what the "Usa un URL" choice accepts). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A URL that Zampa's own storage handed out: shown as an upload, not as an address to edit. */
function isUploaded(value: string): boolean {
  return value.startsWith("/uploads/") || value.includes("/article-images/");
}

export function ImageField({ name, id, label, defaultValue, invalid, describedBy }: ImageFieldProps) {
  const [mode, setMode] = useState<Mode>(defaultValue && !isUploaded(defaultValue) ? "url" : "upload");
  // The uploaded image's URL (upload mode) and the typed address (URL mode) are kept apart, so
  // switching back and forth loses neither.
  const [uploaded, setUploaded] = useState(defaultValue && isUploaded(defaultValue) ? defaultValue : "");
  const [typed, setTyped] = useState(defaultValue && !isUploaded(defaultValue) ? defaultValue : "");
  const [typedTouched, setTypedTouched] = useState(false);
  const [upload, setUpload] = useState<Upload>({ kind: "idle" });
  // The address whose preview could not be shown (a typo, a page that is not an image).
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const current = useRef<UploadHandle | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uid = useId();
  const ids = {
    upload: `${id}-mode-upload`,
    url: `${id}-mode-url`,
    file: `${id}-file`,
    urlInput: `${id}-url`,
    hint: `${uid}-hint`,
    status: `${uid}-status`,
    urlError: `${uid}-url-error`,
    progress: `${uid}-progress`,
  };

  useEffect(() => () => current.current?.abort(), []);

  const value = mode === "upload" ? uploaded : typed.trim();
  const urlInvalid = mode === "url" && typedTouched && typed.trim() !== "" && !isHttpUrl(typed.trim());
  const previewable = value !== "" && (mode === "upload" || isHttpUrl(value));
  const previewFailed = brokenPreview === value;

  async function send(file: File) {
    current.current?.abort();
    setUpload({ kind: "sending", percent: 0 });
    const handle = uploadArticleImage(file, (fraction) => setUpload({ kind: "sending", percent: Math.round(fraction * 100) }));
    current.current = handle;
    const outcome = await handle.done;
    if (current.current !== handle) return;
    current.current = null;
    if (outcome.ok) {
      setUploaded(outcome.url);
      setUpload({ kind: "done" });
    } else {
      setUpload({ kind: "error", message: outcome.error });
    }
    // The same file may be picked again after a failure.
    if (fileInput.current) fileInput.current.value = "";
  }

  function remove() {
    current.current?.abort();
    current.current = null;
    if (mode === "upload") setUploaded("");
    else setTyped("");
    setUpload({ kind: "idle" });
    setTypedTouched(false);
    if (fileInput.current) fileInput.current.value = "";
  }

  const describedByIds = [describedBy, mode === "upload" ? ids.hint : urlInvalid ? ids.urlError : undefined].filter(Boolean).join(" ") || undefined;
  const sending = upload.kind === "sending";

  return (
    <fieldset id={id} className="min-w-0 space-y-3" aria-describedby={describedBy}>
      <legend className="field-label">{label}</legend>
      {/* The URL the form sends: the address typed, or the upload's. */}
      <input type="hidden" name={name} value={value} />

      <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-label="Origine dell'immagine">
        {(
          [
            ["upload", ids.upload, "Carica un file"],
            ["url", ids.url, "Usa un URL"],
          ] as const
        ).map(([choice, choiceId, text]) => (
          <label key={choice} htmlFor={choiceId} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800">
            <input
              type="radio"
              id={choiceId}
              name={`${id}-mode`}
              value={choice}
              checked={mode === choice}
              onChange={() => setMode(choice)}
              className="size-4 accent-brand-700"
            />
            {text}
          </label>
        ))}
      </div>

      {mode === "upload" ? (
        <div className="space-y-2">
          <label htmlFor={ids.file} className="block text-sm text-stone-800">
            Scegli un&apos;immagine dal dispositivo
          </label>
          <input
            ref={fileInput}
            type="file"
            id={ids.file}
            accept={ARTICLE_IMAGE_ACCEPT}
            aria-invalid={invalid || upload.kind === "error" || undefined}
            aria-describedby={describedByIds}
            disabled={sending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
            }}
            className="block w-full max-w-full text-sm text-stone-800 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-stone-800 hover:file:bg-stone-50"
          />
          <p id={ids.hint} className="text-xs text-stone-600">
            {ARTICLE_IMAGE_MESSAGES.hint}
          </p>
        </div>
      ) : (
        <div className="space-y-1">
          <label htmlFor={ids.urlInput} className="block text-sm text-stone-800">
            Indirizzo dell&apos;immagine
          </label>
          <input
            type="url"
            id={ids.urlInput}
            inputMode="url"
            placeholder="https://…"
            value={typed}
            pattern="https?://.+"
            aria-invalid={invalid || urlInvalid || undefined}
            aria-describedby={describedByIds}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => setTypedTouched(true)}
            className="field-input"
          />
          {urlInvalid ? (
            <p id={ids.urlError} className="text-sm text-red-800">
              {URL_MESSAGE}
            </p>
          ) : null}
        </div>
      )}

      <div id={ids.status} aria-live="polite" className="space-y-1 text-sm">
        {sending ? (
          <>
            <p id={ids.progress} className="font-medium text-stone-800">
              Caricamento in corso… {upload.percent}%
            </p>
            <progress max={100} value={upload.percent} aria-labelledby={ids.progress} className="h-2 w-full max-w-sm accent-brand-700">
              {upload.percent}%
            </progress>
          </>
        ) : null}
        {upload.kind === "done" && mode === "upload" && uploaded ? <p className="text-green-800">Immagine caricata</p> : null}
      </div>
      {upload.kind === "error" && mode === "upload" ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {upload.message}
        </p>
      ) : null}

      {value !== "" ? (
        <div className="flex flex-wrap items-end gap-3">
          {previewable && !previewFailed ? (
            <img
              src={mode === "upload" ? thumbnailUrl(value) : value}
              alt="Anteprima dell'immagine in evidenza"
              onError={() => setBrokenPreview(value)}
              className="h-32 w-auto max-w-full rounded-lg border border-stone-200 object-cover"
            />
          ) : previewFailed ? (
            <p className="text-sm text-stone-600">Anteprima non disponibile</p>
          ) : null}
          <button type="button" className="btn-secondary" onClick={remove}>
            Rimuovi immagine
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
