import { Eye, Pencil, Plus, RefreshCw, Trash2 } from "lucide";
import { isPublicListing } from "~/listings/visibility";
import { Icon } from "~/components/icon";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/pet-listings";
import { requireUser } from "~/accounts/session.server";
import { ListingTypeBadge } from "~/components/listings/listing-type-badge";
import { LegalIncompleteNotice } from "~/components/listings/legal-incomplete-notice";
import { deleteListing, ownListingsPage, setAvailability } from "~/listings/listings.server";
import { createAppeal, currentAppeals } from "~/listings/appeals.server";
import { contactStatsOf } from "~/listings/contact-reveal.server";
import { renewListing } from "~/listings/edit.server";
import { daysLeft, EXPIRY_TEXTS } from "~/listings/expiry";
import { ownerStatsOf } from "~/listings/owner-stats.server";
import { OWNER_STATS_TEXTS } from "~/listings/owner-stats-texts";
import { CONTACT_TEXTS } from "~/listings/contact-texts";
import { favouriteCountsOf } from "~/favourites/favourites.server";
import { FAVOURITE_TEXTS } from "~/favourites/texts";
import { suspensionOf } from "~/listings/moderation.server";
import { APPEAL_TEXT_MAX_LENGTH } from "~/listings/moderation-validation";
import { Pagination } from "~/components/pagination";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { LISTING_MESSAGES as M } from "~/listings/validation";
import { LISTING_AVAILABILITY, LISTING_STATUSES, PET_TYPES } from "~/lib/enums";
import { formatDateLong, formatDateTimeLong, formatEuro, formatNumber } from "~/lib/format";
import { thumbnailUrl } from "~/lib/images";
import { readForm, readQuery } from "~/lib/form.server";
import { EnumOptions } from "~/components/enum-options";

export const meta = () => [{ title: "I miei annunci — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { listings: rows, page, pageCount } = await ownListingsPage(user.id, pageParam(readQuery(request)));
  redirectPastLastPage(url, page, pageCount);
  const ids = rows.map((r) => r.id);
  const [appeals, reveals, stats, keptBy] = await Promise.all([
    currentAppeals(rows.filter((r) => r.status === "suspended")),
    contactStatsOf(ids),
    ownerStatsOf(ids),
    favouriteCountsOf(ids),
  ]);
  const now = new Date();
  return {
    page,
    pageCount,
    listings: rows.map((r) => ({
      id: r.id,
      title: r.title,
      petType: r.petType,
      listingType: r.listingType,
      price: r.price,
      city: r.locationCity,
      region: r.locationRegion,
      image: r.images[0] ?? null,
      status: r.status,
      availability: r.availability,
      createdAt: r.createdAt,
      // The statement of reasons and the appeal (decision 0087): the owner's own, shown only here.
      suspension: suspensionOf(r),
      appeal: r.status === "suspended" ? (appeals.get(r.id) ?? null) : null,
      legalIncomplete: r.legalCompletedAt === null,
      messagesOnly: r.messagesOnly,
      // How often "Mostra numero" / "Mostra email" gave them to someone else (decision 0089).
      reveals: reveals.get(r.id) ?? { phoneReveals: 0, emailReveals: 0 },
      // How many other people keep it (decision 0092).
      favourites: keptBy.get(r.id) ?? 0,
      // Page views and conversations opened (decision 0093).
      stats: stats.get(r.id) ?? { views: 0, conversations: 0 },
      // Days online left; "Rinnova" for active listings and for those the clock closed, never a suspended one.
      daysLeft: r.status === "active" ? daysLeft(r.expiresAt, now) : null,
      expired: r.status === "closed" && r.expiredAt !== null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, id: "", error: read.error }, { status: read.status });
  const { intent, id = "", availability } = read.fields;
  if (intent === "delete") {
    const result = await deleteListing(user, id);
    if (!result.ok) return data({ ok: false as const, id, error: result.status === 404 || result.status === 403 ? result.error : M.deleteError }, { status: result.status });
    return { ok: true as const, id, message: M.deleted };
  }
  if (intent === "appeal") {
    const result = await createAppeal(user, id, read.fields.text);
    if (!result.ok) return data({ ok: false as const, id, error: result.error, text: read.fields.text ?? "" }, { status: result.status });
    return { ok: true as const, id, message: result.message };
  }
  if (intent === "renew") {
    const result = await renewListing(user, id);
    if (!result.ok) return data({ ok: false as const, id, error: result.error }, { status: result.status });
    return { ok: true as const, id, message: M.renewed };
  }
  if (intent === "availability") {
    const result = await setAvailability(user, id, availability);
    if (!result.ok) return data({ ok: false as const, id, error: result.error }, { status: result.status });
    return { ok: true as const, id, message: M.availabilitySaved };
  }
  return data({ ok: false as const, id, error: "Azione non valida" }, { status: 400 });
}

type OwnListing = Route.ComponentProps["loaderData"]["listings"][number];

/** Asks before deleting, in a native modal dialog (focus kept inside, Esc closes it). */
function DeleteButton({ listing }: { listing: OwnListing }) {
  const fetcher = useFetcher<typeof action>();
  const dialog = useRef<HTMLDialogElement>(null);
  const deleting = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const titleId = `delete-title-${listing.id}`;
  return (
    <>
      <button type="button" className="btn-secondary text-red-800" onClick={() => dialog.current?.showModal()} disabled={deleting}>
        <Icon node={Trash2} aria-hidden size={18} /> {deleting ? "Eliminazione..." : "Elimina"}
      </button>
      {error ? (
        <p role="alert" className="mt-2 w-full text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <dialog ref={dialog} aria-labelledby={titleId} className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-stone-900/50">
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          Eliminare l&apos;annuncio?
        </h2>
        <p className="mt-2 text-stone-700">
          «{listing.title}» e le sue foto saranno eliminati definitivamente. Non si può annullare.
        </p>
        <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3" onSubmit={() => dialog.current?.close()}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={listing.id} />
          <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()} autoFocus>
            Annulla
          </button>
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
            Elimina definitivamente
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}

function AvailabilityForm({ listing }: { listing: OwnListing }) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  // The latest "saved" note shows for 3 seconds.
  const [expired, setExpired] = useState<typeof result>(undefined);
  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => setExpired(result), 3_000);
    return () => clearTimeout(timer);
  }, [result]);
  const saved = result?.ok && expired !== result ? result.message : null;
  const selectId = `availability-${listing.id}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="availability" />
      <input type="hidden" name="id" value={listing.id} />
      <div>
        <label htmlFor={selectId} className="field-label">
          Disponibilità
        </label>
        <select
          id={selectId}
          name="availability"
          defaultValue={listing.availability}
          className="field-input"
          // With JavaScript the choice is saved at once; without it, the button below sends it.
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
        >
          <EnumOptions values={LISTING_AVAILABILITY.values} labels={LISTING_AVAILABILITY.labels} />
        </select>
      </div>
      <noscript>
        <button type="submit" className="btn-secondary">
          Salva
        </button>
      </noscript>
      <p aria-live="polite" className="text-sm text-green-800">
        {saved}
        {result && !result.ok ? <span className="text-red-800">{result.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}

/** Days left online and "Rinnova": a plain form, so it works before JavaScript loads. */
function Expiry({ listing }: { listing: OwnListing }) {
  const fetcher = useFetcher<typeof action>();
  const renewing = fetcher.state !== "idle";
  const result = fetcher.data;
  if (listing.daysLeft === null && !listing.expired) return null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="renew" />
      <input type="hidden" name="id" value={listing.id} />
      <p className="text-sm font-medium text-stone-800">{listing.expired ? EXPIRY_TEXTS.expired : EXPIRY_TEXTS.daysLeft(listing.daysLeft ?? 0)}</p>
      <button type="submit" className="btn-secondary" disabled={renewing} aria-describedby={`renew-hint-${listing.id}`}>
        <Icon node={RefreshCw} aria-hidden size={18} /> {renewing ? EXPIRY_TEXTS.renewing : EXPIRY_TEXTS.renew}
      </button>
      <p id={`renew-hint-${listing.id}`} className="w-full text-sm text-stone-700">
        {EXPIRY_TEXTS.renewHint}
      </p>
      <p aria-live="polite" className="w-full text-sm">
        {result?.ok ? <span className="text-green-800">{result.message}</span> : null}
        {result && !result.ok ? <span className="text-red-800">{result.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}

/**
 * A suspended listing's statement of reasons (the rule, the admin's words, the date) and the way to
 * contest it once: a plain form, so it works before JavaScript loads; its answer comes back as the
 * action's data, shown on this card.
 */
function Suspension({ listing }: { listing: OwnListing }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { suspension, appeal } = listing;
  if (!suspension) return null;
  const mine = answer && answer.id === listing.id ? answer : null;
  const error = mine && !mine.ok ? mine.error : null;
  const sending = navigation.state === "submitting" && navigation.formData?.get("id") === listing.id;
  const ids = { title: `suspension-${listing.id}`, text: `appeal-text-${listing.id}`, hint: `appeal-hint-${listing.id}`, error: `appeal-error-${listing.id}` };
  return (
    <section aria-labelledby={ids.title} className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-stone-900">
      <h3 id={ids.title} className="font-bold text-red-900">
        Annuncio sospeso dalla redazione
      </h3>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-700">Regola violata</dt>
        <dd>{suspension.ruleLabel}</dd>
        {suspension.reason ? (
          <>
            <dt className="font-medium text-stone-700">Motivo</dt>
            <dd className="break-words whitespace-pre-line">{suspension.reason}</dd>
          </>
        ) : null}
        {suspension.suspendedAt ? (
          <>
            <dt className="font-medium text-stone-700">Sospeso il</dt>
            <dd>{formatDateTimeLong(suspension.suspendedAt)}</dd>
          </>
        ) : null}
      </dl>
      {mine?.ok ? (
        <p role="status" className="mt-3 font-medium text-green-800">
          {mine.message}
        </p>
      ) : null}
      {appeal ? (
        <div className="mt-3">
          <p>
            Hai contestato la decisione il {formatDateTimeLong(appeal.createdAt)}: <strong>{appeal.statusLabel}</strong>
            {appeal.status === "pending" ? ". La redazione ti risponderà per e-mail." : "."}
          </p>
          {appeal.adminNote ? <p className="mt-1 break-words whitespace-pre-line">Nota della redazione: {appeal.adminNote}</p> : null}
        </div>
      ) : (
        <details className="mt-3" open={error !== null}>
          <summary className="btn-secondary cursor-pointer">Contesta la decisione</summary>
          <Form method="post" preventScrollReset className="mt-3">
            <input type="hidden" name="intent" value="appeal" />
            <input type="hidden" name="id" value={listing.id} />
            <label htmlFor={ids.text} className="field-label">
              Perché contesti la decisione?
            </label>
            <textarea
              id={ids.text}
              name="text"
              rows={5}
              required
              maxLength={APPEAL_TEXT_MAX_LENGTH}
              defaultValue={mine && "text" in mine ? String(mine.text) : ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
              className="field-input"
            />
            <p id={ids.hint} className="mt-1 text-stone-700">
              Al massimo {formatNumber(APPEAL_TEXT_MAX_LENGTH)} caratteri. Puoi contestare una sola volta: la redazione esaminerà la contestazione e ti
              risponderà per e-mail.
            </p>
            {error ? (
              <p id={ids.error} role="alert" className="mt-2 font-medium text-red-800">
                {error}
              </p>
            ) : null}
            <button type="submit" className="btn-primary mt-3" disabled={sending}>
              {sending ? "Invio..." : "Invia la contestazione"}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}

export default function MyListings({ loaderData }: Route.ComponentProps) {
  const { listings, page, pageCount } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/dashboard" className="text-brand-800 underline">
              Dashboard
            </Link>
          </p>
          <h1 className="mt-1 text-3xl font-bold text-stone-900">I miei annunci</h1>
        </div>
        <Link to="/create-pet-listing" className="btn-primary">
          <Icon node={Plus} aria-hidden size={18} /> Pubblica un nuovo annuncio
        </Link>
      </div>

      {listings.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h2 className="text-xl font-semibold text-stone-900">Non hai ancora pubblicato annunci</h2>
          <p className="mt-2 text-stone-700">Un animale cerca casa? Pubblica il tuo primo annuncio: bastano pochi minuti.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {listings.map((listing) => (
            <li key={listing.id} className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm sm:flex-row">
              {listing.image ? (
                <img src={thumbnailUrl(listing.image)} alt="" width={400} height={267} loading="lazy" className="aspect-[3/2] w-full bg-stone-100 object-cover sm:w-48" />
              ) : (
                <div aria-hidden className="flex aspect-[3/2] w-full items-center justify-center bg-stone-100 text-4xl sm:w-48">
                  🐾
                </div>
              )}
              <div className="flex flex-1 flex-col gap-3 p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <ListingTypeBadge type={listing.listingType} />
                  {!isPublicListing(listing) ? (
                    <span className="rounded-full bg-stone-200 px-3 py-1 text-xs font-semibold text-stone-900">{LISTING_STATUSES.labels[listing.status]}</span>
                  ) : null}
                </div>
                <h2 className="text-lg font-bold text-stone-900">{listing.title}</h2>
                <p className="text-sm text-stone-700">
                  {PET_TYPES.labels[listing.petType]} · {listing.city}, {listing.region} · pubblicato il {formatDateLong(listing.createdAt)}
                  {listing.listingType === "sale" && listing.price > 0 ? ` · ${formatEuro(listing.price)}` : ""}
                </p>
                <p className="text-sm text-stone-700">
                  {OWNER_STATS_TEXTS.views(listing.stats.views)} · {OWNER_STATS_TEXTS.conversations(listing.stats.conversations)}
                  {listing.messagesOnly
                    ? ` · ${CONTACT_TEXTS.messagesOnlyLabel}`
                    : ` · ${CONTACT_TEXTS.phoneRevealed(listing.reveals.phoneReveals)} · ${CONTACT_TEXTS.emailRevealed(listing.reveals.emailReveals)}`}
                  {` · ${FAVOURITE_TEXTS.keptBy(listing.favourites)}`}
                </p>
                <Expiry listing={listing} />
                <Suspension listing={listing} />
                {listing.legalIncomplete ? <LegalIncompleteNotice id={listing.id} /> : null}
                <AvailabilityForm listing={listing} />
                <div className="mt-auto flex flex-wrap gap-3">
                  <Link to={`/pet-listing/${listing.id}`} className="btn-secondary">
                    <Icon node={Eye} aria-hidden size={18} /> Vedi
                  </Link>
                  <Link to={`/dashboard/pet-listings/${listing.id}/modifica`} className="btn-secondary" aria-label={`Modifica «${listing.title}»`}>
                    <Icon node={Pencil} aria-hidden size={18} /> Modifica
                  </Link>
                  <DeleteButton listing={listing} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams()} label="Pagine dei miei annunci" />
    </>
  );
}
