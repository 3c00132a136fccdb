// The form kit: a server refusal becomes Conform's errors on the right fields, and a form rendered
// with the kit is wired the way the browser and screen readers need it.
import { getFormProps, getInputProps } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FieldError, FormErrors } from "./form-messages";
import { messagesOf, replyOf, useZodForm } from "./zod-form";

describe("replyOf", () => {
  it("puts each field's message on its field, validated so that it shows", () => {
    expect(replyOf({ ok: false, error: "Errore", fieldErrors: { name: "Il nome è obbligatorio", slug: "Slug già usato" } })).toEqual({
      status: "error",
      error: { name: ["Il nome è obbligatorio"], slug: ["Slug già usato"] },
      state: { validated: { name: true, slug: true } },
    });
  });

  it("puts a refusal that names no field on the whole form", () => {
    expect(replyOf({ ok: false, error: "Sessione scaduta" })).toEqual({ status: "error", error: { "": ["Sessione scaduta"] }, state: { validated: { "": true } } });
    expect(replyOf({ ok: false, error: "Sessione scaduta", fieldErrors: {} })?.error).toEqual({ "": ["Sessione scaduta"] });
  });

  it("is no result for a success, nothing yet, or another shape", () => {
    expect(replyOf({ ok: true, message: "Salvato" })).toBeUndefined();
    expect(replyOf(undefined)).toBeUndefined();
    expect(replyOf({ ok: false })).toBeUndefined();
    expect(replyOf("errore")).toBeUndefined();
  });
});

describe("messagesOf", () => {
  it("lists the form's message first, then each field's, once each", () => {
    expect(messagesOf({ name: ["A"], "": ["F"], slug: ["A", "B"] })).toEqual(["F", "A", "B"]);
    expect(messagesOf({})).toEqual([]);
  });
});

const schema = z.object({ name: z.string({ error: "Il nome è obbligatorio" }).min(1, "Il nome è obbligatorio").max(80), note: z.string().max(10).optional() });

function Sample({ answer }: { answer: unknown }) {
  const [form, fields] = useZodForm({ id: "sample", schema, answer });
  return (
    <form method="post" {...getFormProps(form)}>
      <label htmlFor={fields.name.id}>Nome</label>
      <input {...getInputProps(fields.name, { type: "text" })} />
      <FieldError field={fields.name} />
      <input {...getInputProps(fields.note, { type: "text" })} aria-label="Nota" />
      <FormErrors title="Errore durante il salvataggio" form={form} />
    </form>
  );
}

function render(answer: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Sample answer={answer} />, HydrateFallback: () => null }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("a form built with the kit", () => {
  it("marks the fields the schema requires and shows no error before a refusal", () => {
    const html = render(undefined);
    expect(html).toMatch(/<input required="" id="sample-name"/);
    expect(html).toMatch(/<input id="sample-note"/);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain('role="alert"');
  });

  it("shows a server refusal beside its field, wired with aria, and in the summary", () => {
    const html = render({ ok: false, error: "Errore", fieldErrors: { name: "Il nome è obbligatorio" } });
    expect(html).toMatch(/id="sample-name"[^>]*aria-invalid="true"[^>]*aria-describedby="sample-name-error"/);
    expect(html).toContain('<p id="sample-name-error" class="mt-1 text-sm font-medium text-red-800">Il nome è obbligatorio</p>');
    expect(html).toContain('role="alert"');
    expect(html).toContain("Errore durante il salvataggio");
  });

  it("reads the constraints of a schema transformed as a whole from its fields", () => {
    const whole = schema.transform(({ name, note }) => ({ label: `${name} ${note ?? ""}` }));
    function Whole() {
      const [form, fields] = useZodForm({ id: "whole", schema: whole });
      return (
        <form method="post" {...getFormProps(form)}>
          <input {...getInputProps(fields.name, { type: "text" })} aria-label="Nome" />
        </form>
      );
    }
    const Stub = createRoutesStub([{ path: "/", Component: Whole, HydrateFallback: () => null }]);
    expect(renderToString(<Stub initialEntries={["/"]} />)).toMatch(/<input required="" id="whole-name"/);
  });
});
