import { auth } from "~/accounts/auth.server";
import type { Route } from "./+types/api.auth";

// better-auth's own endpoints (/api/auth/*). Over HTTP only the link that confirms a new e-mail
// address is served; every other path answers 404, and the rules of the forms apply in
// better-auth's hooks (HTTP_AUTH_PATHS and DISABLED_AUTH_PATHS in auth.server.ts, decision 0036).
export async function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
