import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/article-preview-link";
import { PREVIEW_LINK_MESSAGES as M } from "~/articles/preview-links";
import { previewByToken } from "~/articles/preview-links.server";
import { ArticleContent, PreviewBanner } from "~/components/article-content";
import { MessagePanel } from "~/components/message-panel";
import { formatDateTimeLong } from "~/lib/format";
import { absoluteUrl, siteFrom } from "~/lib/seo";

// /anteprima/{token} — a draft article shown to whoever holds a preview link, signed in or not
// (decision 0111), exactly as its public page will show it, under a notice. Every answer, the 404
// included, is kept by no cache (the page cache stores only pages that name their cache tags, which
// this one never does) and asks search engines not to index it. No rate-limit class: the token is
// 256 random bits, nothing a client could guess by asking.
const HEADERS = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const found = await previewByToken(params.token);
  // Published since the link was made: the public page, which is the article now.
  if (found.kind === "published") throw redirect(found.path, { headers: HEADERS });
  if (found.kind === "invalid") return data({ preview: null }, { status: 404, headers: HEADERS });
  return data({ preview: { article: found.article, expiresAt: found.expiresAt } }, { headers: HEADERS });
}

export const headers: Route.HeadersFunction = () => HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFrom(matches)?.name ?? "Zampa";
  const article = loaded?.preview?.article;
  return [
    { title: `${article ? `Anteprima: ${article.metaTitle || article.title}` : M.invalidTitle} | ${site}` },
    { name: "robots", content: "noindex, nofollow" },
    // The token is the key: no address of this page leaves in a Referer.
    { name: "referrer", content: "no-referrer" },
  ];
};

export default function ArticlePreviewLink({ loaderData, matches }: Route.ComponentProps) {
  const { preview } = loaderData;
  if (!preview) {
    return (
      <MessagePanel title={M.invalidTitle} text={M.invalidText}>
        <Link to="/articles" className="btn-primary">
          Vai agli articoli
        </Link>
      </MessagePanel>
    );
  }
  const { article, expiresAt } = preview;
  const site = siteFrom(matches);
  const path = `/article/${article.slug}`;
  return (
    <ArticleContent
      article={article}
      views={article.views}
      url={site ? absoluteUrl(site, path) : path}
      banner={
        <PreviewBanner>
          {M.banner}
          <span className="mt-1 block font-normal">{M.expiresOn(formatDateTimeLong(expiresAt))}</span>
        </PreviewBanner>
      }
    />
  );
}
