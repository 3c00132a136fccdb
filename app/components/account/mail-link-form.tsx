import type { ReactNode } from "react";
import { Form } from "react-router";
import { Notice } from "~/components/notice";

/** The address to mail the link to, typed by someone who is not signed in. */
export function EmailAddressField() {
  return (
    <div>
      <label htmlFor="email" className="field-label">
        Email
      </label>
      <input id="email" name="email" type="email" autoComplete="email" required className="field-input" />
    </div>
  );
}

/**
 * The form of a page that mails a link (a new password, the address's confirmation): what it asks
 * (`children`), its answer, and the send button, which says it is sending while it does.
 */
export function MailLinkForm({
  children,
  sent,
  error,
  submitting,
  submitLabel,
}: {
  children: ReactNode;
  /** the success shown in the form; null where the page shows it instead of the form */
  sent?: string | null;
  error: string | null;
  submitting: boolean;
  submitLabel: string;
}) {
  return (
    <Form method="post" noValidate className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      {children}
      {sent ? <Notice tone="success">{sent}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Invio in corso..." : submitLabel}
      </button>
    </Form>
  );
}
