import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/contact";
import { CLIENT_IP_HEADER } from "~/accounts/auth.server";
import { firstError } from "~/accounts/validation";
import { submitContactMessage } from "~/contact/contact.server";
import { CONTACT_LIMITS, CONTACT_MESSAGES as M, contactSchema, HONEYPOT_FIELD } from "~/contact/validation";
import { ContactDetails } from "~/components/contact-details";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { Notice } from "~/components/notice";

const SUCCESS_VISIBLE_MS = 5_000;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contatti",
    description: "Scrivi alla redazione di Zampa: rispondiamo dal lunedì al venerdì, dalle 9:00 alle 18:00, entro 24–48 ore.",
  });

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form.ok) return data({ ok: false as const, error: form.error }, { status: form.status });
  const result = await submitContactMessage(form.fields, request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  return { ok: true as const, sentAt: Date.now() };
}

export default function Contact() {
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // The success whose 5 seconds are over (the message shows for the latest success until then).
  const [expiredSuccess, setExpiredSuccess] = useState<number | null>(null);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data;
  const successAt = result?.ok ? result.sentAt : null;

  // Success: the form is cleared and the message shows for 5 seconds.
  useEffect(() => {
    if (!successAt) return;
    formRef.current?.reset();
    const timer = setTimeout(() => setExpiredSuccess(successAt), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [successAt]);

  const error = clientError ?? (result && !result.ok && !sending ? result.error : null);
  const showSuccess = successAt !== null && expiredSuccess !== successAt && !sending;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Contatti</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Hai una domanda, un suggerimento o vuoi segnalarci qualcosa? Scrivici: leggiamo ogni messaggio.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
          onChange={() => setClientError(null)}
          onSubmit={(event) => {
            const parsed = contactSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
            if (!parsed.success) {
              event.preventDefault();
              setClientError(firstError(parsed.error));
            }
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="contact-name" className="field-label">
                Nome
              </label>
              <input id="contact-name" name="name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} className="field-input" />
            </div>
            <div>
              <label htmlFor="contact-email" className="field-label">
                Email
              </label>
              <input id="contact-email" name="email" type="email" autoComplete="email" required className="field-input" />
            </div>
          </div>
          <div>
            <label htmlFor="contact-subject" className="field-label">
              Oggetto
            </label>
            <input id="contact-subject" name="subject" required maxLength={CONTACT_LIMITS.subject} className="field-input" />
          </div>
          <div>
            <label htmlFor="contact-message" className="field-label">
              Messaggio
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={7}
              required
              minLength={CONTACT_LIMITS.messageMin}
              maxLength={CONTACT_LIMITS.messageMax}
              className="field-input"
              aria-describedby="contact-message-hint"
            />
            <p id="contact-message-hint" className="mt-1 text-sm text-stone-600">
              Da {CONTACT_LIMITS.messageMin} a 5.000 caratteri.
            </p>
          </div>
          {/* Invisible to people (and to screen readers); simple bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-hp">Lascia vuoto questo campo</label>
            <input id="contact-hp" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {error ? (
            <Notice tone="error">
              {error}
            </Notice>
          ) : null}
          {showSuccess ? (
            <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
              <p className="font-semibold">{M.success}</p>
              <p>{M.successDetail}</p>
            </div>
          ) : null}
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? "Invio in corso..." : "Invia messaggio"}
          </button>
        </fetcher.Form>
        <aside aria-labelledby="contact-details-title" className="rounded-2xl bg-stone-50 p-6">
          <h2 id="contact-details-title" className="text-lg font-semibold text-stone-900">
            Come raggiungerci
          </h2>
          <div className="mt-4">
            <ContactDetails />
          </div>
        </aside>
      </div>
    </div>
  );
}
