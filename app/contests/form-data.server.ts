// The contest entry form as the server reads it: every file sent in the photo field is kept, so
// submitEntry can refuse more than one with its message.
import { readUploadForm } from "~/images/upload-form.server";
import { CONTEST_PHOTO_FIELD } from "./validation";

export function readEntryForm(request: Request) {
  return readUploadForm(request, CONTEST_PHOTO_FIELD);
}
