// The listing form as the server reads it (the page's action without JavaScript, and the upload
// endpoint with its progress bar).
import { readUploadForm } from "~/images/upload-form.server";

export const IMAGES_FIELD = "images";

export function readListingForm(request: Request) {
  return readUploadForm(request, IMAGES_FIELD);
}
