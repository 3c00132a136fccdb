// Zampa's contact details, defined once for the contact page, the legal pages and wherever else
// they are shown.
import { Clock, Mail, MapPin } from "lucide";
import { Icon } from "~/components/icon";

export const CONTACT_EMAIL = "info@zampa.it";
export const CONTACT_ADDRESS = "Via Melchiorre Gioia 8, 20124 Milano (MI)";
export const CONTACT_HOURS = "Lunedì–Venerdì 9:00–18:00";
export const REPLY_PROMISE = "Rispondiamo entro 24–48 ore";

export function ContactDetails({ className }: { className?: string }) {
  const term = "flex items-center gap-2 font-semibold text-stone-900";
  const icon = "shrink-0 text-brand-700";
  const detail = "mt-1 pl-7 text-stone-700";
  return (
    <dl className={className ? `space-y-5 ${className}` : "space-y-5"}>
      <div>
        <dt className={term}>
          <Icon node={MapPin} aria-hidden size={20} className={icon} />
          Indirizzo
        </dt>
        <dd className={detail}>{CONTACT_ADDRESS}</dd>
      </div>
      <div>
        <dt className={term}>
          <Icon node={Mail} aria-hidden size={20} className={icon} />
          E-mail
        </dt>
        <dd className={detail}>
          <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
            {CONTACT_EMAIL}
          </a>
        </dd>
      </div>
      <div>
        <dt className={term}>
          <Icon node={Clock} aria-hidden size={20} className={icon} />
          Orari
        </dt>
        <dd className={detail}>{CONTACT_HOURS}</dd>
        <dd className={`${detail} text-sm`}>{REPLY_PROMISE}.</dd>
      </div>
    </dl>
  );
}
