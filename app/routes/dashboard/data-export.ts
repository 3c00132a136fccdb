import type { Route } from "./+types/data-export";
import { exportAccountData, exportFileName } from "~/accounts/gdpr.server";
import { requireUser } from "~/accounts/session.server";

// GET /dashboard/data-export — "Scarica i miei dati": everything about the signed-in user as a
// JSON file (app/accounts/gdpr.server.ts). A visitor is sent to /login.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportAccountData(user), null, 2);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName()}"`,
      "cache-control": "private, no-store",
    },
  });
}
