import { LogOut, PawPrint } from "lucide";
import { Icon } from "~/components/icon";
import { Form, Link, Outlet } from "react-router";
import { requireAdmin } from "~/accounts/session.server";
import type { Route } from "./+types/layout";

// Every /admin path: visitors and non-admins are sent to /login before any admin data is read.
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { admin: { fullName: admin.fullName, email: admin.email } };
}

export const meta = () => [{ title: "Amministrazione — Zampa" }, { name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <header className="flex items-center gap-4 border-b border-stone-200 bg-white px-4 py-3">
        <Link to="/admin" className="flex items-center gap-2 font-bold text-brand-800">
          <Icon node={PawPrint} aria-hidden size={22} /> Zampa Admin
        </Link>
        <span className="ml-auto hidden text-sm text-stone-600 sm:inline">{loaderData.admin.email}</span>
        <Link to="/" className="text-sm font-medium text-stone-700 hover:underline">
          Vai al Sito
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="flex items-center gap-1 text-sm font-medium text-stone-700 hover:underline">
            <Icon node={LogOut} aria-hidden size={16} /> Esci
          </button>
        </Form>
      </header>
      <main className="flex-1 p-6">
        <Outlet />
      </main>
    </div>
  );
}
