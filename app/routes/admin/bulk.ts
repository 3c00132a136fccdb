import { data } from "react-router";
import type { Route } from "./+types/bulk";
import { readAdminForm } from "~/admin/admin-form.server";
import { adminActor } from "~/admin/gate.server";
import { BULK_MESSAGES, type BulkArea } from "~/bulk/actions";
import { getBulkJob, kickBulkJob, startBulkJob } from "~/bulk/jobs.server";

// /admin/{articles,pet-listings,contests,reports,contacts}/bulk — one module for every list's bulk
// actions (decision 0109), mounted under each list's address so the back office's gate asks that
// list's permission; the domain functions ask it again.
// POST: starts a job (fields: action, scope "selected" with ids, or "filter" with the list's query;
// key, the form's idempotency key; categoryId, rule, reason) and answers { ok, jobId, total }.
// GET ?job=: how far it is, { ok, job }, for the page's progress bar (polled every second).

const AREAS: Record<string, BulkArea> = {
  articles: "articles",
  "pet-listings": "listings",
  contests: "contests",
  reports: "reports",
  contacts: "contacts",
};

function areaOf(url: URL): BulkArea | null {
  const segment = url.pathname.split("/")[2] ?? "";
  return AREAS[segment] ?? null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = adminActor(context);
  const url = new URL(request.url);
  const area = areaOf(url);
  const headers = { "cache-control": "no-store" };
  if (!area) return Response.json({ ok: false, error: BULK_MESSAGES.notFound }, { status: 404, headers });
  const result = await getBulkJob(actor, area, url.searchParams.get("job") ?? "");
  if (!result.ok) return Response.json({ ok: false, error: result.error }, { status: result.status, headers });
  return Response.json({ ok: true, job: result.job }, { headers });
}

export async function action(args: Route.ActionArgs) {
  const area = areaOf(new URL(args.request.url));
  if (!area) return data({ ok: false as const, error: BULK_MESSAGES.notFound }, { status: 404 });
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const result = await startBulkJob(read.actor, area, read.fields);
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  kickBulkJob(result.jobId);
  return { ok: true as const, jobId: result.jobId, total: result.total, message: BULK_MESSAGES.started };
}
