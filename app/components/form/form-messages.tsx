// Where a form's messages appear: each beside its field, and all of them in a summary read out
// when a save is refused (role=alert), with the page's own title for the refusal.
import { messagesOf } from "./zod-form";

/** A field's message, under the field; the field points to it (Conform's aria-describedby). */
export function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

/** The refusal of a save: the title (the spec's message), then each problem. */
export function ErrorSummary({ title, errors }: { title: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A Conform form's summary: every message it shows now. */
export function FormErrors({ title, form }: { title: string; form: { allErrors: Record<string, string[]> } }) {
  return <ErrorSummary title={title} errors={messagesOf(form.allErrors)} />;
}
