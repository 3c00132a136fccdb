import { Form, useLocation } from "react-router";
import { VERIFICATION_BANNER_TEXT } from "~/accounts/verification-banner-text";

/**
 * Reminder for a signed-in account whose address is not confirmed yet (decision 0058): on every
 * public page until the link is followed, with a button that sends it again.
 */
export function VerificationBanner() {
  const { pathname } = useLocation();
  if (pathname === "/email-verification") return null;
  return (
    <section aria-label="Avviso: conferma dell'account" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-900">
        <p className="flex-1 basis-60">{VERIFICATION_BANNER_TEXT}</p>
        <Form method="post" action="/email-verification" reloadDocument>
          <input type="hidden" name="type" value="signup" />
          <button type="submit" className="rounded-md border border-amber-400 bg-white px-3 py-1 font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700">
            Invia di nuovo l'email
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Why a vote or an entry is refused, with the same resend button (the contest page). */
export function VerificationNotice({ text }: { text: string }) {
  return (
    <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p>{text}</p>
      <Form method="post" action="/email-verification" reloadDocument className="mt-2">
        <input type="hidden" name="type" value="signup" />
        <button type="submit" className="rounded-md border border-amber-400 bg-white px-3 py-1 font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700">
          Invia di nuovo l'email di conferma
        </button>
      </Form>
    </div>
  );
}
