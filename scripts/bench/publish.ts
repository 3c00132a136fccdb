// Publishing a listing with photos as the browser does (signed in, the multipart form), and the
// photos themselves: JPEGs of a given size that look like photos to an encoder. Erasable TypeScript only.
import { step } from "./common.ts";
import { benchFetch } from "./http.ts";
import { formatMs } from "./report.ts";

export const PUBLISH = { runs: 3, photos: 5, photoBytes: 4 * 1024 * 1024, width: 4000, height: 3000, quality: 92 };
/** A demo account (app/seed/data/users.ts; the demo users share the password). */
export const DEMO_USER = { email: "giulia.rossi@zampa.test", password: "ZampaDemo2026!" };
/** The demo administrator (app/seed/seed.server.ts, DEMO_ADMIN; same password). */
export const DEMO_ADMIN = { email: "admin@zampa.test", password: "ZampaDemo2026!" };

export interface PublishRun {
  status: number;
  ms: number;
  id: string | undefined;
  error: string | undefined;
  detailStatus: number | undefined;
}

export interface PublishResult {
  photos: number[];
  photosMs: number;
  breed: string | undefined;
  runs: PublishRun[];
  error: string | undefined;
}

/** A JPEG of about `bytes` that looks like a photo to an encoder: gradients under fine grain. */
export async function makePhoto(seed: number, bytes: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const { width, height, quality } = PUBLISH;
  const raw = Buffer.allocUnsafe(width * height * 3);
  const encode = async (amplitude: number) => {
    let state = (seed * 2_654_435_761) >>> 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
        const grain = ((state >>> 24) / 255 - 0.5) * amplitude;
        const i = (y * width + x) * 3;
        raw[i] = (x / width) * 190 + 30 + seed * 7 + grain;
        raw[i + 1] = (y / height) * 170 + 40 + grain * 0.8;
        raw[i + 2] = ((x + y) / (width + height)) * 150 + 60 - grain;
      }
    }
    return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
  };
  // The size grows about linearly with the grain: two corrections land within a few per cent.
  let amplitude = 34;
  let jpeg = await encode(amplitude);
  for (let i = 0; i < 2 && Math.abs(jpeg.length - bytes) > bytes * 0.03; i++) {
    amplitude *= bytes / jpeg.length;
    jpeg = await encode(amplitude);
  }
  return jpeg;
}

/** Signs in (the demo user unless told) the way the login form does; the cookies to send back. */
export async function signIn(base: string, who: { email: string; password: string } = DEMO_USER): Promise<string> {
  const body = new URLSearchParams({ intent: "signin", email: who.email, password: who.password });
  const response = await benchFetch(`${base}/login`, { method: "POST", body, headers: { origin: base }, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter(Boolean);
  if (!cookies.some((c) => c.includes("session_token"))) {
    throw new Error(`signing in as ${who.email} answered HTTP ${response.status} without a session cookie: ${text.slice(0, 200)}`);
  }
  return cookies.join("; ");
}

/** What the law asks of a dog's listing (decision 0085): a code of its own, a birth date a year back, a private seller. */
export function legalFields(): Record<string, string> {
  return {
    identificationCode: `380${String(Math.floor(Math.random() * 1e12)).padStart(12, "0")}`,
    birthDate: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10),
    healthCertificate: "on",
    sellerType: "private",
  };
}

/** The listing form as the browser posts it: a dog for adoption in Rome unless `fields` says otherwise, with `photos`. */
export function listingForm(fields: Record<string, string>, photos: Buffer[]): FormData {
  const form = new FormData();
  const all: Record<string, string> = {
    submissionId: crypto.randomUUID(),
    title: "Bench: Rocky, labrador affettuoso cerca casa",
    listingType: "adoption",
    petType: "dog",
    breed: "",
    age: "2 anni",
    gender: "male",
    description: "Rocky è un cane affettuoso e giocherellone, vaccinato e con microchip. Cerca una famiglia con un giardino.",
    city: "Roma",
    region: "Lazio",
    address: "Via del Corso 1",
    lat: "41.9",
    lng: "12.5",
    contactName: "Giulia Rossi",
    contactPhone: "+39 333 123 4567",
    contactEmail: DEMO_USER.email,
    acceptPrivacy: "on",
    acceptTerms: "on",
    ...legalFields(),
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  photos.forEach((photo, i) => form.append("images", new File([new Uint8Array(photo)], `foto-${i + 1}.jpg`, { type: "image/jpeg" })));
  return form;
}

export async function measurePublish(base: string, photos: Buffer[], runCount: number = PUBLISH.runs): Promise<Omit<PublishResult, "photos" | "photosMs">> {
  const cookie = await signIn(base);
  const breedsResponse = await benchFetch(`${base}/api/breeds?petType=dog`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  const breeds = breedsResponse.ok ? ((await breedsResponse.json()) as { breeds?: string[] }).breeds : undefined;
  const breed = breeds?.[0];
  if (!breed) step(`GET /api/breeds?petType=dog answered HTTP ${breedsResponse.status} without breeds: publishing without one`);
  const runs: PublishRun[] = [];
  for (let run = 1; run <= runCount; run++) {
    const form = listingForm({ title: `Bench: Rocky, labrador affettuoso cerca casa (${run})`, breed: breed ?? "" }, photos);
    step(`listings: publishing ${photos.length} photos (${(photos.reduce((a, p) => a + p.length, 0) / 1024 / 1024).toFixed(1)} MB), run ${run} of ${runCount}`);
    const started = performance.now();
    let status = 0;
    let body: { ok?: boolean; id?: string; error?: string } | undefined;
    let error: string | undefined;
    try {
      const response = await benchFetch(`${base}/api/pet-listings`, { method: "POST", body: form, headers: { origin: base, cookie }, signal: AbortSignal.timeout(60_000) });
      status = response.status;
      const text = await response.text();
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        error = `not JSON: ${text.slice(0, 200)}`;
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const ms = performance.now() - started;
    const id = body?.ok === true && typeof body.id === "string" ? body.id : undefined;
    if (!error && (status !== 201 || !id)) error = body?.error ?? `HTTP ${status}`;
    let detailStatus: number | undefined;
    if (id) {
      const detail = await benchFetch(`${base}/pet-listing/${id}`, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
      await detail.arrayBuffer();
      detailStatus = detail.status;
    }
    step(`listings: publish run ${run}: HTTP ${status} in ${formatMs(ms)}${id ? `, /pet-listing/${id} → HTTP ${detailStatus}` : ""}${error ? ` (${error})` : ""}`);
    runs.push({ status, ms, id, error, detailStatus });
  }
  return { breed, runs, error: undefined };
}
