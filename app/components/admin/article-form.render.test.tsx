// The article form as the server renders it (what a browser without JavaScript gets): the fields the
// schema requires, and a refused save's messages beside their fields, wired for screen readers, in
// the summary and in the save bar.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ARTICLE_MESSAGES as M, EMPTY_ARTICLE_FORM, saveError } from "~/articles/validation";
import type { AiUsage } from "~/ai/types";
import NewArticle from "~/routes/admin/articles/new";

const usage: AiUsage = { configured: false, used: 0, limit: 200, remaining: 200, percent: 0 };
const loaderData = { categories: [{ id: "7d3c6a52-8a8e-4d7c-9f43-2b0a4f3e9c11", name: "Cani", slug: "cani" }], ai: { usage, model: null } };

function render(actionData?: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path: "/admin/articles/new", Component: NewArticle as ComponentType, HydrateFallback: () => null }]);
  const hydrationData = { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) };
  return renderToString(createElement(Stub, { initialEntries: ["/admin/articles/new"], hydrationData })).replaceAll("<!-- -->", "");
}

/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) => html.match(new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`))?.[0] ?? "";

describe("the article form, rendered by the server", () => {
  it("marks the fields the schema requires, with Conform's ids, and shows no error before a save", () => {
    const html = render();
    for (const name of ["title", "slug", "categoryId", "excerpt"]) expect(tagOf(html, `article-form-${name}`)).toContain('required=""');
    // A status always has a value: said with aria-required (a required select needs an empty first option).
    expect(tagOf(html, "article-form-status")).toContain('aria-required="true"');
    expect(tagOf(html, "article-form-status")).not.toContain("required=\"\"");
    // A box the schema reads as true or false is not a box that must be ticked.
    expect(tagOf(html, "article-form-isScheduled")).not.toContain("required");
    expect(tagOf(html, "article-form-content")).toContain('aria-labelledby="content-label"');
    expect(tagOf(html, "article-form-slug")).toContain('aria-describedby="article-form-slug-description"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain('role="alert"');
  });

  it("shows a refused save beside each field, in the summary and in the save bar, keeping what was typed", () => {
    const values = { ...EMPTY_ARTICLE_FORM, title: "Solo un titolo" };
    const html = render({
      ok: false,
      error: saveError(M.slugRequired),
      fieldErrors: { slug: M.slugRequired, excerpt: M.excerptRequired, content: M.contentRequired },
      values,
    });
    expect(tagOf(html, "article-form-title")).toContain('value="Solo un titolo"');
    expect(tagOf(html, "article-form-title")).not.toContain("aria-invalid");
    expect(tagOf(html, "article-form-excerpt")).toMatch(/aria-invalid="true"[^>]*aria-describedby="article-form-excerpt-error article-form-excerpt-description"/);
    expect(html).toContain(`<p id="article-form-excerpt-error" class="mt-1 text-sm font-medium text-red-800">${M.excerptRequired.replace("'", "&#x27;")}</p>`);
    // The server's textarea for the content (the editor takes its place in the browser).
    expect(tagOf(html, "article-form-content")).toMatch(/aria-invalid="true"[^>]*aria-describedby="article-form-content-error"/);
    const summary = html.slice(html.indexOf('id="article-form-error"'));
    expect(summary).toMatch(/^id="article-form-error"><div role="alert"[^>]*><p class="font-semibold">Errore: Inserisci lo slug/);
    expect(summary.match(/<li>/g)).toHaveLength(3);
    // The save bar says it too, with a way to the list.
    const bar = html.slice(html.indexOf('id="save-state"'));
    expect(bar).toMatch(/Errore: Inserisci lo slug[^<]*<a href="#article-form-error"/);
  });

  it("shows a refusal that names no field as the server wrote it, on the form", () => {
    const html = render({ ok: false, error: saveError(M.stale), fieldErrors: {}, values: EMPTY_ARTICLE_FORM });
    expect(html).toContain(`<p role="alert" class="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">${saveError(M.stale).replaceAll("'", "&#x27;")}</p>`);
    expect(tagOf(html, "article-form")).toContain('aria-describedby="article-form-error"');
    expect(html).toContain('id="article-form-error"');
    expect(html).not.toMatch(/<(input|textarea|select)[^>]*aria-invalid/);
    // No list of field errors to point to from the bar.
    expect(html).not.toContain('href="#article-form-error"');
  });
});
