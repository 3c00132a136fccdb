import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { config } from "~/config.server";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { action } from "./article-images";

const URL = "http://localhost:3000/admin/article-images";

/** Every file under the article images' folder, of every admin. */
function articleImages(): string[] {
  const root = path.join(config().dataDir, "uploads", "article-images");
  return existsSync(root) ? readdirSync(root, { recursive: true }).map(String).sort() : [];
}

async function pngForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).png().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "foto.png");
  return form;
}

describe("POST /admin/article-images", () => {
  itDb("refuses a visitor and a user, writing no file", async () => {
    const form = await pngForm();
    await expectAdminOnly({
      call: (request) => throughAdminGate(action, { request, params: {} }),
      url: URL,
      method: "POST",
      body: () => form,
      state: async () => articleImages(),
    });
  });

  itDb("answers an admin with the stored image's URL, or the refusal as JSON", async () => {
    const admin = await createAccount({ role: "admin" });
    const form = await pngForm();
    const ok = await outcomeOf(() => throughAdminGate(action, { request: requestAs(admin, URL, { method: "POST", body: form }), params: {} }));
    expect(ok.status).toBe(200);
    const url = (ok.data as { url: string }).url;
    expect(url).toMatch(new RegExp(`^/uploads/article-images/${admin.id}/[0-9a-f-]{36}\\.webp$`));

    const text = new FormData();
    text.append("file", new Blob(["non è un'immagine"], { type: "image/jpeg" }), "finta.jpg");
    const refused = await outcomeOf(() => throughAdminGate(action, { request: requestAs(admin, URL, { method: "POST", body: text }), params: {} }));
    expect(refused).toMatchObject({ status: 415, data: { error: "Per favore seleziona un file immagine valido" } });
  });
});
