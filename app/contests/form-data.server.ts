// Reading the contest entry form from a request: text fields and the uploaded photo (every file
// sent in the photo field is kept, so submitEntry can refuse more than one with its message).
import type { UploadedFile } from "~/images/store-images.server";
import { CONTEST_PHOTO_FIELD } from "./validation";

export async function readEntryForm(request: Request): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const form = await request.formData();
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") {
      if (name !== CONTEST_PHOTO_FIELD) fields[name] = value;
    } else if (name === CONTEST_PHOTO_FIELD && (value.size > 0 || value.name !== "")) {
      files.push({ name: value.name, data: Buffer.from(await value.arrayBuffer()) });
    }
  }
  return { fields, files };
}
