import { Check, Link2, Mail } from "lucide";
import { Icon } from "~/components/icon";
import { useEffect, useState } from "react";

const COPY_FEEDBACK_MS = 2_000;

function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, popup: true },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, popup: true },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, popup: true },
    { name: "WhatsApp", href: `https://wa.me/?text=${t}%20${u}`, popup: true },
  ];
}

/** Share buttons: network popups of 600×400, e-mail, and copy link with "Copiato!" for 2 s. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const button = "inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50";
  return (
    <div className="flex flex-wrap gap-2">
      {shareLinks(url, title).map((link) => (
        <a
          key={link.name}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          className={button}
          aria-label={`Condividi su ${link.name}`}
          onClick={(event) => {
            const popup = window.open(link.href, `condividi-${link.name}`, "width=600,height=400");
            // A blocked popup falls back to the plain link (a new tab).
            if (popup) {
              popup.opener = null;
              event.preventDefault();
            }
          }}
        >
          {link.name}
        </a>
      ))}
      <a href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`} className={button} aria-label="Condividi via email">
        <Icon node={Mail} aria-hidden size={16} /> Email
      </a>
      <button
        type="button"
        className={button}
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
        }}
      >
        {copied ? <Icon node={Check} aria-hidden size={16} /> : <Icon node={Link2} aria-hidden size={16} />}
        <span aria-live="polite">{copied ? "Copiato!" : "Copia link"}</span>
      </button>
    </div>
  );
}
