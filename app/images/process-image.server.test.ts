import { crc32 } from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "./limits";
import { config } from "~/config.server";
import { ImageRejected, imageSlots, processImage } from "./process-image.server";

function photo(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: "#a0522d" } });
}

/** Tags of the GPS directory in an EXIF block as sharp returns it ("Exif\0\0" + TIFF); [] if none. */
function gpsTags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.subarray(exif.indexOf("Exif\0\0", 0, "latin1") + 6);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) => Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12);
  const pointer = entries(u32(4)).find((entry) => u16(entry) === 0x8825);
  return pointer === undefined ? [] : entries(u32(pointer + 8)).map(u16);
}

/** As a bomb is made: a small PNG whose header claims 20 000 × 5 001 pixels (100 MP decoded). */
async function bombPng(): Promise<Buffer> {
  const png = await photo(10, 10).png().toBuffer();
  const ihdr = png.indexOf("IHDR", 0, "latin1");
  png.writeUInt32BE(20_000, ihdr + 4);
  png.writeUInt32BE(5_001, ihdr + 8);
  png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 17)), ihdr + 17);
  return png;
}

async function rejection(input: Buffer, name: string): Promise<ImageRejected> {
  const error: unknown = await processImage(input, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejected);
  return error as ImageRejected;
}

describe("processImage", () => {
  it("strips EXIF (with GPS), XMP and ICC, and re-encodes as WebP of at most 1600 px with a 400 px thumbnail", async () => {
    const input = await photo(4000, 3000)
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: "Zampa", Model: "Telefono di prova" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 27/1 50/1", GPSLongitudeRef: "E", GPSLongitude: "9/1 11/1 25/1" },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile("p3")
      .toBuffer();
    const before = await sharp(input).metadata();
    // GPSLatitudeRef (1), GPSLatitude (2), GPSLongitudeRef (3), GPSLongitude (4)
    expect(gpsTags(before.exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const result = await processImage(input, "cane.jpg");
    expect([result.width, result.height]).toEqual([1600, 1200]);
    const main = await sharp(result.main).metadata();
    expect(main).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    const thumb = await sharp(result.thumb).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400, height: 300 });
    for (const out of [main, thumb]) {
      expect(out.exif).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(out.icc).toBeUndefined();
      expect(out.iptc).toBeUndefined();
    }
  });

  it("never enlarges a small image", async () => {
    const result = await processImage(await photo(800, 600).png().toBuffer(), "gatto.png");
    expect([result.width, result.height]).toEqual([800, 600]);
    expect(await sharp(result.thumb).metadata()).toMatchObject({ width: 400, height: 300 });

    const tiny = await processImage(await photo(300, 200).webp().toBuffer(), "criceto.webp");
    expect(await sharp(tiny.thumb).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it("honours the EXIF orientation", async () => {
    // Left half red, right half blue, stored sideways: Orientation 6 turns it 90° clockwise.
    const [width, height] = [1200, 800];
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i++) raw.set(i % width < width / 2 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const input = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const result = await processImage(input, "in-piedi.jpg");
    expect([result.width, result.height]).toEqual([800, 1200]);
    expect(await sharp(result.thumb).metadata()).toMatchObject({ width: 400, height: 600 });
    const { data } = await sharp(result.main).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    expect(pixel(400, 100)[0]).toBeGreaterThan(200); // top: red
    expect(pixel(400, 1100)[2]).toBeGreaterThan(200); // bottom: blue
  });

  it("keeps the first frame of an animated GIF", async () => {
    const colours = [[255, 0, 0], [0, 255, 0], [0, 0, 255]];
    const frames = Buffer.alloc(100 * 300 * 3);
    for (let i = 0; i < 100 * 300; i++) frames.set(colours[Math.floor(i / (100 * 100))]!, i * 3);
    const gif = await sharp(frames, { raw: { width: 100, height: 300, channels: 3, pageHeight: 100 } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);

    const result = await processImage(gif, "salto.gif");
    expect([result.width, result.height]).toEqual([100, 100]);
    expect((await sharp(result.main).metadata()).pages ?? 1).toBe(1);
    const { dominant } = await sharp(result.main).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);
  });

  it("accepts the listed types and refuses others, whatever the name says", async () => {
    const base = photo(320, 240);
    for (const input of [
      await base.clone().jpeg().toBuffer(),
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      expect((await processImage(input, "foto.bin")).width).toBe(320);
    }
    const tiff = await rejection(await base.clone().tiff().toBuffer(), "scansione.tiff");
    expect(tiff.status).toBe(415);
  });

  it("refuses a text file renamed .png", async () => {
    const error = await rejection(Buffer.from("Questo non è un gatto, è una lista della spesa.\n"), "gatto.png");
    expect(error.message).toBe("Il file «gatto.png» non è un'immagine valida");
    expect(error.status).toBe(415);
  });

  it("refuses HTML, SVG and PDF files", async () => {
    const files: [string, string][] = [
      ["pagina.png", "<!doctype html><html><body><script>alert(1)</script></body></html>"],
      ["disegno.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'],
      ["documento.jpg", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"],
    ];
    for (const [name, content] of files) {
      expect((await rejection(Buffer.from(content), name)).message).toBe(`Il file «${name}» non è un'immagine valida`);
    }
  });

  it("refuses an empty file", async () => {
    expect((await rejection(Buffer.alloc(0), "vuoto.jpg")).status).toBe(415);
  });

  it("refuses a truncated JPEG with the same message", async () => {
    const jpeg = await photo(1200, 900).jpeg().toBuffer();
    const error = await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "interrotta.jpg");
    expect(error.message).toBe("Il file «interrotta.jpg» non è un'immagine valida");
    expect(error.status).toBe(422);
  });

  it("refuses a file over 10 MB before reading it as an image", async () => {
    // A real JPEG padded with zeros (decoders stop at its end marker): at exactly 10 MB it is
    // processed, one byte more and it is refused.
    const jpeg = await photo(640, 480).jpeg().toBuffer();
    const padded = (image: Buffer, size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);
    expect((await processImage(padded(jpeg, MAX_IMAGE_BYTES), "limite.jpg")).width).toBe(640);

    const error = await rejection(padded(jpeg, MAX_IMAGE_BYTES + 1), "enorme.jpg");
    expect(error.message).toBe("L'immagine «enorme.jpg» supera i 10 MB");
    expect(error.status).toBe(413);

    // Over 10 MB, a bomb gets the size message, not the pixel one: its header was never read.
    expect((await rejection(padded(await bombPng(), MAX_IMAGE_BYTES + 1), "bomba.png")).message).toBe(
      "L'immagine «bomba.png» supera i 10 MB",
    );
  });

  it("refuses a decompression bomb from its header", async () => {
    const png = await bombPng();
    expect(await sharp(png).metadata()).toMatchObject({ width: 20_000, height: 5_001 });

    const error = await rejection(png, "bomba.png");
    expect(error.message).toBe("L'immagine «bomba.png» è troppo grande: massimo 100 megapixel");
    expect(error.status).toBe(413);
  });

  it("names the file without the path some browsers send", async () => {
    const error = await rejection(Buffer.from("testo"), "C:\\fakepath\\cane.png");
    expect(error.message).toBe("Il file «cane.png» non è un'immagine valida");
  });
});

describe("processing a burst of images", () => {
  it("decodes at most IMAGE_CONCURRENCY (default 2) at once; the rest queue, and the queue drains, also past a refused file", async () => {
    expect(config().imageConcurrency).toBe(2);
    const jpeg = await photo(2400, 1800).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const inputs = [jpeg, truncated, jpeg, jpeg, truncated, jpeg, jpeg];
    let most = 0;
    let queued = 0;
    const sample = setInterval(() => {
      most = Math.max(most, imageSlots().running);
      queued = Math.max(queued, imageSlots().waiting);
    }, 1);
    const results = await Promise.allSettled(inputs.map((input, i) => processImage(input, `foto-${i}.jpg`)));
    clearInterval(sample);
    expect(most).toBe(2);
    expect(queued).toBeGreaterThan(0);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect([imageSlots().running, imageSlots().waiting]).toEqual([0, 0]);
  });
});
