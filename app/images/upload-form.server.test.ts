import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "./limits";
import { readUploadForm, uploadFormSlots, withUploadForm } from "./upload-form.server";

const post = (body: BodyInit, headers?: Record<string, string>) => new Request("http://localhost/api/pet-listings", { method: "POST", body, headers });
const sha = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A multipart body written by hand, for bodies a browser would never send. */
function multipart(boundary: string, parts: string[], end = `--${boundary}--\r\n`): Request {
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("") + end;
  return post(body, { "content-type": `multipart/form-data; boundary=${boundary}` });
}

describe("reading an upload form", () => {
  it("keeps the text fields and the files of the photo field, each file whole", async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const form = new FormData();
    form.set("title", "Gattina dolcissima a Forlì — «Luna»");
    form.set("city", "Roma");
    form.set("city", "Forlì");
    form.append("images", new File([big], "grande.jpg", { type: "image/jpeg" }));
    form.append("images", new File([Buffer.from("piccola")], "piccola.png", { type: "image/png" }));
    form.append("altro", new File([Buffer.from("x")], "x.jpg"));
    const read = await readUploadForm(post(form), "images");
    if (!read.ok) throw new Error(read.error);
    expect(read.fields).toEqual({ title: "Gattina dolcissima a Forlì — «Luna»", city: "Forlì" });
    expect(read.files.map((f) => f.name)).toEqual(["grande.jpg", "piccola.png"]);
    expect(read.files[0]!.data.length).toBe(big.length);
    expect(sha(read.files[0]!.data)).toBe(sha(big));
    expect(read.files[1]!.data.toString()).toBe("piccola");
  });

  it("leaves out an empty file input and a text value sent in the photo field", async () => {
    const form = new FormData();
    form.set("title", "Luna");
    form.append("images", new File([], ""));
    form.append("images", "non un file");
    expect(await readUploadForm(post(form), "images")).toEqual({ ok: true, fields: { title: "Luna" }, files: [] });
  });

  it("reads a form sent without files (urlencoded): text fields only", async () => {
    const read = await readUploadForm(post(new URLSearchParams({ title: "Luna", images: "x" })), "images");
    expect(read).toEqual({ ok: true, fields: { title: "Luna" }, files: [] });
  });

  it("refuses a cut-off body with the Italian message and HTTP 400", async () => {
    const boundary = "zampa-test-boundary";
    const cut = multipart(boundary, ['Content-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nmezza foto'], "");
    expect(await readUploadForm(cut, "images")).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.badForm });
  });

  it("refuses a multipart body without a boundary, and a form of hundreds of parts", async () => {
    const noBoundary = post("qualcosa", { "content-type": "multipart/form-data" });
    expect(await readUploadForm(noBoundary, "images")).toMatchObject({ ok: false, status: 400 });
    const boundary = "molte-parti";
    const many = Array.from({ length: 500 }, (_, i) => `Content-Disposition: form-data; name="campo${i}"\r\n\r\nx`);
    expect(await readUploadForm(multipart(boundary, many), "images")).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.badForm });
  });
});

describe("handling an upload form", () => {
  const photoForm = () => {
    const form = new FormData();
    form.set("title", "Luna");
    form.append("images", new File([randomBytes(64 * 1024)], "uno.jpg", { type: "image/jpeg" }));
    form.append("images", new File([Buffer.from("due")], "due.jpg", { type: "image/jpeg" }));
    return form;
  };

  it("hands the form over, then frees every photo's memory", async () => {
    let kept: Buffer[] = [];
    const result = await withUploadForm(post(photoForm()), "images", async (fields, files) => {
      kept = files.map((f) => f.data);
      return { ok: true as const, title: fields.title, sizes: files.map((f) => f.data.length) };
    });
    expect(result).toEqual({ ok: true, title: "Luna", sizes: [64 * 1024, 3] });
    // A tiny file too owns its memory (never a slice of Node's shared pool, which others use).
    expect(kept.map((data) => [data.length, (data.buffer as ArrayBuffer).detached])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it("frees the photos when handling them fails, and passes the error on", async () => {
    let kept: Buffer[] = [];
    const failing = withUploadForm(post(photoForm()), "images", async (_fields, files) => {
      kept = files.map((f) => f.data);
      throw new Error("archivio non raggiungibile");
    });
    await expect(failing).rejects.toThrow("archivio non raggiungibile");
    expect(kept.map((data) => (data.buffer as ArrayBuffer).detached)).toEqual([true, true]);
  });

  it("answers a form it cannot read without handing anything over", async () => {
    let called = false;
    const cut = multipart("b", ['Content-Disposition: form-data; name="title"\r\n\r\nLuna'], "");
    const result = await withUploadForm(cut, "images", async () => {
      called = true;
      return { ok: true as const };
    });
    expect(result).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.badForm });
    expect(called).toBe(false);
  });
});

describe("a burst of upload forms", () => {
  it("reads and handles at most twice IMAGE_CONCURRENCY forms at once; the others wait unread, and all are answered", async () => {
    let now = 0;
    let most = 0;
    const forms = Array.from({ length: 10 }, (_, i) => {
      const form = new FormData();
      form.set("title", `Luna ${i}`);
      form.append("images", new File([randomBytes(1024)], "uno.jpg", { type: "image/jpeg" }));
      return form;
    });
    const results = await Promise.all(
      forms.map((form, i) =>
        withUploadForm(post(form), "images", async (fields) => {
          now++;
          most = Math.max(most, now);
          await new Promise((resolve) => setTimeout(resolve, 5));
          now--;
          if (i === 3) throw new Error("archivio non raggiungibile");
          return { ok: true as const, title: fields.title };
        }).catch((error: Error) => error.message),
      ),
    );
    expect(most).toBe(4);
    expect(results[3]).toBe("archivio non raggiungibile");
    expect(results[9]).toEqual({ ok: true, title: "Luna 9" });
    expect([uploadFormSlots().running, uploadFormSlots().waiting]).toEqual([0, 0]);
  });
});
