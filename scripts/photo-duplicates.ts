// node scripts/photo-duplicates.ts [--photos N] [--json]: how well the duplicate-photo check
// (app/images/dhash.ts) tells copies of a photo from other photos (decision 0086).
//
// The photos: the demo illustrations as the seed stores them (app/seed/images, 1200 × 800 WebP), and
// N generated "photographs" (default 60): fractal noise of every scale with soft blobs of colour and
// sensor grain, whose spectrum falls off as a photograph's does, each a JPEG of 1200 × 900. Each
// photo is copied four ways (resized to half, re-encoded as JPEG quality 60, cropped by 5 % from the
// top-left corner, mirrored) plus a few harder variants, and each copy is compared with its photo as
// the lookup does: the copy's hash against the photo's hash and its mirror's. A false match is a
// pair of different photos within the threshold. Deterministic: same figures on every run.
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { DUPLICATE_PHOTO_DISTANCE, hammingDistance, photoHashesWith, type PhotoHashes } from "../app/images/dhash.ts";
import { generatedPhoto } from "../harness/photos.ts";

const args = process.argv.slice(2);
const photoCount = Number(args[args.indexOf("--photos") + 1]) || 60;
const asJson = args.includes("--json");
const THRESHOLDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12];

sharp.cache(false);

/** The demo illustrations as the seed stores them (seed.server.ts, renderIllustrations). */
async function demoPhotos(): Promise<{ name: string; data: Buffer }[]> {
  const { ILLUSTRATIONS } = await import("../app/seed/types.ts");
  return Promise.all(
    ILLUSTRATIONS.map(async (name) => {
      const svg = await readFile(new URL(`../app/seed/images/${name}.svg`, import.meta.url));
      const data = await sharp(svg, { density: 96 }).resize(1200, 800, { fit: "cover" }).webp({ quality: 80 }).toBuffer();
      return { name, data };
    }),
  );
}

async function size(data: Buffer): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(data).metadata();
  return { width: width!, height: height! };
}

async function crop(data: Buffer, share: number, centred: boolean): Promise<Buffer> {
  const { width, height } = await size(data);
  const w = Math.round(width * (1 - share));
  const h = Math.round(height * (1 - share));
  const left = centred ? Math.round((width - w) / 2) : width - w;
  const top = centred ? Math.round((height - h) / 2) : height - h;
  return sharp(data).extract({ left, top, width: w, height: h }).jpeg({ quality: 90 }).toBuffer();
}

/** The four copies the issue names, then harder ones (reported apart). */
const COPIES: { kind: string; main: boolean; make: (data: Buffer) => Promise<Buffer> }[] = [
  { kind: "ridimensionata (metà lato)", main: true, make: async (d) => sharp(d).resize({ width: Math.round((await size(d)).width / 2) }).jpeg({ quality: 90 }).toBuffer() },
  { kind: "JPEG qualità 60", main: true, make: (d) => sharp(d).jpeg({ quality: 60 }).toBuffer() },
  { kind: "ritagliata 5 % (da un angolo)", main: true, make: (d) => crop(d, 0.05, false) },
  { kind: "specchiata", main: true, make: (d) => sharp(d).flop().jpeg({ quality: 90 }).toBuffer() },
  { kind: "ritagliata 5 % (centrata)", main: false, make: (d) => crop(d, 0.05, true) },
  { kind: "ritagliata 10 % (da un angolo)", main: false, make: (d) => crop(d, 0.1, false) },
  { kind: "tutto insieme: ¼ lato, ritaglio 5 %, specchio, JPEG 60", main: false, make: async (d) => sharp(await crop(d, 0.05, false)).flop().resize({ width: 400 }).jpeg({ quality: 60 }).toBuffer() },
];

/** The lookup's distance: the copy's hash against the photo's hash and its mirror's. */
function distance(copy: PhotoHashes, photo: PhotoHashes): number {
  return Math.min(hammingDistance(copy.hash, photo.hash), hammingDistance(copy.hash, photo.mirrored));
}

const started = performance.now();
const sources = [
  ...(await demoPhotos()).map((p) => ({ ...p, set: "demo" })),
  ...(await Promise.all(Array.from({ length: photoCount }, async (_, i) => ({ name: `foto-${i + 1}`, data: await generatedPhoto(1000 + i, 1200, 900), set: "generata" })))),
];
const photos: { name: string; set: string; data: Buffer; hashes: PhotoHashes }[] = [];
let flat = 0;
for (const source of sources) {
  const hashes = await photoHashesWith(sharp, source.data);
  if (hashes) photos.push({ ...source, hashes });
  else flat++;
}

const byKind = new Map<string, { set: string; distance: number }[]>();
for (const photo of photos) {
  for (const copy of COPIES) {
    const hashes = await photoHashesWith(sharp, await copy.make(photo.data));
    const list = byKind.get(copy.kind) ?? [];
    list.push({ set: photo.set, distance: hashes ? distance(hashes, photo.hashes) : 64 });
    byKind.set(copy.kind, list);
  }
}

const pairs: { set: string; distance: number; a: string; b: string }[] = [];
for (let i = 0; i < photos.length; i++) {
  for (let j = i + 1; j < photos.length; j++) {
    const a = photos[i]!;
    const b = photos[j]!;
    pairs.push({ set: a.set === b.set ? a.set : "mista", distance: distance(a.hashes, b.hashes), a: a.name, b: b.name });
  }
}

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1).replace(".", ",")} %` : "—");
const sets = ["demo", "generata", "tutte"];
const inSet = (set: string) => (row: { set: string }) => set === "tutte" || row.set === set;

if (asJson) {
  console.log(JSON.stringify({ photos: photos.length, flat, byKind: Object.fromEntries(byKind), pairs }, null, 1));
} else {
  console.log(`Foto: ${photos.filter(inSet("demo")).length} demo + ${photos.filter(inSet("generata")).length} generate (${flat} senza hash: troppo uniformi); ${pairs.length} coppie di foto diverse.`);
  console.log(`Soglia in uso: ${DUPLICATE_PHOTO_DISTANCE} bit.\n`);
  for (const set of sets) {
    console.log(`## Foto ${set}\n`);
    console.log(`| copia | ${THRESHOLDS.map((t) => `≤ ${t}`).join(" | ")} |`);
    console.log(`| --- | ${THRESHOLDS.map(() => "---").join(" | ")} |`);
    for (const [kind, rows] of byKind) {
      const mine = rows.filter(inSet(set));
      console.log(`| ${kind} | ${THRESHOLDS.map((t) => percent(mine.filter((r) => r.distance <= t).length, mine.length)).join(" | ")} |`);
    }
    const mine = pairs.filter(inSet(set === "tutte" ? "tutte" : set));
    console.log(`| **coppie diverse che corrispondono** (su ${mine.length}) | ${THRESHOLDS.map((t) => String(mine.filter((p) => p.distance <= t).length)).join(" | ")} |\n`);
  }
  const closest = [...pairs].sort((x, y) => x.distance - y.distance).slice(0, 5);
  console.log(`Coppie diverse più vicine: ${closest.map((p) => `${p.a}/${p.b} ${p.distance}`).join(", ")}`);
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
