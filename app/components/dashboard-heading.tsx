// A dashboard page's breadcrumb ("Dashboard / …") and its title: one look for the person's pages.
import { PlainLink } from "~/components/plain-link";

export function DashboardHeading({ title }: { title: string }) {
  return (
    <>
      <nav aria-label="Percorso" className="text-sm text-stone-700">
        <PlainLink to="/dashboard" className="underline hover:text-brand-800">
          Dashboard
        </PlainLink>{" "}
        / <span>{title}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">{title}</h1>
    </>
  );
}
