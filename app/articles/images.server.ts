// Article images (the featured image, and pictures inserted in the text): an admin uploads one,
// it is checked by its content, re-encoded like a listing photo (EXIF gone, resized, WebP with a
// thumbnail) and stored under article-images/{admin id}/{uuid}.webp, a new key each time. The
// answer is its public URL, which the article form keeps as text.
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { ARTICLE_IMAGE_MESSAGES } from "~/images/limits";
import { ImageRejected } from "~/images/process-image.server";
import { storeArticleImage } from "~/images/store-images.server";
import { withUploadForm } from "~/images/upload-form.server";
import { fail, type Result } from "~/lib/result";

/** The multipart field that carries the file (the featured image field and the editor send it so). */
export const ARTICLE_IMAGE_FIELD = "file";

/**
 * Reads the upload from `request` and stores it. A non-admin is refused before the body is read.
 * 400 no file / unreadable form / not decodable, 413 too large, 415 not an accepted image type.
 */
export async function uploadArticleImage(actor: CurrentUser | null, request: Request): Promise<Result<{ url: string }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  const admin = actor!;

  return withUploadForm(request, ARTICLE_IMAGE_FIELD, async (_fields, files): Promise<Result<{ url: string }>> => {
    const [file] = files;
    if (!file || file.data.length === 0 || files.length > 1) return fail(400, ARTICLE_IMAGE_MESSAGES.invalid);
    try {
      return { ok: true, url: await storeArticleImage(admin, file) };
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      // 422 (the magic bytes say image, the pixels do not decode) is, to the admin, a bad file.
      return fail(error.status === 422 ? 400 : error.status, error.message);
    }
  });
}
