import { Notice } from "~/components/notice";
// "Accedi con {provider}" on the sign-in page, when single sign-on is configured (OIDC_NAME). A plain
// form (a whole-page POST): the answer is a redirect to the provider's own site.
export function SsoButton({ name, error, redirectTo }: { name: string; error: string | null; redirectTo?: string | null }) {
  return (
    <div className="mt-6 space-y-3">
      <p className="flex items-center gap-3 text-sm text-stone-600" aria-hidden>
        <span className="h-px flex-1 bg-stone-300" /> oppure <span className="h-px flex-1 bg-stone-300" />
      </p>
      {error ? (
        <Notice tone="error">
          {error}
        </Notice>
      ) : null}
      <form method="post" action="/login">
        <input type="hidden" name="intent" value="sso" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <button type="submit" className="btn-secondary w-full">
          Accedi con {name}
        </button>
      </form>
    </div>
  );
}
