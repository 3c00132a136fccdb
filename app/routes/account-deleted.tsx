import { Link } from "react-router";
import { ACCOUNT_DELETION_MESSAGES as M } from "~/accounts/gdpr-validation";

// /account-eliminato — where the erasure of an account ends (the visitor is signed out by then).
export const meta = () => [{ title: "Account eliminato — Zampa" }, { name: "robots", content: "noindex" }];

export default function AccountDeleted() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-900">Account eliminato</h1>
      <p role="status" className="mt-4 text-lg text-stone-700">
        {M.deleted}
      </p>
      <p className="mt-8">
        <Link to="/" className="btn-primary">
          Torna alla home
        </Link>
      </p>
    </section>
  );
}
