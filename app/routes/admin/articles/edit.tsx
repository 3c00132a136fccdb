import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/edit";
import { adminActor } from "~/admin/gate.server";
import {
  articleFormOptions,
  autosaveArticle,
  getArticleForEdit,
  getRevision,
  listRevisions,
  restoreRevision,
  updateArticle,
  type RevisionSummary,
} from "~/articles/admin.server";
import { ARTICLE_BODY_LIMIT, ARTICLE_MESSAGES as M, formValuesOf, revisionsSummary, toRomeDateTimeInput, type ArticleFormValues } from "~/articles/validation";
import { ArticleForm } from "~/components/admin/article-form";
import { getAiUsage } from "~/ai/usage.server";
import { config } from "~/config.server";
import { ConfirmDialog } from "~/components/admin/dialog";
import { PreviewLinksPanel } from "~/components/admin/preview-links-panel";
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "~/articles/preview-links.server";
import { Prose } from "~/components/prose";
import { formatDateTimeLong } from "~/lib/format";
import { readAdminForm } from "~/admin/admin-form.server";
import { readQuery } from "~/lib/form.server";

// /admin/articles/edit?id=… — the article form, the revision history (?revision=… shows one saved
// version), the restore of a version and the editor's autosave (intent=autosave, from a fetcher). The admin layout's gate guards the page and its actions;
// the domain module checks the role again for every read and write.
export const handle = { bodyLimit: ARTICLE_BODY_LIMIT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const id = query.get("id") ?? "";
  const found = await getArticleForEdit(admin, id);
  if (!found.ok) return data({ article: null, error: found.error }, { status: found.status });
  const [options, history, usage, previews] = await Promise.all([
    articleFormOptions(admin),
    listRevisions(admin, found.article.id),
    getAiUsage(),
    listPreviewLinks(admin, found.article.id),
  ]);
  const revisionId = query.get("revision");
  const revision = revisionId ? await getRevision(admin, found.article.id, revisionId) : null;
  const saved = query.get("saved") === "created" ? M.created : null;
  return {
    article: found.article,
    error: null,
    categories: options.ok ? options.categories : [],
    ai: { usage, model: usage.configured ? config().ai.model : null },
    revisions: history.ok ? history.revisions : [],
    revision: revision?.ok ? revision.revision : null,
    revisionError: revision && !revision.ok ? revision.error : null,
    previewLinks: previews.ok ? previews.links : [],
    saved,
  };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  // A form the server could not read (too large, not a form) answers as a refused save.
  if (!read.ok) return data({ intent: "save" as const, ...read.refusal.data, fieldErrors: {}, values: null }, read.refusal.init ?? undefined);
  const { actor, fields } = read;
  const id = fields.id || (readQuery(args.request).get("id") ?? "");
  if (fields.intent === "autosave") {
    const result = await autosaveArticle(actor, id, fields);
    if (!result.ok) return data({ intent: "autosave" as const, ok: false as const, error: result.error, stale: result.status === 409 }, { status: result.status });
    return { intent: "autosave" as const, ok: true as const, savedAt: result.savedAt };
  }
  if (fields.intent === "restore") {
    const result = await restoreRevision(actor, id, fields.revisionId ?? "");
    if (!result.ok) return data({ intent: "restore" as const, ok: false as const, error: result.error, fieldErrors: {}, values: null }, { status: result.status });
    return { intent: "restore" as const, ok: true as const, message: result.message };
  }
  // "Anteprima condivisibile" (decision 0111).
  if (fields.intent === "preview-create" || fields.intent === "preview-revoke") {
    const intent = fields.intent === "preview-create" ? ("preview-create" as const) : ("preview-revoke" as const);
    const result = intent === "preview-create" ? await createPreviewLink(actor, id, fields.days) : await revokePreviewLink(actor, id, fields.linkId ?? "");
    if (!result.ok) return data({ intent, ok: false as const, error: result.error }, { status: result.status });
    return { intent, ok: true as const, message: result.message, url: "url" in result ? result.url : undefined };
  }
  const result = await updateArticle(actor, id, fields);
  if (!result.ok) {
    return data({ intent: "save" as const, ok: false as const, error: result.error, fieldErrors: result.fieldErrors, values: formValuesOf(fields) }, { status: result.status });
  }
  return { intent: "save" as const, ok: true as const, message: result.message };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.article ? `Modifica: ${loaded.article.title}` : "Articolo"} — Zampa Admin` },
  { name: "robots", content: "noindex" },
];

function valuesOf(article: NonNullable<Route.ComponentProps["loaderData"]["article"]>): ArticleFormValues {
  return {
    title: article.title,
    slug: article.slug,
    categoryId: article.categoryId ?? "",
    excerpt: article.excerpt,
    content: article.content,
    featuredImage: article.featuredImage ?? "",
    status: article.status,
    metaTitle: article.metaTitle ?? "",
    metaDescription: article.metaDescription ?? "",
    isScheduled: article.isScheduled,
    scheduledPublishDate: toRomeDateTimeInput(article.scheduledPublishDate),
    keepPublishedAt: false,
    aiGenerated: article.aiGenerated,
    generationMetadata: article.generationMetadata ? JSON.stringify(article.generationMetadata) : "",
  };
}

type RestoreFetcher = ReturnType<typeof useFetcher<typeof action>>;

function Revisions({ articleId, revisions, fetcher }: { articleId: string; revisions: RevisionSummary[]; fetcher: RestoreFetcher }) {
  const [pending, setPending] = useState<RevisionSummary | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data && fetcher.data.intent === "restore" ? fetcher.data : null;
  const saves = revisions.filter((revision) => !revision.automatic).length;
  // The article as it is: the newest save (an automatic draft newer than it was never saved).
  const current = revisions.find((revision) => !revision.automatic)?.id;
  return (
    <section aria-labelledby="revisions-title" className="mt-12">
      <h2 id="revisions-title" className="text-xl font-bold text-stone-900">
        Cronologia revisioni
      </h2>
      <p className="mt-1 text-sm text-stone-700">{revisionsSummary(saves, revisions.length - saves)}</p>
      <p aria-live="polite" className="mt-2 text-sm">
        {result && !busy ? <span className={result.ok ? "text-green-800" : "text-red-800"}>{result.ok ? result.message : result.error}</span> : null}
      </p>
      {revisions.length > 0 ? (
      <ol className="mt-2 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {revisions.map((revision) => (
          <li key={revision.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
            <div className="min-w-0 flex-[1_1_14rem]">
              <p className="font-medium break-words text-stone-900">{revision.title}</p>
              <p className="text-sm text-stone-700">
                {formatDateTimeLong(revision.createdAt)} · {revision.authorName ?? "Utente eliminato"} · {revision.automatic ? "bozza automatica" : revision.statusLabel}
                {revision.id === current ? " · versione attuale" : ""}
              </p>
            </div>
            <Link to={`?id=${articleId}&revision=${revision.id}#revision-view`} className="btn-secondary" aria-label={`Visualizza la versione del ${formatDateTimeLong(revision.createdAt)}`}>
              Visualizza
            </Link>
            <fetcher.Form
              method="post"
              onSubmit={(event) => {
                event.preventDefault();
                setPending(revision);
              }}
            >
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="id" value={articleId} />
              <input type="hidden" name="revisionId" value={revision.id} />
              <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Ripristina la versione del ${formatDateTimeLong(revision.createdAt)}`}>
                Ripristina
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ol>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        question={pending ? `Vuoi ripristinare la versione del ${formatDateTimeLong(pending.createdAt)}? Verrà salvata come nuova versione dell'articolo.` : ""}
        confirmLabel="Ripristina"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void fetcher.submit({ intent: "restore", id: articleId, revisionId: pending.id }, { method: "post" });
          setPending(null);
        }}
      />
    </section>
  );
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article } = loaderData;
  // A restore replaces the form's values: the last save's answer (its message, or the values it
  // refused) no longer describes them.
  const [restoredOver, setRestoredOver] = useState<unknown>(null);
  // The page's, not the history's: the history is shown inside the form's component, which a
  // restore mounts anew (its key is the article's updated_at), and its answer must outlive that.
  const restore = useFetcher<typeof action>();
  const restored = restore.data && restore.data.intent === "restore" && restore.data.ok ? restore.data : null;
  const [seenRestore, setSeenRestore] = useState<unknown>(null);
  if (restored && restored !== seenRestore) {
    // Once per answer.
    setSeenRestore(restored);
    setRestoredOver(actionData ?? "restored");
  }
  if (!article) {
    return (
      <>
        <h1 className="text-2xl font-bold text-stone-900">{loaderData.error}</h1>
        <p className="mt-2">
          <Link to="/admin/articles" className="text-brand-800 underline">
            Torna agli articoli
          </Link>
        </p>
      </>
    );
  }
  const saveAnswer = actionData !== undefined && actionData !== restoredOver ? actionData : undefined;
  const failed = saveAnswer && saveAnswer.intent === "save" && !saveAnswer.ok ? saveAnswer : null;
  const message = saveAnswer?.intent === "save" && saveAnswer.ok ? saveAnswer.message : restoredOver === null ? loaderData.saved : null;
  // The time the bar shows after a save: the article's, once the page has it again.
  const savedAt = message ? article.updatedAt : null;
  const published = article.status === "published";
  const { revision, revisionError } = loaderData;
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/articles" className="text-brand-800 underline">
          Articoli
        </Link>
      </p>
      <div className="mt-1 mb-6 flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold break-words text-stone-900">Modifica articolo</h1>
        <a href={`/article/${article.slug}`} target="_blank" rel="noopener" className="btn-secondary">
          {published ? "Vedi articolo" : "Anteprima"}
        </a>
      </div>
      <ArticleForm
        // A restored version (or any save) gives the form the saved values again.
        key={new Date(article.updatedAt).toISOString()}
        mode="edit"
        id={article.id}
        published={published}
        publishedAt={article.publishedAt}
        version={new Date(article.updatedAt).toISOString()}
        savedAt={savedAt}
        values={failed?.values ?? valuesOf(article)}
        categories={loaderData.categories}
        ai={loaderData.ai}
        answer={failed}
        message={message}
      >
        {revision || revisionError ? (
          <section id="revision-view" aria-labelledby="revision-view-title" className="mt-12 rounded-2xl border border-amber-200 bg-amber-50 p-4">
            {revision ? (
              <>
                <h2 id="revision-view-title" className="text-lg font-bold text-stone-900">
                  Versione del {formatDateTimeLong(revision.createdAt)} ({revision.authorName ?? "Utente eliminato"})
                </h2>
                <p className="mt-1 text-sm text-stone-700">
                  {revision.automatic ? "Bozza salvata automaticamente" : revision.statusLabel} · /article/{revision.slug}
                </p>
                <div className="mt-4 rounded-xl bg-white p-4">
                  <p className="text-2xl font-bold text-stone-900">{revision.title}</p>
                  <p className="mt-2 text-stone-700 italic">{revision.excerpt}</p>
                  <Prose html={revision.html} className="mt-4" />
                </div>
                <p className="mt-3">
                  <Link to={`?id=${article.id}`} className="text-brand-800 underline">
                    Chiudi la versione
                  </Link>
                </p>
              </>
            ) : (
              <h2 id="revision-view-title" role="alert" className="font-semibold text-red-800">
                {revisionError}
              </h2>
            )}
          </section>
        ) : null}

        <PreviewLinksPanel
          articleId={article.id}
          status={article.status}
          links={loaderData.previewLinks}
          answer={actionData?.intent === "preview-create" || actionData?.intent === "preview-revoke" ? actionData : undefined}
        />

        <Revisions articleId={article.id} revisions={loaderData.revisions} fetcher={restore} />
      </ArticleForm>
    </div>
  );
}
