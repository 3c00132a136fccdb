// The browser's check of an article image before it is sent (the featured image and the pictures
// inserted in the editor): the spec's types and size, with its messages. It saves the admin a
// wasted upload; the server checks again, by the file's content (app/articles/images.server.ts).
// Client-safe.
import { ARTICLE_IMAGE_EXTENSIONS, ARTICLE_IMAGE_MESSAGES, ARTICLE_IMAGE_TYPES, MAX_ARTICLE_IMAGE_BYTES } from "./limits";

export interface PickedFile {
  /** The browser's MIME type: "" when it does not know (some systems, unusual extensions). */
  type: string;
  size: number;
  name: string;
}

/** The Italian message refusing `file`, or null when it may be sent. */
export function checkArticleImage(file: PickedFile): string | null {
  const type = file.type.trim().toLowerCase();
  // Some browsers report the non-standard image/jpg for .jpg files.
  const normalised = type === "image/jpg" ? "image/jpeg" : type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name.trim())?.[1]?.toLowerCase() ?? "";
  const typeOk = normalised
    ? (ARTICLE_IMAGE_TYPES as readonly string[]).includes(normalised)
    : (ARTICLE_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk) return ARTICLE_IMAGE_MESSAGES.invalid;
  if (file.size > MAX_ARTICLE_IMAGE_BYTES) return ARTICLE_IMAGE_MESSAGES.tooLarge;
  return null;
}
