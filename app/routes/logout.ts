import { redirect } from "react-router";
import { signOut } from "~/accounts/accounts.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request.headers);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
