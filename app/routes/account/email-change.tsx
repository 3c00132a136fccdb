// The two links of an e-mail change (decision 0077): /email-change/confirm (sent to the new address)
// and /email-change/cancel (sent to the old one). Opening a link only shows what it would do, or why
// it no longer works; the button does it, so a mail scanner that opens links changes nothing.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/email-change";
import { cancelEmailChange, checkEmailLink, confirmEmailChange } from "~/accounts/email-change.server";
import { EMAIL_CHANGE_PATHS, type EmailLinkKind } from "~/accounts/profile-validation";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { Notice } from "~/components/notice";

const TITLES: Record<EmailLinkKind, string> = {
  confirm: "Conferma del nuovo indirizzo email",
  cancel: "Annulla il cambio di indirizzo email",
};

function kindOf(step: string): EmailLinkKind {
  if (step === "confirm" || step === "cancel") return step;
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const kind = args.params.step === "cancel" ? "cancel" : "confirm";
  return pageMeta(args, { title: TITLES[kind], canonicalPath: EMAIL_CHANGE_PATHS[kind], noindex: true });
};

// The token is in the address: no other site may receive it as a referrer, and no cache keeps it.
// "same-origin", not "no-referrer": with no-referrer a browser posts the form without JavaScript
// with `Origin: null`, which the origin check refuses (decision 0003).
export const headers = () => ({ "referrer-policy": "same-origin", "cache-control": "no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = kindOf(params.step);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await checkEmailLink(kind, token);
  if (!link.usable) return data({ kind, token: "", newEmail: "", oldEmail: "", error: link.error }, { status: link.status });
  return { kind, token, newEmail: link.newEmail, oldEmail: link.oldEmail, error: null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const kind = kindOf(params.step);
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, text: read.error }, { status: read.status });
  const result = kind === "confirm" ? await confirmEmailChange(read.fields.token) : await cancelEmailChange(read.fields.token);
  if (!result.ok) return data({ ok: false as const, text: result.error }, { status: result.status });
  // Explicit: the page's loader, run again after the action, answers 410 for the link now spent.
  return data({ ok: true as const, text: result.message }, { status: 200 });
}

export default function EmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { kind, token, newEmail, oldEmail, error } = loaderData;
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith(EMAIL_CHANGE_PATHS[kind]) === true;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">{TITLES[kind]}</h1>
      {actionData ? (
        <Notice tone={actionData.ok ? "success" : "error"} className="mt-8">
          {actionData.text}
        </Notice>
      ) : error ? (
        <Notice tone="error" className="mt-8">
          {error}
        </Notice>
      ) : (
        <Form method="post" noValidate className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="token" value={token} />
          {kind === "confirm" ? (
            <p className="text-stone-700">
              Il tuo account Zampa userà l'indirizzo <strong className="break-words">{newEmail}</strong> al posto di{" "}
              <strong className="break-words">{oldEmail}</strong>.
            </p>
          ) : (
            <p className="text-stone-700">
              È stato chiesto di cambiare l'indirizzo del tuo account Zampa in <strong className="break-words">{newEmail}</strong>. Se lo annulli,
              l'account continua a usare <strong className="break-words">{oldEmail}</strong>.
            </p>
          )}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {kind === "confirm" ? (submitting ? "Conferma in corso..." : "Conferma il nuovo indirizzo") : submitting ? "Annullamento..." : "Annulla il cambio"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        <Link to="/dashboard/profile" className="font-semibold text-brand-800 underline">
          Vai al tuo profilo
        </Link>
      </p>
    </div>
  );
}
