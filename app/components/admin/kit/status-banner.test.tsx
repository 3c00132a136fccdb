// The back office's status banner: one live region, always in the page, holding what the last
// action said; and the text an action's answer gives it.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { StatusBanner, statusOfAnswer, useActionStatus, type BannerStatus } from "./status-banner";

describe("statusOfAnswer", () => {
  it("is the answer's message, or its error after the screen's words for what failed", () => {
    expect(statusOfAnswer({ ok: true, message: "Messaggio archiviato" }, { key: 3 })).toEqual({ kind: "success", text: "Messaggio archiviato", key: 3 });
    expect(statusOfAnswer({ ok: false, error: "Messaggio non trovato" })).toEqual({ kind: "error", text: "Messaggio non trovato", key: 0 });
    expect(statusOfAnswer({ ok: false, error: "Non trovato" }, { errorPrefix: "Errore durante l'eliminazione" })?.text).toBe("Errore durante l'eliminazione: Non trovato");
  });

  it("is nothing while the action travels, without an answer, or for a success with nothing to say", () => {
    expect(statusOfAnswer({ ok: true, message: "Fatto" }, { busy: true })).toBeNull();
    expect(statusOfAnswer(undefined)).toBeNull();
    expect(statusOfAnswer({ ok: true })).toBeNull();
  });
});

describe("StatusBanner", () => {
  it("is a live region that stays in the page when it has nothing to say, and can take the focus", () => {
    const html = renderToString(<StatusBanner status={null} />);
    expect(html).toMatch(/^<div tabindex="-1" role="status" aria-live="polite" aria-atomic="true"[^>]*><\/div>$/);
  });

  it("shows a success and an error in their own colours", () => {
    const success = renderToString(<StatusBanner status={{ kind: "success", text: "Messaggio eliminato.", key: 0 }} />);
    expect(success).toContain('data-kind="success"');
    expect(success).toContain("text-green-900");
    expect(success).toContain(">Messaggio eliminato.</p>");
    const error = renderToString(<StatusBanner status={{ kind: "error", text: "Operazione non valida", key: 1 }} />);
    expect(error).toContain('data-kind="error"');
    expect(error).toContain("text-red-800");
  });
});

describe("useActionStatus", () => {
  const render = (initial: BannerStatus, fetcher: { state: string; data?: { ok: true; message: string } }) => {
    function Page() {
      return <StatusBanner status={useActionStatus(fetcher, { initial })} />;
    }
    const Stub = createRoutesStub([{ path: "/admin/contacts", Component: Page }]);
    return renderToString(createElement(Stub, { initialEntries: ["/admin/contacts?deleted=1"] }));
  };

  it("starts with what the address says", () => {
    expect(render({ kind: "success", text: "Messaggio eliminato.", key: 0 }, { state: "idle" })).toContain("Messaggio eliminato.");
    expect(render(null, { state: "idle" })).not.toContain("<p");
  });
});
