import { Clock, Heart, XCircle } from "lucide";
import { Icon } from "~/components/icon";
import { Link } from "react-router";
import type { Route } from "./+types/contest-submissions";
import { requireUser } from "~/accounts/session.server";
import { ownSubmissions } from "~/contests/contests.server";
import { CONTEST_MESSAGES as M } from "~/contests/validation";
import { SubmissionStatusBadge } from "~/components/contests/submission-status";
import { formatDateLong } from "~/lib/format";
import { thumbnailUrl } from "~/lib/images";
import { voteCount } from "~/components/contests/vote-count";

export const meta = () => [{ title: "Le mie partecipazioni — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { submissions: await ownSubmissions(user.id) };
}

export default function MySubmissions({ loaderData }: Route.ComponentProps) {
  const { submissions } = loaderData;
  return (
    <>
      <p className="text-sm">
        <Link to="/dashboard" className="text-brand-800 underline">
          Dashboard
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold text-stone-900">Le mie partecipazioni</h1>
        <Link to="/contests" className="btn-secondary">
          Vai ai concorsi
        </Link>
      </div>
      {submissions.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h2 className="text-xl font-semibold text-stone-900">Non hai ancora partecipato a un concorso</h2>
          <p className="mt-2 text-stone-700">Scegli un concorso in corso e invia la foto del tuo animale.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {submissions.map((s) => (
            <li key={s.id} className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm sm:flex-row">
              <img src={thumbnailUrl(s.imageUrl)} alt="" width={400} height={300} loading="lazy" className="aspect-[4/3] w-full bg-stone-100 object-cover sm:w-48" />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <p className="text-sm text-stone-700">{s.contest.title}</p>
                <h2 className="text-lg font-bold text-stone-900">{s.title}</h2>
                <p className="text-sm text-stone-700">
                  {s.petName} · {s.petTypeLabel} · inviata il {formatDateLong(s.createdAt)}
                </p>
                <p>
                  <SubmissionStatusBadge status={s.status} />
                </p>
                {s.status === "approved" ? (
                  <p className="flex items-center gap-1 text-sm font-semibold text-stone-900">
                    <Icon node={Heart} aria-hidden size={16} className="text-brand-700" /> {voteCount(s.votes)}
                  </p>
                ) : s.status === "pending" ? (
                  <p className="flex items-center gap-1 text-sm text-amber-900">
                    <Icon node={Clock} aria-hidden size={16} /> {M.awaitingApproval}: la redazione la controllerà a breve.
                  </p>
                ) : (
                  <p className="flex items-center gap-1 text-sm text-stone-700">
                    <Icon node={XCircle} aria-hidden size={16} /> {M.notApproved}: questa foto non è stata pubblicata.
                  </p>
                )}
                <div className="mt-auto flex flex-wrap gap-3 pt-2">
                  {s.status === "approved" && s.contest.status === "active" ? (
                    <Link to={`/contests/${s.contest.id}`} className="btn-primary">
                      Vai al concorso
                    </Link>
                  ) : null}
                  <Link to="/contests" className="text-sm font-medium text-brand-800 underline">
                    Tutti i concorsi
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
