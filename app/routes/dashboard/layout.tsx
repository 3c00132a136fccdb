import { Outlet } from "react-router";
import { requireUser } from "~/accounts/session.server";
import type { Route } from "./+types/layout";

// Every /dashboard path: visitors are sent to /login before any data is read.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { fullName: user.fullName } };
}

export default function DashboardLayout() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <Outlet />
    </div>
  );
}
