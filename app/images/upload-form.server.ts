// Reading a form with uploaded photos from a request: the text fields, and the files of one field
// (empty file inputs left out). One reader for every form that uploads photos.
//
// The body is parsed as it arrives (@remix-run/multipart-parser): each file is kept once, in memory
// of its own, which is freed as soon as the form has been handled. request.formData() kept the
// whole body, then each file as a Blob, then our Buffer copy: about four times the photos' size at
// once (90 MB for five photos of 4 MB), and it stayed until a full garbage collection, which a
// server that is only receiving photos seldom runs (docs/decisions/0034-upload-memory.md).
import { MultipartParseError, parseMultipartRequest } from "@remix-run/multipart-parser";
import { freeNow, ownedConcat } from "~/lib/free-buffer.server";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "./limits";
import type { UploadedFile } from "./store-images.server";

/**
 * The largest part read. The request's own limit (server/body-limits.ts) stops a larger body before
 * this; a photo over MAX_IMAGE_BYTES is read whole so that processImage can refuse it by its name.
 */
const MAX_PART_BYTES = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES;
/** The listing form has about twenty fields and five photos: far more parts is not a form of ours. */
const MAX_PARTS = 200;

/** A body that is not a form we can read: answered before anything else looks at it. */
export type UnreadableForm = { ok: false; status: 400; error: string };
export type UploadForm = { ok: true; fields: Record<string, unknown>; files: UploadedFile[] } | UnreadableForm;
/** What a route does with a form it has read: its photos must not be kept once it returns. */
export type UploadFormHandler<T> = (fields: Record<string, unknown>, files: UploadedFile[]) => Promise<T>;

const UNREADABLE: UnreadableForm = Object.freeze({ ok: false, status: 400, error: IMAGE_MESSAGES.badForm });

/**
 * Reads the form, hands it to `handle`, then frees the files' memory (detached: their bytes are gone
 * for anyone still holding them, so `handle` must not keep them). A form that cannot be read is
 * answered without calling `handle`.
 */
export async function withUploadForm<T>(
  request: Request,
  fileField: string,
  handle: UploadFormHandler<T>,
): Promise<T | UnreadableForm> {
  const form = await readUploadForm(request, fileField);
  if (!form.ok) return form;
  try {
    return await handle(form.fields, form.files);
  } finally {
    for (const file of form.files) freeNow(file.data);
  }
}

export async function readUploadForm(request: Request, fileField: string): Promise<UploadForm> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  const contentType = request.headers.get("content-type") ?? "";
  // A form sent without files (urlencoded) has only text fields.
  if (!contentType.startsWith("multipart/")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return UNREADABLE;
    }
    for (const [name, value] of form) if (typeof value === "string" && name !== fileField) fields[name] = value;
    return { ok: true, fields, files };
  }
  try {
    for await (const part of parseMultipartRequest(request, { maxFileSize: MAX_PART_BYTES, maxParts: MAX_PARTS })) {
      const name = part.name;
      if (name === undefined) continue;
      if (!part.isFile) {
        if (name !== fileField) fields[name] = part.text;
      } else if (name === fileField && (part.size > 0 || (part.filename ?? "") !== "")) {
        // One copy, which withUploadForm can free; the parser's pieces are garbage once the loop moves on.
        files.push({ name: part.filename ?? "", data: ownedConcat(part.content, part.size) });
      }
    }
  } catch (error) {
    if (error instanceof MultipartParseError) return UNREADABLE;
    throw error;
  }
  return { ok: true, fields, files };
}
