import { describe, expect, it } from "vitest";
import { checkArticleImage } from "./article-image";
import { ARTICLE_IMAGE_ACCEPT, ARTICLE_IMAGE_MESSAGES, MAX_ARTICLE_IMAGE_BYTES } from "./limits";

const INVALID = "Per favore seleziona un file immagine valido";
const TOO_LARGE = "Il file è troppo grande. Dimensione massima: 5MB";

describe("checkArticleImage", () => {
  it("keeps the spec's messages and limit", () => {
    expect(ARTICLE_IMAGE_MESSAGES.invalid).toBe(INVALID);
    expect(ARTICLE_IMAGE_MESSAGES.tooLarge).toBe(TOO_LARGE);
    expect(MAX_ARTICLE_IMAGE_BYTES).toBe(5_242_880);
    expect(ARTICLE_IMAGE_MESSAGES.uploadFailed("rete assente")).toBe("Errore nel caricamento dell'immagine: rete assente");
  });

  it.each([
    ["image/jpeg", "foto.jpeg"],
    ["image/jpeg", "foto.jpg"],
    ["image/jpg", "foto.jpg"],
    ["image/png", "gatto.png"],
    ["image/webp", "cane.webp"],
    ["image/gif", "coniglio.gif"],
    ["IMAGE/PNG", "GATTO.PNG"],
  ])("accepts %s (%s)", (type, name) => {
    expect(checkArticleImage({ type, name, size: 120_000 })).toBeNull();
  });

  it("accepts a file of exactly 5 MB and refuses one byte more", () => {
    expect(checkArticleImage({ type: "image/png", name: "a.png", size: 5_242_880 })).toBeNull();
    expect(checkArticleImage({ type: "image/png", name: "a.png", size: 5_242_881 })).toBe(TOO_LARGE);
  });

  it.each([
    ["text/html", "pagina.jpg"],
    ["application/pdf", "documento.pdf"],
    ["image/avif", "foto.avif"],
    ["image/tiff", "scansione.tiff"],
    ["image/svg+xml", "logo.svg"],
    ["image/heic", "iphone.heic"],
  ])("refuses %s (%s) as not an accepted image", (type, name) => {
    expect(checkArticleImage({ type, name, size: 1000 })).toBe(INVALID);
  });

  it("falls back on the extension when the browser reports no type", () => {
    expect(checkArticleImage({ type: "", name: "foto.JPG", size: 1000 })).toBeNull();
    expect(checkArticleImage({ type: "", name: "foto.bmp", size: 1000 })).toBe(INVALID);
    expect(checkArticleImage({ type: "", name: "senza-estensione", size: 1000 })).toBe(INVALID);
  });

  it("reports the type before the size", () => {
    expect(checkArticleImage({ type: "application/zip", name: "archivio.zip", size: 50_000_000 })).toBe(INVALID);
  });

  it("offers only the accepted types to the file picker", () => {
    expect(ARTICLE_IMAGE_ACCEPT.split(",")).toEqual(
      expect.arrayContaining(["image/jpeg", "image/png", "image/webp", "image/gif", ".jpg", ".jpeg"]),
    );
    expect(ARTICLE_IMAGE_ACCEPT).not.toContain("avif");
  });
});
