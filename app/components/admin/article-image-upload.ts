// Sending an article image from the browser (the featured image field and the editor's image
// button): the spec's checks first, then POST /admin/article-images with XMLHttpRequest, because
// fetch cannot report upload progress.
import { checkArticleImage } from "~/images/article-image";
import { ARTICLE_IMAGE_MESSAGES } from "~/images/limits";

export const ARTICLE_IMAGES_ENDPOINT = "/admin/article-images";

export type UploadOutcome = { ok: true; url: string } | { ok: false; error: string };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  abort: () => void;
}

/** Why the upload failed, as the admin reads it after "Errore nel caricamento dell'immagine: ". */
function detailOf(status: number, body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === "string" && error) return error;
  // The server's generic refusal of an over-long body is plain text about listing photos.
  if (status === 413) return ARTICLE_IMAGE_MESSAGES.tooLarge;
  if (status === 401 || status === 403) return "sessione scaduta, accedi di nuovo";
  return `risposta del server ${status}`;
}

/**
 * Checks `file`, then sends it; `onProgress` gets the fraction sent (0…1). A refused check answers at
 * once with the spec's message; a failure after sending with "Errore nel caricamento dell'immagine: …".
 */
export function uploadArticleImage(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const refused = checkArticleImage(file);
  if (refused) return { done: Promise.resolve({ ok: false, error: refused }), abort: () => {} };

  const request = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    const failed = (detail: string) => resolve({ ok: false, error: ARTICLE_IMAGE_MESSAGES.uploadFailed(detail) });
    request.open("POST", ARTICLE_IMAGES_ENDPOINT);
    request.responseType = "json";
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { url?: unknown; error?: unknown } | null;
      if (request.status === 200 && typeof body?.url === "string") resolve({ ok: true, url: body.url });
      else failed(detailOf(request.status, body));
    };
    request.onerror = () => failed("connessione non riuscita");
    request.ontimeout = () => failed("tempo scaduto");
    request.onabort = () => failed("caricamento annullato");
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
