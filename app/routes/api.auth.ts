import { auth } from "~/accounts/auth.server";
import type { Route } from "./+types/api.auth";

// better-auth's own endpoints (/api/auth/*): e-mail links, password reset, sessions.
export async function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
