// The child sitemap route sends the memoized bytes themselves, not a copy made per request.
import { expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { loader } from "./sitemap-child";

async function firstChunk(response: Response): Promise<Uint8Array | undefined> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value;
}

itDb("sends the same memoized gzip bytes to every request, with their length", async () => {
  await createListingRow((await createAccount()).id);
  setCacheEnabled(true);
  try {
    const ask = () =>
      loader({
        params: { name: "sitemap-listings-1" },
        request: new Request("http://localhost:3000/sitemap-listings-1.xml", { headers: { "accept-encoding": "gzip, deflate, br" } }),
      } as unknown as Parameters<typeof loader>[0]);
    const [one, two] = [await ask(), await ask()];
    expect(one.headers.get("content-encoding")).toBe("gzip");
    const [a, b] = [await firstChunk(one), await firstChunk(two)];
    expect(a).toBeDefined();
    expect(Number(one.headers.get("content-length"))).toBe(a!.byteLength);
    expect(b).toBe(a);
  } finally {
    setCacheEnabled(false);
  }
});
