// The public forms' refusal box: each field shows its own message beside it (FieldError), and this
// box announces the first one at once (role=alert), so a person hears one clear problem at a time.
// Its id is the form's error id by default, which the form points to (aria-describedby) when the
// refusal names no field.
import { messagesOf } from "~/components/form/zod-form";
import { Notice } from "~/components/notice";

export function FormAlert({ form, id, className }: { form: { errorId: string; allErrors: Record<string, string[]> }; id?: string; className?: string }) {
  const [first] = messagesOf(form.allErrors);
  if (!first) return null;
  return (
    <Notice tone="error" id={id ?? form.errorId} className={className}>
      {first}
    </Notice>
  );
}
