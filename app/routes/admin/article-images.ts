import type { Route } from "./+types/article-images";
import { adminActor } from "~/admin/gate.server";
import { uploadArticleImage } from "~/articles/images.server";
import { ARTICLE_IMAGE_BODY_LIMIT } from "~/images/limits";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** One image of up to 5 MB (the server refuses larger bodies before reading them). */
export const handle = { bodyLimit: ARTICLE_IMAGE_BODY_LIMIT, rateLimit: { post: "uploads" } } satisfies RateLimitHandle;

// POST /admin/article-images — an article image sent by the featured image field or the editor's
// image button (multipart field `file`, sent with XMLHttpRequest for its progress). Answers JSON:
// `{ url }`, or `{ error }` with 400/413/415; the back office's gate answers 401/403 before the body
// is read, and the domain function checks the role again.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(context);
  const result = await uploadArticleImage(actor, request);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ url: result.url });
}
