import type { ReactNode } from "react";

const TONES = {
  error: { role: "alert", colours: "border-red-200 bg-red-50 text-red-800" },
  success: { role: "status", colours: "border-green-200 bg-green-50 text-green-900" },
} as const;

/**
 * A form's answer in a box: an error is announced at once (role=alert), a success politely
 * (role=status). The one look of these messages across the site's forms.
 */
export function Notice({ tone, id, className = "", children }: { tone: keyof typeof TONES; id?: string; className?: string; children: ReactNode }) {
  const { role, colours } = TONES[tone];
  return (
    <p id={id} role={role} className={`${className} rounded-lg border px-3 py-2 text-sm ${colours}`.trim()}>
      {children}
    </p>
  );
}
