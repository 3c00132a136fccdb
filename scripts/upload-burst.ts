// 20 concurrent listing publishes of 5 × 4 MB photos against the production build; peak RSS (VmHWM).
// Usage: npm run build, then node scripts/upload-burst.ts [publishes] (IMAGE_CONCURRENCY passes through to the server).
// Decision 0037 records its figures.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "../server/node-flags.ts";
import { legalFields, makePhoto } from "./bench/publish.ts";

const root = process.cwd();
const N = Number(process.argv[2] ?? 20);
const PORT = 3900 + Math.floor(Math.random() * 90);
const base = `http://localhost:${PORT}`;

const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (f: string) => Number(new RegExp(`${f}:\\s+(\\d+)`).exec(status)?.[1]);
  return { peak: kb("VmHWM") / 1024, rss: kb("VmRSS") / 1024 };
};

const photos = await Promise.all([1, 2, 3, 4, 5].map((s) => makePhoto(s, 4 * 1024 * 1024)));
console.log("photos MB", photos.map((p) => (p.length / 1048576).toFixed(2)).join(", "));
const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-burst-"));
const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, SERVER_ENTRY)], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PAGE_CACHE: "false", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", ...SERVER_ENV },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (i > 240) throw new Error("server not ready");
    await new Promise((r) => setTimeout(r, 500));
  }
  for (let i = 0; i < 5; i++) for (const p of ["/", "/pet-listings", "/create-pet-listing"]) await (await fetch(base + p)).arrayBuffer();
  const login = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ intent: "signin", email: "giulia.rossi@zampa.test", password: "ZampaDemo2026!" }), headers: { origin: base }, redirect: "manual" });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const breed = ((await (await fetch(`${base}/api/breeds?petType=dog`)).json()) as { breeds: string[] }).breeds[0] ?? "";
  // The start-up (seeding the demo content) has its own peak: the burst's is measured from here.
  writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
  const before = memory(child.pid!);
  console.log(`before: rss ${before.rss.toFixed(0)} MB, peak so far ${before.peak.toFixed(0)} MB`);
  let peakSeen = 0;
  const poll = setInterval(() => (peakSeen = Math.max(peakSeen, memory(child.pid!).rss)), 20);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: N }, async (_, run) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      submissionId: crypto.randomUUID(), title: `Burst: Rocky cerca casa (${run})`, listingType: "adoption", petType: "dog", breed,
      age: "2 anni", gender: "male", description: "Rocky è un cane affettuoso e giocherellone, vaccinato e con microchip. Cerca una famiglia con un giardino.",
      city: "Roma", region: "Lazio", address: "Via del Corso 1", lat: "41.9", lng: "12.5", contactName: "Giulia Rossi", contactPhone: "+39 333 123 4567",
      contactEmail: "giulia.rossi@zampa.test", acceptPrivacy: "on", acceptTerms: "on", ...legalFields(),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    photos.forEach((p, i) => form.append("images", new File([new Uint8Array(p)], `foto-${i + 1}.jpg`, { type: "image/jpeg" })));
    const t = performance.now();
    const response = await fetch(`${base}/api/pet-listings`, { method: "POST", body: form, headers: { origin: base, cookie }, signal: AbortSignal.timeout(300_000) });
    const text = await response.text();
    return { status: response.status, ms: performance.now() - t, text: response.status === 201 ? "" : text.slice(0, 120) };
  }));
  const total = performance.now() - started;
  clearInterval(poll);
  const after = memory(child.pid!);
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`IMAGE_CONCURRENCY=${process.env.IMAGE_CONCURRENCY ?? "(default)"} N=${N}: statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(" ")}; total ${(total / 1000).toFixed(1)} s; fastest ${(times[0]! / 1000).toFixed(1)} s, median ${(times[Math.floor(N / 2)]! / 1000).toFixed(1)} s, slowest ${(times.at(-1)! / 1000).toFixed(1)} s`);
  console.log(`peak RSS (VmHWM) ${after.peak.toFixed(0)} MB (sampled max ${peakSeen.toFixed(0)} MB), after ${after.rss.toFixed(0)} MB`);
  for (const r of results) if (r.text) console.log("  ", r.status, r.text);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
