// A create/edit form sent with a fetcher (the back office's dialogs, the person's panels): Conform
// with the form's schema, and `onSaved` called once per successful answer.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useZodForm, type FormAnswer, type FormSchema, type ZodFormOptions } from "./zod-form";

export function useSaveForm<S extends FormSchema>({ onSaved, ...options }: Omit<ZodFormOptions<S>, "answer"> & { onSaved: (message: string) => void }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useZodForm({ ...options, answer: fetcher.data });
  const handled = useRef<unknown>(undefined);
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) onSaved(result.message ?? "");
  }, [fetcher.state, result, onSaved]);

  return { fetcher, busy: fetcher.state !== "idle", form, fields };
}
