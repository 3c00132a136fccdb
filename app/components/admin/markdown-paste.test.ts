import { describe, expect, it } from "vitest";
import { looksLikeMarkdown, shouldPasteAsMarkdown } from "./markdown-paste";

describe("looksLikeMarkdown", () => {
  it.each([
    "## Titolo\n\n- uno\n- due\n\n**grassetto**",
    "# Titolo",
    "Testo con **grassetto** dentro",
    "Testo con *corsivo* dentro",
    "Testo con _corsivo_ dentro",
    "1. primo\n2. secondo",
    "> una citazione",
    "Vedi [il sito](https://example.com)",
    "![gatto](https://example.com/gatto.png)",
    "```\ncodice\n```",
    "testo\n\n---\n\naltro",
    "Usa `npm install`",
  ])("recognises %j", (text) => {
    expect(looksLikeMarkdown(text)).toBe(true);
  });

  it.each([
    "Una frase qualunque.",
    "Prezzo: 5 * 3 = 15",
    "nome_del_file e altro_nome",
    "2024 è stato un anno",
    "Il #1 dei cani",
    "a - b",
    "",
  ])("leaves plain text alone: %j", (text) => {
    expect(looksLikeMarkdown(text)).toBe(false);
  });
});

describe("shouldPasteAsMarkdown", () => {
  it("reads Markdown text without HTML, or with HTML that only colours it", () => {
    expect(shouldPasteAsMarkdown("## Titolo", "")).toBe(true);
    expect(shouldPasteAsMarkdown("## Titolo", '<div style="color:#ccc"><span>## Titolo</span></div>')).toBe(true);
  });

  it("keeps the formatting of HTML from a web page or a word processor", () => {
    expect(shouldPasteAsMarkdown("Titolo **x**", "<h2>Titolo <strong>x</strong></h2>")).toBe(false);
    expect(shouldPasteAsMarkdown("- uno", "<ul><li>uno</li></ul>")).toBe(false);
  });

  it("does nothing for plain text", () => {
    expect(shouldPasteAsMarkdown("Ciao a tutti", "")).toBe(false);
    expect(shouldPasteAsMarkdown("   ", "")).toBe(false);
  });
});
