import { ReportReasonField } from "~/components/report-reason-field";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigate } from "react-router";
import type { Route } from "./+types/report";
import { CLIENT_IP_HEADER } from "~/accounts/auth.server";
import { getCurrentUser } from "~/accounts/session.server";
import { ListingNotFound } from "~/components/listings/listing-not-found";
import { reportableListing, submitReport } from "~/listings/reports.server";
import { LISTING_MESSAGES, REPORT_LIMITS, REPORT_MESSAGES as M } from "~/listings/validation";
import { refusal } from "~/lib/action-answer.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { Notice } from "~/components/notice";

/** After a report, back to the listing (spec section 9). */
const REDIRECT_MS = 2_000;

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getCurrentUser(request);
  const listing = await reportableListing(params.id, viewer);
  if (!listing) return data({ listing: null, reporter: null }, { status: 404 });
  return { listing, reporter: viewer ? { name: viewer.fullName, email: viewer.email } : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getCurrentUser(request);
  const form = await readForm(request);
  if (!form.ok) return refusal(form);
  const result = await submitReport(params.id, viewer, form.fields, request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
  if (!result.ok) return refusal(result);
  return { ok: true as const };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.listing ? `Segnala: ${args.data.listing.title}` : LISTING_MESSAGES.notFound, noindex: true });

export default function ReportListing({ loaderData }: Route.ComponentProps) {
  const { listing, reporter } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const [length, setLength] = useState(0);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data;
  const done = result?.ok === true;

  // Text typed before the page's script ran is counted too.
  useEffect(() => {
    const typed = descriptionRef.current?.value.trim().length ?? 0;
    if (typed) setLength(typed);
  }, []);

  useEffect(() => {
    if (!done || !listing) return;
    formRef.current?.reset();
    const timer = setTimeout(() => navigate(`/pet-listing/${listing.id}`), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, listing, navigate]);

  if (!listing) return <ListingNotFound />;
  const tooShort = length < REPORT_LIMITS.descriptionMin;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900">Segnala un annuncio</h1>
      <p className="mt-2 text-stone-700">
        Stai segnalando:{" "}
        <Link to={`/pet-listing/${listing.id}`} className="font-semibold text-brand-800 underline">
          {listing.title}
        </Link>
        . Controlliamo ogni segnalazione entro 48 ore.
      </p>
      <fetcher.Form ref={formRef} method="post" className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="report-name" className="field-label">
              Il tuo nome
            </label>
            <input
              id="report-name"
              name="name"
              autoComplete="name"
              required
              maxLength={REPORT_LIMITS.name}
              defaultValue={reporter?.name ?? ""}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="report-email" className="field-label">
              La tua email
            </label>
            <input id="report-email" name="email" type="email" autoComplete="email" required defaultValue={reporter?.email ?? ""} className="field-input" />
          </div>
        </div>
        <ReportReasonField id="report-reason" label="Motivo della segnalazione" required />
        <div>
          <label htmlFor="report-description" className="field-label">
            Descrizione
          </label>
          <textarea
            ref={descriptionRef}
            id="report-description"
            name="description"
            rows={6}
            required
            minLength={REPORT_LIMITS.descriptionMin}
            maxLength={REPORT_LIMITS.descriptionMax}
            onChange={(event) => setLength(event.currentTarget.value.trim().length)}
            aria-describedby="report-description-hint"
            className="field-input"
          />
          <p id="report-description-hint" className="mt-1 text-sm text-stone-600">
            Almeno {REPORT_LIMITS.descriptionMin} caratteri ({length}/{REPORT_LIMITS.descriptionMin}).
          </p>
        </div>
        {result && !result.ok && !sending ? (
          <Notice tone="error">
            {result.error || M.error}
          </Notice>
        ) : null}
        {done ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
            {M.success}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={sending || tooShort || done}>
          {sending ? "Invio in corso..." : "Invia segnalazione"}
        </button>
      </fetcher.Form>
    </div>
  );
}
