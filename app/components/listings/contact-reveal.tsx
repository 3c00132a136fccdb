import { LogIn, Mail, Phone } from "lucide";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Icon } from "~/components/icon";
import { Notice } from "~/components/notice";
import { CONTACT_TEXTS as T, REVEAL_MESSAGES, type ContactKind, type RevealAnswer } from "~/listings/contact-texts";
import { loginPathBackTo } from "~/lib/return-path";

interface Props {
  listingId: string;
  title: string;
  messagesOnly: boolean;
  /** the owner's own phone and e-mail: only for the owner and the admins */
  ownContacts: { phone: string; email: string } | null;
  /** the answer of a reveal sent without JavaScript (the page's action) */
  answer: RevealAnswer | null;
}

const ICONS = { phone: Phone, email: Mail } as const;

function hrefOf(kind: ContactKind, value: string, title: string): string {
  return kind === "phone" ? `tel:${value.replace(/[^\d+]/g, "")}` : `mailto:${value}?subject=${encodeURIComponent(T.emailSubject(title))}`;
}

/** A revealed contact: the number or address, and "Chiama ora" / "Invia email". */
function Revealed({ kind, value, title, focus }: { kind: ContactKind; value: string; title: string; focus?: boolean }) {
  const link = useRef<HTMLAnchorElement>(null);
  // The button the keyboard was on is gone: the focus moves to the link that replaced it.
  useEffect(() => {
    if (focus) link.current?.focus();
  }, [focus]);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span className="flex min-w-0 items-center gap-2 break-all text-stone-900">
        <Icon node={ICONS[kind]} aria-hidden size={18} className="shrink-0" />
        <span className="sr-only">{kind === "phone" ? T.phoneLabel : T.emailLabel}: </span>
        <span className="font-semibold">{value}</span>
      </span>
      <a ref={link} href={hrefOf(kind, value, title)} className={kind === "phone" ? "btn-primary" : "btn-secondary"}>
        <Icon node={ICONS[kind]} aria-hidden size={18} /> {kind === "phone" ? T.call : T.sendEmail}
      </a>
    </li>
  );
}

async function askReveal(listingId: string, kind: ContactKind): Promise<RevealAnswer> {
  try {
    const response = await fetch(`/pet-listing/${listingId}/contatto`, {
      method: "POST",
      headers: { accept: "application/json" },
      body: new URLSearchParams({ kind }),
    });
    const body = (await response.json()) as Partial<RevealAnswer>;
    if (response.ok && body.ok && typeof body.value === "string") return { ok: true, kind, value: body.value };
    const error = "error" in body && typeof body.error === "string" ? body.error : REVEAL_MESSAGES.error;
    return { ok: false, kind, error, signIn: response.status === 401 };
  } catch {
    return { ok: false, kind, error: REVEAL_MESSAGES.error, signIn: false };
  }
}

/**
 * The contact section's phone and e-mail (decision 0089): never in the page, revealed on request.
 * "Mostra numero" / "Mostra email" are a form posted to the page itself, so they work without
 * JavaScript; with it, they ask /pet-listing/:id/contatto and show the answer in place.
 */
export function ContactReveal({ listingId, title, messagesOnly, ownContacts, answer }: Props) {
  const [revealed, setRevealed] = useState<Partial<Record<ContactKind, string>>>(() => (answer?.ok ? { [answer.kind]: answer.value } : {}));
  const [refusal, setRefusal] = useState<Extract<RevealAnswer, { ok: false }> | null>(answer && !answer.ok ? answer : null);
  const [pending, setPending] = useState<ContactKind | null>(null);
  const [focusKind, setFocusKind] = useState<ContactKind | null>(null);

  if (ownContacts) {
    return (
      <div className="mt-4 space-y-3">
        <p className="text-sm text-stone-700">{messagesOnly ? T.ownerMessagesOnlyNote : T.ownerNote}</p>
        <ul className="space-y-3">
          {ownContacts.phone ? <Revealed kind="phone" value={ownContacts.phone} title={title} /> : null}
          {ownContacts.email ? <Revealed kind="email" value={ownContacts.email} title={title} /> : null}
        </ul>
      </div>
    );
  }
  if (messagesOnly) return <p className="mt-4 text-sm text-stone-800">{T.messagesOnlyNote}</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const kind = submitter?.value === "phone" || submitter?.value === "email" ? submitter.value : null;
    if (!kind) return;
    event.preventDefault();
    if (pending) return;
    setPending(kind);
    const result = await askReveal(listingId, kind);
    setPending(null);
    if (result.ok) {
      setRevealed((current) => ({ ...current, [kind]: result.value }));
      setRefusal(null);
      setFocusKind(kind);
    } else {
      setRefusal(result);
    }
  }

  const kinds: ContactKind[] = ["phone", "email"];
  const hidden = kinds.filter((kind) => revealed[kind] === undefined);
  return (
    <div className="mt-4 space-y-3">
      {kinds.some((kind) => revealed[kind] !== undefined) ? (
        <ul className="space-y-3">
          {kinds.map((kind) => {
            const value = revealed[kind];
            return value === undefined ? null : <Revealed key={kind} kind={kind} value={value} title={title} focus={focusKind === kind} />;
          })}
        </ul>
      ) : null}
      {hidden.length > 0 ? (
        <form method="post" action={`/pet-listing/${listingId}`} onSubmit={(event) => void submit(event)} className="flex flex-wrap gap-3">
          {hidden.map((kind) => (
            <button key={kind} type="submit" name="kind" value={kind} className={kind === "phone" ? "btn-primary" : "btn-secondary"} aria-disabled={pending !== null}>
              <Icon node={ICONS[kind]} aria-hidden size={18} /> {pending === kind ? T.revealing : kind === "phone" ? T.showPhone : T.showEmail}
            </button>
          ))}
        </form>
      ) : null}
      {refusal ? (
        <div className="space-y-2">
          <Notice tone="error">{refusal.error}</Notice>
          {refusal.signIn ? (
            <a href={loginPathBackTo(`/pet-listing/${listingId}`)} className="btn-secondary">
              <Icon node={LogIn} aria-hidden size={18} /> {T.signIn}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-stone-700">{T.privacyNote}</p>
      )}
    </div>
  );
}
