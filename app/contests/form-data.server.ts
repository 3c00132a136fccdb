// The contest entry form as the server reads it: every file sent in the photo field is kept, so
// submitEntry can refuse more than one with its message.
import { withUploadForm, type UploadFormHandler } from "~/images/upload-form.server";
import { CONTEST_PHOTO_FIELD } from "./validation";

/** Reads the entry form and hands it to `handle`; the photo's memory is freed when `handle` is done. */
export function withEntryForm<T>(request: Request, handle: UploadFormHandler<T>) {
  return withUploadForm(request, CONTEST_PHOTO_FIELD, handle);
}
