// "Accedi con {provider}" on the sign-in page, when single sign-on is configured (OIDC_NAME). A plain
// form (a whole-page POST): the answer is a redirect to the provider's own site.
export function SsoButton({ name, error }: { name: string; error: string | null }) {
  return (
    <div className="mt-6 space-y-3">
      <p className="flex items-center gap-3 text-sm text-stone-600" aria-hidden>
        <span className="h-px flex-1 bg-stone-300" /> oppure <span className="h-px flex-1 bg-stone-300" />
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <form method="post" action="/login">
        <input type="hidden" name="intent" value="sso" />
        <button type="submit" className="btn-secondary w-full">
          Accedi con {name}
        </button>
      </form>
    </div>
  );
}
