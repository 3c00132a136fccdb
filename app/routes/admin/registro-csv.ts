import { data } from "react-router";
import type { Route } from "./+types/registro-csv";
import { adminActor } from "~/admin/gate.server";
import { exportAuditCsv } from "~/audit/log.server";
import { readAuditQuery } from "~/audit/log-validation";

// GET /admin/registro.csv — the activity log with the page's filters, as a CSV streamed in batches
// (decision 0108). Administrators only: the gate asks "audit.view" (OTHER_AREAS in
// app/admin/navigation.ts) and exportAuditCsv asks again. A wrong day answers 400 with its message.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = adminActor(context);
  const query = readAuditQuery(new URL(request.url).searchParams);
  if (!query.ok) throw data({ error: Object.values(query.fieldErrors).join(" ") }, { status: 400 });
  const result = exportAuditCsv(actor, query.filters);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  return new Response(result.stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${result.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
