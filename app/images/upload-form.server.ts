// Reading a form with uploaded photos from a request: the text fields, and the files of one field
// (empty file inputs left out). One reader for every form that uploads photos; the reading itself is
// the one of every form (readForm, app/lib/form.server.ts), which refuses what it cannot read.
//
// The body is parsed as it arrives: each file is kept once, in memory of its own, which is freed as
// soon as the form has been handled. request.formData() kept the whole body, then each file as a
// Blob, then our Buffer copy: about four times the photos' size at once, and it stayed until a full
// garbage collection, which a server that is only receiving photos seldom runs (see decision 0034:
// docs/decisions/0034-upload-memory.md).
import { config } from "~/config.server";
import { freeNow } from "~/lib/free-buffer.server";
import { readForm, type UnreadableForm } from "~/lib/form.server";
import { createLimiter, type Limiter } from "./limiter.server";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "./limits";
import type { UploadedFile } from "./store-images.server";

/**
 * The largest part read. The route's own body limit (its `handle.bodyLimit`) stops a larger body
 * before this; a photo over MAX_IMAGE_BYTES is read whole so that processImage can refuse it by its name.
 */
const MAX_PART_BYTES = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES;

export type { UnreadableForm };
export type UploadForm = { ok: true; fields: Record<string, unknown>; files: UploadedFile[] } | UnreadableForm;
/** What a route does with a form it has read: its photos must not be kept once it returns. */
export type UploadFormHandler<T> = (fields: Record<string, unknown>, files: UploadedFile[]) => Promise<T>;

/**
 * Upload forms read and handled at once by this process: twice IMAGE_CONCURRENCY (4 by default), so
 * that one form's body arrives while another's photos are processed. The bodies of the others wait
 * unread in their connections instead of in memory: a burst of listings sent together held all
 * their photos at once (see decision 0037).
 */
let slots: Limiter | undefined;
export function uploadFormSlots(): Limiter {
  slots ??= createLimiter(2 * config().imageConcurrency);
  return slots;
}

/**
 * Reads the form (once a slot is free), hands it to `handle`, then frees the files' memory (detached: their bytes are gone
 * for anyone still holding them, so `handle` must not keep them). A form that cannot be read is
 * answered without calling `handle`.
 */
export async function withUploadForm<T>(
  request: Request,
  fileField: string,
  handle: UploadFormHandler<T>,
): Promise<T | UnreadableForm> {
  return uploadFormSlots().run(async () => {
    const form = await readUploadForm(request, fileField);
    if (!form.ok) return form;
    try {
      return await handle(form.fields, form.files);
    } finally {
      for (const file of form.files) freeNow(file.data);
    }
  });
}

/** The form's text fields and the files of `fileField` (app/lib/form.server.ts reads it, and refuses what it cannot read). */
export function readUploadForm(request: Request, fileField: string): Promise<UploadForm> {
  return readForm(request, { fileField, maxFileBytes: MAX_PART_BYTES });
}
