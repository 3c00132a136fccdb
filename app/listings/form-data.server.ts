// The listing form as the server reads it (the page's action without JavaScript, and the upload
// endpoint with its progress bar).
import { withUploadForm, type UploadFormHandler } from "~/images/upload-form.server";

export const IMAGES_FIELD = "images";

/** Reads the listing form and hands it to `handle`; the photos' memory is freed when `handle` is done. */
export function withListingForm<T>(request: Request, handle: UploadFormHandler<T>) {
  return withUploadForm(request, IMAGES_FIELD, handle);
}
