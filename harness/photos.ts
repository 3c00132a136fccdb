// Generated "photographs" for the duplicate-photo tests and measurement (scripts/photo-duplicates.ts,
// decision 0086): octaves of noise weighted as 1/f (a photograph's spectrum falls off so), a few
// soft blobs of colour (a subject and its surroundings) and sensor grain, encoded as a JPEG.
// Deterministic: the same seed gives the same photo. Relative imports only: plain Node runs it.
import sharp from "sharp";

/** A small, seeded pseudo-random generator (mulberry32): the same photos on every run. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random noise on a coarse grid, scaled up smoothly to the photo's size: one octave of the image. */
async function octave(next: () => number, cells: number, width: number, height: number): Promise<Float32Array> {
  const w = cells;
  const h = Math.max(2, Math.round((cells * height) / width));
  const grid = Buffer.alloc(w * h * 3);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(next() * 256);
  const big = await sharp(grid, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
  return Float32Array.from(big, (v) => v / 255 - 0.5);
}

/** A generated photograph of width × height pixels, as a JPEG (quality 90). */
export async function generatedPhoto(seed: number, width = 1200, height = 900): Promise<Buffer> {
  const next = random(seed);
  const pixels = new Float32Array(width * height * 3).fill(0);
  const base = [next(), next(), next()].map((c) => 0.25 + c * 0.5);
  for (const cells of [3, 6, 12, 24, 48, 96]) {
    const layer = await octave(next, cells, width, height);
    const weight = 1.6 / cells ** 0.55;
    for (let i = 0; i < pixels.length; i++) pixels[i]! += layer[i]! * weight;
  }
  // A few soft blobs: a subject and its surroundings.
  for (let blob = 0; blob < 4; blob++) {
    const cx = next() * width;
    const cy = next() * height;
    const r = (0.1 + next() * 0.25) * width;
    const tint = [next() - 0.5, next() - 0.5, next() - 0.5];
    for (let y = Math.max(0, Math.floor(cy - 2 * r)); y < Math.min(height, cy + 2 * r); y++) {
      for (let x = Math.max(0, Math.floor(cx - 2 * r)); x < Math.min(width, cx + 2 * r); x++) {
        const d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (r * r);
        if (d2 > 4) continue;
        const k = Math.exp(-d2) * 0.6;
        const at = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) pixels[at + c]! += tint[c]! * k;
      }
    }
  }
  const out = Buffer.alloc(pixels.length);
  for (let i = 0; i < pixels.length; i++) {
    const grain = (next() - 0.5) * 0.03;
    out[i] = Math.max(0, Math.min(255, Math.round((base[i % 3]! + pixels[i]! + grain) * 255)));
  }
  return sharp(out, { raw: { width: width, height: height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

