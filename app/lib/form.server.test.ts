import { describe, expect, it } from "vitest";
import { decodeParams, readForm, readQuery, UNREADABLE_FORM } from "./form.server";
import { hasNul, INPUT_MESSAGES } from "./input";

const post = (body: BodyInit | null, headers?: Record<string, string>) => new Request("http://localhost/contact", { method: "POST", body, headers });
const urlencoded = (body: string | Uint8Array<ArrayBuffer>) => post(body, { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" });
const multipart = (boundary: string, body: string | Uint8Array<ArrayBuffer>) => post(body, { "content-type": `multipart/form-data; boundary=${boundary}` });
const textPart = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe("hasNul", () => {
  it("finds a NUL character anywhere in the text", () => {
    expect(hasNul("a\0b")).toBe(true);
    expect(hasNul("\0")).toBe(true);
    expect(hasNul("Forlì «Luna» 🐾")).toBe(false);
  });
});

describe("readForm", () => {
  it("reads a form as the browser sends it, urlencoded or multipart, with the last value of each name", async () => {
    const form = new URLSearchParams({ name: "Giulia Rossi", message: "Città: Forlì — «ciao» & 100% 🐾" });
    form.append("name", "Giulia Bianchi");
    expect(await readForm(urlencoded(form.toString()))).toEqual({
      ok: true,
      fields: { name: "Giulia Bianchi", message: "Città: Forlì — «ciao» & 100% 🐾" },
      files: [],
    });
    const data = new FormData();
    data.set("name", "Giulia");
    data.set("allegato", new File(["x"], "x.txt"));
    expect(await readForm(post(data))).toEqual({ ok: true, fields: { name: "Giulia" }, files: [] });
  });

  it("refuses a NUL character in any value or name, in either encoding", async () => {
    for (const request of [
      urlencoded("name=a%00b&email=x%40y.it"),
      urlencoded("na%00me=Luna"),
      multipart("b", `${textPart("b", "name", "a\0b")}--b--\r\n`),
      multipart("b", `${textPart("b", "na\0me", "Luna")}--b--\r\n`),
    ]) {
      expect(await readForm(request)).toEqual(UNREADABLE_FORM);
    }
  });

  it("refuses malformed percent-encoding and bytes that are not UTF-8", async () => {
    for (const body of ["name=%ZZ", "name=%E0%A4%A", "name=%FF", "name=100%", new Uint8Array([0x6e, 0x3d, 0xff, 0xfe])]) {
      expect(await readForm(urlencoded(body)), String(body)).toEqual(UNREADABLE_FORM);
    }
    const bad = new Uint8Array([...Buffer.from(`--b\r\nContent-Disposition: form-data; name="name"\r\n\r\n`), 0xc3, 0x28, ...Buffer.from("\r\n--b--\r\n")]);
    expect(await readForm(multipart("b", bad))).toEqual(UNREADABLE_FORM);
  });

  it("refuses a malformed or cut-off multipart body, and one without a boundary", async () => {
    expect(await readForm(multipart("b", "--b\r\nnon è un'intestazione\r\n"))).toEqual(UNREADABLE_FORM);
    expect(await readForm(multipart("b", `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nmeta`))).toEqual(UNREADABLE_FORM);
    expect(await readForm(post("name=Luna", { "content-type": "multipart/form-data" }))).toEqual(UNREADABLE_FORM);
    expect(await readForm(multipart("b", ""))).toEqual(UNREADABLE_FORM);
  });

  it("refuses a body that is not a form: JSON, plain text, none", async () => {
    expect(await readForm(post('{"name":"Luna"}', { "content-type": "application/json" }))).toEqual(UNREADABLE_FORM);
    expect(await readForm(post("name=Luna", { "content-type": "text/plain" }))).toEqual(UNREADABLE_FORM);
    expect(await readForm(post(null))).toEqual(UNREADABLE_FORM);
  });

  it("answers with the domain failure shape and the one Italian message", () => {
    expect(UNREADABLE_FORM).toEqual({ ok: false, status: 400, error: "Il modulo inviato non è leggibile: ricarica la pagina e riprova" });
  });
});

describe("decodeParams and readQuery", () => {
  const get = (query: string) => new Request(`http://localhost/pet-listings${query}`);

  it("decode a query as URLSearchParams would, + as a space", () => {
    expect([...decodeParams("q=gatto+nero&petType=cat&vuoto=&solo")!]).toEqual([
      ["q", "gatto nero"],
      ["petType", "cat"],
      ["vuoto", ""],
      ["solo", ""],
    ]);
    expect(readQuery(get("?q=Forl%C3%AC+100%25")).get("q")).toBe("Forlì 100%");
    expect([...readQuery(get(""))]).toEqual([]);
  });

  it("throw a 400 with the Italian message for a NUL, a malformed escape or bytes that are not UTF-8", () => {
    for (const query of ["?q=a%00b", "?q%00=a", "?q=%ZZ", "?q=%E0%A4%A", "?q=%FF", "?page=1&q=%"]) {
      let thrown: unknown;
      try {
        readQuery(get(query));
      } catch (error) {
        thrown = error;
      }
      expect(thrown, query).toMatchObject({ init: { status: 400 }, data: { error: INPUT_MESSAGES.badAddress } });
    }
  });
});
