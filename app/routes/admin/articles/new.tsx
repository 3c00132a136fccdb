import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/new";
import { adminActor } from "~/admin/gate.server";
import { articleFormOptions, createArticle } from "~/articles/admin.server";
import { ARTICLE_BODY_LIMIT, EMPTY_ARTICLE_FORM, formValuesOf } from "~/articles/validation";
import { ArticleForm } from "~/components/admin/article-form";
import { getAiUsage } from "~/ai/usage.server";
import { config } from "~/config.server";
import { readAdminForm } from "~/admin/admin-form.server";

// /admin/articles/new — a new article. On success, on to its edit page with "Articolo creato!".
export const handle = { bodyLimit: ARTICLE_BODY_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const [options, usage] = await Promise.all([articleFormOptions(admin), getAiUsage()]);
  if (!options.ok) throw data({ error: options.error }, { status: options.status });
  return { categories: options.categories, ai: { usage, model: usage.configured ? config().ai.model : null } };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  // A form the server could not read (too large, not a form): the refusal, in the form's answer.
  if (!read.ok) return data({ ...read.refusal.data, fieldErrors: {}, values: EMPTY_ARTICLE_FORM }, read.refusal.init ?? undefined);
  const result = await createArticle(read.actor, read.fields);
  if (!result.ok) return data({ ok: false as const, error: result.error, fieldErrors: result.fieldErrors, values: formValuesOf(read.fields) }, { status: result.status });
  return redirect(`/admin/articles/edit?id=${result.id}&saved=created`);
}

export const meta: Route.MetaFunction = () => [{ title: "Nuovo articolo — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/articles" className="text-brand-800 underline">
          Articoli
        </Link>
      </p>
      <h1 className="mt-1 mb-6 text-2xl font-bold text-stone-900">Nuovo articolo</h1>
      <ArticleForm
        mode="new"
        values={actionData?.values ?? EMPTY_ARTICLE_FORM}
        categories={loaderData.categories}
        ai={loaderData.ai}
        answer={actionData}
      />
    </div>
  );
}
