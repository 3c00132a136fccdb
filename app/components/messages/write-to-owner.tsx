import { Mail, MessageCircle } from "lucide";
import { useFetcher } from "react-router";
import { loginPathBackTo } from "~/lib/return-path";
import { Icon } from "~/components/icon";
import { PlainLink } from "~/components/plain-link";
import { MESSAGE_TEXTS, type WriteToOwnerState } from "~/messages/messages";
import { MessageBox } from "./message-box";

type Answer = { error: string; body: string } | undefined;

/** The form itself: posts to /pet-listing/:id/scrivi, which goes on to the conversation once sent. */
export function WriteToOwnerForm({ listingId, error = null, body = "", headingLevel = 3 }: { listingId: string; error?: string | null; body?: string; headingLevel?: 1 | 3 }) {
  const fetcher = useFetcher<Answer>();
  const sending = fetcher.state !== "idle";
  const shown = sending ? null : (fetcher.data?.error ?? error);
  const Heading = headingLevel === 1 ? "h1" : "h3";
  return (
    <fetcher.Form method="post" action={`/pet-listing/${listingId}/scrivi`} className="space-y-3">
      <Heading className={headingLevel === 1 ? "text-3xl font-bold text-stone-900" : "font-bold text-stone-900"}>Scrivi all&apos;inserzionista</Heading>
      <p className="text-sm text-stone-700">Il messaggio resta su Zampa: il tuo indirizzo email e il tuo numero non vengono mostrati.</p>
      <MessageBox label="Il tuo messaggio" defaultValue={body} error={shown} rows={4} />
      <button type="submit" className="btn-primary" disabled={sending}>
        <Icon node={Mail} aria-hidden size={18} /> {sending ? "Invio in corso..." : "Invia messaggio"}
      </button>
    </fetcher.Form>
  );
}

/** The listing page's part of "Scrivi all'inserzionista", by who is looking (decision 0090). */
export function WriteToOwner({ listingId, state, emailUnverified }: { listingId: string; state: WriteToOwnerState; emailUnverified: boolean }) {
  if (!state) return null;
  return (
    <div className="mt-5 border-t border-stone-200 pt-5">
      {state.kind === "visitor" ? (
        <PlainLink to={loginPathBackTo(`/pet-listing/${listingId}`)} className="btn-secondary">
          <Icon node={MessageCircle} aria-hidden size={18} /> Accedi per scrivere all&apos;inserzionista
        </PlainLink>
      ) : state.kind === "open" ? (
        <>
          <p className="text-sm text-stone-700">Hai già scritto a questo inserzionista.</p>
          <PlainLink to={`/dashboard/messaggi/${state.conversationId}`} className="btn-secondary mt-2">
            <Icon node={MessageCircle} aria-hidden size={18} /> Apri la conversazione
          </PlainLink>
        </>
      ) : emailUnverified ? (
        <p className="text-sm text-stone-800">{MESSAGE_TEXTS.mustVerify}</p>
      ) : (
        <WriteToOwnerForm listingId={listingId} />
      )}
    </div>
  );
}
