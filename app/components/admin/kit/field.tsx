// One field of a back-office form: its label (with "facoltativo" where it may stay empty), the
// control, a hint the control points to, and the field's message. The control comes from the form
// kit (Conform's getInputProps and friends), which wires its id, aria-invalid and aria-describedby.
import type { ReactNode } from "react";
import { FieldError } from "~/components/form/form-messages";

export function Field({
  field,
  label,
  optional,
  hint,
  className,
  children,
}: {
  field: { id: string; descriptionId: string; errorId: string; errors?: string[] };
  label: string;
  /** the word that says the field may stay empty, agreeing with the label */
  optional?: "facoltativo" | "facoltativa" | "facoltative";
  /** shown under the control; the control names it with ariaDescribedBy: field.descriptionId */
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="field-label">
        {label}
        {optional ? <span className="font-normal text-stone-600"> ({optional})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
