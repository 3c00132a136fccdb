// Reading the listing form from a request: text fields and uploaded images, one shape for the page's
// own action (forms without JavaScript) and the upload endpoint (with its progress bar).
import type { UploadedFile } from "./listings.server";

export const IMAGES_FIELD = "images";

export async function readListingForm(request: Request): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const form = await request.formData();
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") {
      if (name !== IMAGES_FIELD) fields[name] = value;
    } else if (name === IMAGES_FIELD && (value.size > 0 || value.name !== "")) {
      files.push({ name: value.name, data: Buffer.from(await value.arrayBuffer()) });
    }
  }
  return { fields, files };
}
