import pg from "pg";
import { readFileSync } from "node:fs";
const c = new pg.Client("postgres://postgres@127.0.0.1:5432/zampa_bench_scale"); await c.connect();
const paths = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean).slice(Number(process.argv[3]), Number(process.argv[4]));
let tot = 0;
for (const p of paths) {
  const u = new URL(p, "http://x");
  const q = u.searchParams.get("q"), pet = u.searchParams.get("petType"), lt = u.searchParams.get("listingType");
  const conds = ["status = 'active'"]; const params = [];
  if (pet) { params.push(pet); conds.push(`pet_type = $${params.length}`); }
  if (lt) { params.push(lt); conds.push(`listing_type = $${params.length}`); }
  if (q) { params.push(q, pet, lt); const n = params.length; conds.push(`search_vector @@ zampa_listing_query($${n-2}::text, $${n-1}::text, $${n}::text)`); }
  const W = conds.join(" and ");
  const times = [];
  for (let i = 0; i < 3; i++) { const s = performance.now(); await c.query(`select id from (select id, created_at from pet_listings where ${W} limit 1001) f order by created_at desc, id desc`, params); times.push(performance.now() - s); }
  tot += times[0];
  console.log(p.padEnd(75), times.map((t) => t.toFixed(1).padStart(6)).join(" "));
}
console.log("first-run total", tot.toFixed(0));
await c.end();
