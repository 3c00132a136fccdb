import { Form } from "react-router";

/**
 * The profile's e-mail verification section (decision 0058): whether the address is confirmed, and
 * the resend button when it is not (a plain form post to /email-verification, which answers).
 */
export function VerificationSection({ email, verified }: { email: string; verified: boolean }) {
  return (
    <section aria-labelledby="verification-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="verification-title" className="text-lg font-semibold text-stone-900">
        Verifica dell'account
      </h2>
      {verified ? (
        <p className="mt-2 text-stone-700">
          L'indirizzo <strong className="break-words">{email}</strong> è confermato.
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-700">
            L'indirizzo <strong className="break-words">{email}</strong> non è ancora confermato: finché non lo confermi non puoi votare né
            partecipare ai concorsi.
          </p>
          <Form method="post" action="/email-verification" reloadDocument className="mt-3">
            <input type="hidden" name="type" value="signup" />
            <button type="submit" className="btn-primary">
              Invia di nuovo l'email di conferma
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
