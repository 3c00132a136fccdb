import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { requestPasswordRecovery } from "~/accounts/recovery.server";
import { actionAnswer, refusal } from "~/lib/action-answer.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { EmailAddressField, MailLinkForm } from "~/components/account/mail-link-form";
import { Notice } from "~/components/notice";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Password dimenticata",
    description: "Ricevi via email il link per reimpostare la password del tuo account Zampa.",
    canonicalPath: "/forgot-password",
    noindex: true,
  });

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return refusal(read);
  return actionAnswer(await requestPasswordRecovery(read.fields, request.headers));
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/forgot-password") === true;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">Password dimenticata?</h1>
      <p className="mt-2 text-center text-stone-700">
        Inserisci l'indirizzo email del tuo account: ti invieremo un link per sceglierne una nuova.
      </p>
      {actionData?.ok ? (
        <Notice tone="success" className="mt-8">
          {actionData.message}
        </Notice>
      ) : (
        <MailLinkForm error={actionData && !actionData.ok ? actionData.error : null} submitting={submitting} submitLabel="Invia il link">
          <EmailAddressField />
        </MailLinkForm>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        <Link to="/login" className="font-semibold text-brand-800 underline">
          Torna all'accesso
        </Link>
      </p>
    </div>
  );
}
