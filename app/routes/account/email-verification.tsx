import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/email-verification";
import { isEmailVerified, resendVerification } from "~/accounts/recovery.server";
import { RECOVERY_MESSAGES as R } from "~/accounts/recovery-messages";
import { getCurrentUser } from "~/accounts/session.server";
import { actionAnswer, refusal } from "~/lib/action-answer.server";
import { readForm } from "~/lib/form.server";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";
import { pageMeta } from "~/lib/seo";
import { EmailAddressField, MailLinkForm } from "~/components/account/mail-link-form";
import { Notice } from "~/components/notice";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Conferma dell'indirizzo email", canonicalPath: "/email-verification", noindex: true });

// Where the verification link lands (?verified=1, with &error=… when the link is spent or wrong),
// and the form that sends the link again.
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const viewer = await getCurrentUser(request);
  const verified = viewer ? await isEmailVerified(viewer.id) : false;
  const linkError = query.has("error");
  const justVerified = query.get("verified") === "1" && !linkError;
  // A sign-up that started from a page (?redirectTo=, decision 0092): the sign-in link goes back there.
  const back = safeReturnPath(query.get("redirectTo"));
  return { signedIn: viewer !== null, email: viewer?.email ?? null, verified, linkError, justVerified, back };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return refusal(read);
  const viewer = await getCurrentUser(request);
  return actionAnswer(await resendVerification(viewer, read.fields, request.headers));
}

export default function EmailVerification({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/email-verification") === true;
  const { signedIn, email, verified, linkError, justVerified, back } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">Conferma dell'indirizzo email</h1>
      {justVerified ? (
        <Notice tone="success" className="mt-8">
          {R.verified}
        </Notice>
      ) : null}
      {linkError ? (
        <Notice tone="error" className="mt-8">
          {R.verifyLinkInvalid}
        </Notice>
      ) : null}
      {signedIn && verified ? (
        justVerified ? null : (
          <Notice tone="success" className="mt-8">
            {R.alreadyVerified}
          </Notice>
        )
      ) : (
        <MailLinkForm
          sent={actionData?.ok ? actionData.message : null}
          error={actionData && !actionData.ok ? actionData.error : null}
          submitting={submitting}
          submitLabel="Invia di nuovo l'email di conferma"
        >
          <input type="hidden" name="type" value="signup" />
          {signedIn ? (
            <p className="text-stone-700">
              Ti invieremo di nuovo il link di conferma all'indirizzo <strong>{email}</strong>.
            </p>
          ) : (
            <EmailAddressField />
          )}
        </MailLinkForm>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        <Link to={signedIn ? (back ?? "/dashboard/profile") : back ? loginPathBackTo(back) : "/login"} className="font-semibold text-brand-800 underline">
          {signedIn ? (back ? "Continua" : "Vai al profilo") : "Vai all'accesso"}
        </Link>
      </p>
    </div>
  );
}
