// The card grid and the item editor as the server renders them: the cards with buttons named after
// their item, the empty state with its next step, the page's own buttons beside "Modifica" and
// "Elimina"; the form's field with its label, hint and message wired for screen readers.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CardGrid, type CardGridProps } from "./card-grid";
import { Field } from "./field";
import { EditDeleteMenu } from "./row-actions";

type Pet = { id: string; name: string };

function render(node: () => ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => node(), HydrateFallback: () => null }]);
  return renderToString(<Stub initialEntries={["/"]} />).replaceAll("<!-- -->", "");
}

const grid = (overrides: Partial<CardGridProps<Pet>> = {}) =>
  render(() => (
    <CardGrid<Pet>
      title="Animali"
      intro="Gli animali di prova."
      addLabel="Nuovo animale"
      items={[
        { id: "1", name: "Fido" },
        { id: "2", name: "Micio <b>" },
      ]}
      listLabel="Elenco degli animali"
      empty={{ title: "Nessun animale: creane uno.", action: "Crea il primo animale" }}
      what={(pet) => `l'animale «${pet.name}»`}
      card={(pet) => <h2>{pet.name}</h2>}
      name="pet"
      formTitle={(pet) => (pet ? "Modifica animale" : "Nuovo animale")}
      form={() => <p>modulo</p>}
      deleteQuestion={(pet) => `Vuoi eliminare «${pet.name}»?`}
      deleteError="Errore durante l'eliminazione"
      {...overrides}
    />
  ));

describe("CardGrid", () => {
  it("renders the title, the new button, and each card with its named buttons (text escaped)", () => {
    const html = grid();
    expect(html).toContain("<h1");
    expect(html).toContain("Nuovo animale");
    expect(html).toContain('aria-label="Elenco degli animali"');
    expect(html).toContain('aria-label="Modifica l&#x27;animale «Fido»"');
    expect(html).toContain('aria-label="Elimina l&#x27;animale «Micio &lt;b&gt;»"');
    expect(html).not.toContain("<b>");
    // The status banner is in the page before anything happens, so that each message is announced.
    expect(html).toContain('role="status"');
    // Nothing is being edited: no form yet.
    expect(html).not.toContain("modulo");
  });

  it("shows the empty state with its next step", () => {
    const html = grid({ items: [] });
    expect(html).toContain("Nessun animale: creane uno.");
    expect(html).toContain("Crea il primo animale");
    expect(html).not.toContain("<ul");
  });

  it("puts the page's own buttons around Modifica and Elimina", () => {
    const html = grid({ actions: (pet, editDelete) => [<a key="a" href={`/pets/${pet.id}`}>Apri</a>, <span key="b">{editDelete}</span>] });
    expect(html).toContain('href="/pets/1"');
    expect(html.indexOf("Apri")).toBeLessThan(html.indexOf("Modifica l&#x27;animale «Fido»"));
  });

  it("an inline form says whether it is open on its button", () => {
    expect(grid({ inline: true })).toContain('aria-expanded="false"');
    expect(grid()).not.toContain("aria-expanded");
  });
});

describe("EditDeleteMenu", () => {
  it("offers only what the row allows", () => {
    const both = render(() => <EditDeleteMenu name="Fido" editHref="?edit=1" onDelete={() => undefined} />);
    expect(both).toContain('aria-label="Modifica «Fido»"');
    expect(both).toContain('aria-label="Elimina «Fido»"');
    const editOnly = render(() => <EditDeleteMenu name="Fido" editHref="?edit=1" />);
    expect(editOnly).not.toContain("Elimina");
    const deleteOnly = render(() => <EditDeleteMenu name="Fido" onDelete={() => undefined} />);
    expect(deleteOnly).not.toContain("Modifica");
    const inPage = render(() => <EditDeleteMenu name="Fido" onEdit={() => undefined} />);
    expect(inPage).toMatch(/<button type="button"[^>]*aria-label="Modifica «Fido»"/);
  });
});

describe("Field", () => {
  const field = { id: "pet-name", descriptionId: "pet-name-description", errorId: "pet-name-error" };

  it("labels the control, says when it may stay empty, and shows its hint and message", () => {
    const html = render(() => (
      <Field field={{ ...field, errors: ["Il nome è obbligatorio"] }} label="Nome" optional="facoltativo" hint="Come lo chiami.">
        <input id="pet-name" />
      </Field>
    ));
    expect(html).toContain('<label for="pet-name" class="field-label">Nome<span class="font-normal text-stone-600"> (facoltativo)</span></label>');
    expect(html).toContain('<p id="pet-name-description"');
    expect(html).toContain('<p id="pet-name-error"');
    expect(html).toContain("Il nome è obbligatorio");
  });

  it("has no hint or message when there is none", () => {
    const html = render(() => (
      <Field field={field} label="Nome">
        <input id="pet-name" />
      </Field>
    ));
    expect(html).not.toContain("pet-name-description");
    expect(html).not.toContain("pet-name-error");
  });
});
