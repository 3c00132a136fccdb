// Reading a form with uploaded photos from a request: the text fields, and the files of one field
// (empty file inputs left out). One reader for every form that uploads photos.
import type { UploadedFile } from "./store-images.server";

export async function readUploadForm(request: Request, fileField: string): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const form = await request.formData();
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") {
      if (name !== fileField) fields[name] = value;
    } else if (name === fileField && (value.size > 0 || value.name !== "")) {
      files.push({ name: value.name, data: Buffer.from(await value.arrayBuffer()) });
    }
  }
  return { fields, files };
}
