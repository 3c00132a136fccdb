import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/contact";
import { CLIENT_IP_HEADER } from "~/accounts/auth.server";
import { submitContactMessage } from "~/contact/contact.server";
import { CONTACT_LIMITS, CONTACT_MESSAGES as M, contactSchema, HONEYPOT_FIELD } from "~/contact/validation";
import { ContactDetails } from "~/components/contact-details";
import { FormAlert } from "~/components/form-alert";
import { EmailField } from "~/components/form/email-field";
import { FieldError } from "~/components/form/form-messages";
import { useZodForm } from "~/components/form/zod-form";
import { refusal } from "~/lib/action-answer.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";

const SUCCESS_VISIBLE_MS = 5_000;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contatti",
    description: "Scrivi alla redazione di Zampa: rispondiamo dal lunedì al venerdì, dalle 9:00 alle 18:00, entro 24–48 ore.",
  });

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form.ok) return refusal(form);
  const result = await submitContactMessage(form.fields, request.headers.get(CLIENT_IP_HEADER) ?? "unknown");
  // Without JavaScript the page is drawn again: what was typed goes back into the fields.
  const { name, email, subject, message } = form.fields;
  const values = { name, email, subject, message };
  if (!result.ok) return data({ ok: false as const, error: result.error, values }, { status: result.status });
  return { ok: true as const, sentAt: Date.now() };
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  // The success whose 5 seconds are over (the message shows for the latest success until then).
  const [expiredSuccess, setExpiredSuccess] = useState<number | null>(null);
  const sending = fetcher.state !== "idle";
  // With JavaScript the fetcher's answer; without it, the page's (the form was posted to this page).
  const result = fetcher.data ?? actionData;
  const successAt = result?.ok ? result.sentAt : null;
  const [form, fields] = useZodForm({
    id: "contact",
    schema: contactSchema,
    answer: result,
    defaultValue: result && !result.ok && "values" in result ? (result.values as Record<string, string | undefined>) : undefined,
  });

  // Success: the form is cleared and the message shows for 5 seconds.
  useEffect(() => {
    if (!successAt) return;
    formRef.current?.reset();
    const timer = setTimeout(() => setExpiredSuccess(successAt), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [successAt]);

  const showSuccess = successAt !== null && expiredSuccess !== successAt && !sending;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Contatti</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Hai una domanda, un suggerimento o vuoi segnalarci qualcosa? Scrivici: leggiamo ogni messaggio.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={fields.name.id} className="field-label">
                Nome
              </label>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" maxLength={CONTACT_LIMITS.name} className="field-input" />
              <FieldError field={fields.name} />
            </div>
            <EmailField field={fields.email} />
          </div>
          <div>
            <label htmlFor={fields.subject.id} className="field-label">
              Oggetto
            </label>
            <input {...getInputProps(fields.subject, { type: "text" })} maxLength={CONTACT_LIMITS.subject} className="field-input" />
            <FieldError field={fields.subject} />
          </div>
          <div>
            <label htmlFor={fields.message.id} className="field-label">
              Messaggio
            </label>
            <textarea
              {...getTextareaProps(fields.message, { ariaDescribedBy: fields.message.descriptionId })}
              rows={7}
              minLength={CONTACT_LIMITS.messageMin}
              maxLength={CONTACT_LIMITS.messageMax}
              className="field-input"
            />
            <p id={fields.message.descriptionId} className="mt-1 text-sm text-stone-600">
              Da {CONTACT_LIMITS.messageMin} a 5.000 caratteri.
            </p>
            <FieldError field={fields.message} />
          </div>
          {/* Invisible to people (and to screen readers); simple bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-hp">Lascia vuoto questo campo</label>
            <input id="contact-hp" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <FormAlert form={form} />
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
