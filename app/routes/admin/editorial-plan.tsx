import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/editorial-plan";
import { adminActor } from "~/admin/gate.server";
import { saveEditorialPlan } from "~/ai/editorial-plan.server";
import { AI_LIMITS, AI_MESSAGES } from "~/ai/messages";
import { planFormError, planTotal } from "~/ai/plan-form";
import { romeToday } from "~/ai/plan-dates";
import type { EditorialPlanItem } from "~/ai/types";
import { getAiUsage } from "~/ai/usage.server";
import { articleFormOptions } from "~/articles/admin.server";
import { AiProgressView } from "~/components/admin/ai-progress";
import { AiUsageBanner, useAiUsage } from "~/components/admin/ai-usage-banner";
import { ConfirmDialog } from "~/components/admin/dialog";
import { useAiRequest } from "~/components/admin/use-ai-request";
import { formatDateTimeLong } from "~/lib/format";
import { INPUT_MESSAGES } from "~/lib/input";
import { readAdminForm } from "~/admin/admin-form.server";

// /admin/editorial-plan — the AI editorial plan: the admin picks categories, a rhythm and a start
// date; the plan is generated through /admin/ai/editorial-plan (its progress shown live) and saved
// here as scheduled drafts (saveEditorialPlan).

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const [options, usage] = await Promise.all([articleFormOptions(admin), getAiUsage()]);
  if (!options.ok) throw data({ error: options.error }, { status: options.status });
  return { categories: options.categories, usage, today: romeToday() };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor, fields } = read;
  if (fields.intent !== "save") return data({ ok: false as const, error: INPUT_MESSAGES.badForm }, { status: 400 });
  let items: unknown;
  try {
    items = JSON.parse(fields.items ?? "");
  } catch {
    items = null;
  }
  if (!Array.isArray(items) || items.length === 0) return data({ ok: false as const, error: AI_MESSAGES.planRequired }, { status: 400 });
  const result = await saveEditorialPlan(actor, items);
  if (!result.ok) {
    const error = result.status === 401 || result.status === 403 ? result.error : AI_MESSAGES.saveError(result.error);
    return data({ ok: false as const, error }, { status: result.status });
  }
  return { ok: true as const, message: AI_MESSAGES.planSaved(result.created) };
}

export const meta: Route.MetaFunction = () => [{ title: "Piano editoriale — Zampa Admin" }, { name: "robots", content: "noindex" }];

const input = "mt-1 w-full rounded-lg border border-stone-300 bg-white p-2 text-stone-900";
const labelClass = "block text-sm font-medium text-stone-800";

export default function EditorialPlan({ loaderData }: Route.ComponentProps) {
  const { categories, today } = loaderData;
  const { usage, refresh } = useAiUsage(loaderData.usage);
  const [chosen, setChosen] = useState<string[]>([]);
  const [articlesPerWeek, setArticlesPerWeek] = useState(String(AI_LIMITS.articlesPerWeek.default));
  const [weeks, setWeeks] = useState(String(AI_LIMITS.weeks.default));
  const [startDate, setStartDate] = useState(today);
  const [focusTopics, setFocusTopics] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saveNotice, setSaveNotice] = useState<string | null>(null);
  const plan = useAiRequest<EditorialPlanItem[]>("/admin/ai/editorial-plan");
  const saver = useFetcher<typeof action>();
  const saving = saver.state !== "idle";
  const items = plan.state === "done" ? plan.result : null;
  const nameOf = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;

  const request = { categories: chosen, articlesPerWeek: Number(articlesPerWeek), weeks: Number(weeks), startDate, focusTopics: focusTopics.trim() };

  const generate = async () => {
    setConfirming(false);
    setSaveNotice(null);
    await plan.run(request);
    refresh();
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const error = planFormError(request, today);
    setFormError(error);
    if (error) return;
    if (planTotal(request) > AI_LIMITS.planMaxItems) setConfirming(true);
    else void generate();
  };

  const save = () => {
    if (!items || items.length === 0) {
      setSaveNotice(AI_MESSAGES.planRequired);
      return;
    }
    setSaveNotice(null);
    void saver.submit({ intent: "save", items: JSON.stringify(items) }, { method: "post" });
  };

  const planError = plan.error ? (plan.error.dailyLimit ? AI_MESSAGES.dailyLimitPanel : plan.error.message || AI_MESSAGES.editorialPlanError) : null;
  const saved = saver.data && !saving ? saver.data : null;
  // A saved plan is done with: saving it twice would create every draft twice.
  const { reset } = plan;
  useEffect(() => {
    if (saver.state === "idle" && saver.data?.ok) reset();
  }, [saver.state, saver.data, reset]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Piano Editoriale</h1>
      <AiUsageBanner usage={usage} />

      <form onSubmit={onSubmit} noValidate className="space-y-6 rounded-2xl border border-stone-200 bg-white p-4">
        {formError ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
            {formError}
          </p>
        ) : null}
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">Categorie *</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {categories.map((category) => (
              <label key={category.id} className="flex items-center gap-2 text-stone-800">
                <input
                  type="checkbox"
                  name="categories"
                  value={category.slug}
                  checked={chosen.includes(category.slug)}
                  onChange={(event) =>
                    setChosen((current) => (event.target.checked ? [...current, category.slug] : current.filter((slug) => slug !== category.slug)))
                  }
                  className="size-4"
                />
                {category.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor="articlesPerWeek" className={labelClass}>
              Articoli a settimana
            </label>
            <input
              id="articlesPerWeek"
              type="number"
              inputMode="numeric"
              min={AI_LIMITS.articlesPerWeek.min}
              max={AI_LIMITS.articlesPerWeek.max}
              value={articlesPerWeek}
              onChange={(e) => setArticlesPerWeek(e.target.value)}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="weeks" className={labelClass}>
              Settimane
            </label>
            <input
              id="weeks"
              type="number"
              inputMode="numeric"
              min={AI_LIMITS.weeks.min}
              max={AI_LIMITS.weeks.max}
              value={weeks}
              onChange={(e) => setWeeks(e.target.value)}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="startDate" className={labelClass}>
              Data di inizio
            </label>
            <input id="startDate" type="date" min={today} value={startDate} onChange={(e) => setStartDate(e.target.value)} className={input} />
          </div>
        </div>
        <div>
          <label htmlFor="focusTopics" className={labelClass}>
            Argomenti da privilegiare
          </label>
          <input id="focusTopics" value={focusTopics} onChange={(e) => setFocusTopics(e.target.value)} aria-describedby="focusTopics-hint" className={input} />
          <p id="focusTopics-hint" className="mt-1 text-sm text-stone-600">
            Facoltativi, separati da virgole
          </p>
        </div>
        {planError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-semibold">{planError}</p>
          </div>
        ) : null}
        {plan.state === "waiting" ? (
          <AiProgressView progress={plan.progress} label="Avanzamento del piano editoriale" onCancel={plan.cancel} />
        ) : (
          <button type="submit" className="btn-primary" disabled={!usage.configured}>
            Genera piano
          </button>
        )}
      </form>

      <ConfirmDialog
        open={confirming}
        question={AI_MESSAGES.planCapWarning(planTotal(request))}
        confirmLabel="Genera i primi 10"
        onConfirm={() => void generate()}
        onCancel={() => setConfirming(false)}
      />

      <section aria-labelledby="plan-title" className="space-y-4">
        <h2 id="plan-title" className="text-xl font-bold text-stone-900">
          Piano generato
        </h2>
        {items && items.length > 0 ? (
          <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-stone-700">
                <tr>
                  <th scope="col" className="p-3">
                    Data
                  </th>
                  <th scope="col" className="p-3">
                    Titolo
                  </th>
                  <th scope="col" className="p-3">
                    Argomento
                  </th>
                  <th scope="col" className="p-3">
                    Categoria
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {items.map((item, index) => (
                  <tr key={`${item.date}-${index}`}>
                    <td className="min-w-[9rem] p-3">{formatDateTimeLong(item.date)}</td>
                    <td className="min-w-[14rem] p-3 font-medium text-stone-900">{item.title}</td>
                    <td className="min-w-[12rem] p-3">{item.topic}</td>
                    <td className="p-3">{nameOf(item.category)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-stone-700">Nessun piano ancora: compila il modulo e premi «Genera piano».</p>
        )}
        <div aria-live="polite">
          {saveNotice ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
              {saveNotice}
            </p>
          ) : saved ? (
            <p
              role={saved.ok ? "status" : "alert"}
              className={`rounded-lg border px-3 py-2 text-sm font-semibold ${saved.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
            >
              {saved.ok ? saved.message : saved.error}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn-primary" onClick={save} disabled={saving || plan.state === "waiting"}>
          {saving ? "Salvataggio…" : "Salva come bozze"}
        </button>
      </section>
    </div>
  );
}
