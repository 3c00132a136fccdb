import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/pet-listing-legal";
import { requireUser } from "~/accounts/session.server";
import { LegalBirthDate, LegalIdentification, LegalSeller } from "~/components/listings/legal-fields";
import { useHydrated } from "~/components/use-hydrated";
import { ListingNotFound } from "~/components/listings/listing-not-found";
import { Notice } from "~/components/notice";
import { FormAlert } from "~/components/form-alert";
import { messagesOf, useZodForm } from "~/components/form/zod-form";
import { changeableListing, completeLegalFields } from "~/listings/listings.server";
import { legalCompletionSchema, LISTING_MESSAGES as M } from "~/listings/validation";
import { PET_TYPES } from "~/lib/enums";
import { readForm } from "~/lib/form.server";

export const meta = () => [{ title: "Completa i dati di legge — Zampa" }, { name: "robots", content: "noindex" }];

// /dashboard/pet-listings/:id/legal — the owner completes a listing published before the legal
// fields were asked (decision 0085), with the same fields and rules as the listing form.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const row = await changeableListing(user, params.id);
  if (!row) return data({ listing: null }, { status: 404 });
  return {
    listing: {
      id: row.id,
      title: row.title,
      petType: row.petType,
      listingType: row.listingType,
      breed: row.breed ?? "",
      complete: row.legalCompletedAt !== null,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, error: read.error, fieldErrors: {}, values: {} }, { status: read.status });
  // Without JavaScript the page is drawn again: what was typed goes back into the fields.
  const values = read.fields;
  const result = await completeLegalFields(user, params.id, values);
  if (!result.ok) {
    return data({ ok: false as const, error: result.error, fieldErrors: "fieldErrors" in result ? (result.fieldErrors ?? {}) : {}, values }, { status: result.status });
  }
  return { ok: true as const, message: M.legalCompleted };
}

export default function CompleteLegalFields({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const hydrated = useHydrated();
  const sending = useNavigation().state === "submitting";
  // The same rules as the server's, checked against this listing's pet type, listing type and breed.
  // (The age is only stored, never checked: the browser needs none.)
  const schema = useMemo(() => legalCompletionSchema({ petType: "", listingType: "", breed: null, ...listing, age: null }), [listing]);
  const [form, fields] = useZodForm({ id: "listing", schema, answer: actionData });
  if (!listing) return <ListingNotFound />;
  const failure = actionData && !actionData.ok ? actionData : null;
  const values = failure?.values ?? {};
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/dashboard/pet-listings" className="text-brand-800 underline">
          I miei annunci
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">Completa i dati di legge</h1>
      <p className="mt-2 text-stone-700">
        «{listing.title}» ({PET_TYPES.labels[listing.petType]}). I campi con * sono obbligatori.
      </p>
      {actionData?.ok ? (
        <Notice tone="success" className="mt-6">
          {actionData.message}
        </Notice>
      ) : listing.complete ? (
        <Notice tone="success" className="mt-6">
          {M.legalAlreadyComplete}
        </Notice>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6" aria-describedby={messagesOf(form.allErrors).length ? "legal-form-error" : undefined}>
          <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <legend className="px-1 text-lg font-bold text-stone-900">L&apos;animale</legend>
            <LegalIdentification petType={listing.petType} hydrated={hydrated} fields={fields} values={values} />
            <LegalBirthDate petType={listing.petType} hydrated={hydrated} fields={fields} values={values} />
          </fieldset>
          <LegalSeller petType={listing.petType} listingType={listing.listingType} breed={listing.breed} hydrated={hydrated} fields={fields} values={values} />
          <FormAlert form={form} id="legal-form-error" />
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? "Salvataggio..." : "Salva i dati"}
          </button>
        </Form>
      )}
    </div>
  );
}
