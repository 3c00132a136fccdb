import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/new";
import { adminActor } from "~/admin/gate.server";
import { articleFormOptions, createArticle } from "~/articles/admin.server";
import { ARTICLE_BODY_LIMIT, EMPTY_ARTICLE_FORM, formValuesOf } from "~/articles/validation";
import { ArticleForm } from "~/components/admin/article-form";
import { getAiUsage } from "~/ai/usage.server";
import { config } from "~/config.server";
import { readForm } from "~/lib/form.server";

// /admin/articles/new — a new article. On success, on to its edit page with "Articolo creato!".
export const handle = { bodyLimit: ARTICLE_BODY_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const [options, usage] = await Promise.all([articleFormOptions(admin), getAiUsage()]);
  if (!options.ok) throw data({ error: options.error }, { status: options.status });
  return { categories: options.categories, ai: { usage, model: usage.configured ? config().ai.model : null } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(context);
  const form = await readForm(request);
  if (!form.ok) return data({ error: form.error, fieldErrors: {}, values: EMPTY_ARTICLE_FORM }, { status: form.status });
  const result = await createArticle(actor, form.fields);
  if (!result.ok) return data({ error: result.error, fieldErrors: result.fieldErrors, values: formValuesOf(form.fields) }, { status: result.status });
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
        fieldErrors={actionData?.fieldErrors}
        error={actionData?.error}
      />
    </div>
  );
}
