import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "./form-messages";

/** A form's e-mail address field, labelled "Email", with its message under it. */
export function EmailField({ field }: { field: FieldMetadata<string | undefined> }) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Email
      </label>
      <input {...getInputProps(field, { type: "email" })} autoComplete="email" className="field-input" />
      <FieldError field={field} />
    </div>
  );
}
