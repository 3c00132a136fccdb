import pg from "pg";
import { readFileSync } from "node:fs";
const c = new pg.Client("postgres://postgres@127.0.0.1:5432/zampa_bench_scale"); await c.connect();
await c.query("set track_io_timing = on");
const paths = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean).slice(Number(process.argv[3]), Number(process.argv[4]));
for (const p of paths) {
  const u = new URL(p, "http://x");
  const q = u.searchParams.get("q"), pet = u.searchParams.get("petType"), lt = u.searchParams.get("listingType");
  const conds = ["status = 'active'"]; const params = [];
  if (pet) { params.push(pet); conds.push(`pet_type = $${params.length}`); }
  if (lt) { params.push(lt); conds.push(`listing_type = $${params.length}`); }
  if (q) { params.push(q, pet, lt); const n = params.length; conds.push(`search_vector @@ zampa_listing_query($${n-2}::text, $${n-1}::text, $${n}::text)`); }
  const W = conds.join(" and ");
  const r = await c.query(`explain (analyze, buffers, format json) select id from (select id, created_at from pet_listings where ${W} limit 1001) f order by created_at desc, id desc`, params);
  const plan = r.rows[0]["QUERY PLAN"][0];
  const walk = (n, d=0) => [`${"  ".repeat(d)}${n["Node Type"]}${n["Index Name"] ? " " + n["Index Name"] : ""} rows=${n["Actual Rows"]} t=${n["Actual Total Time"].toFixed(1)} hit=${n["Shared Hit Blocks"]} read=${n["Shared Read Blocks"]} io=${(n["I/O Read Time"] ?? 0).toFixed(1)}`, ...(n.Plans ?? []).flatMap((x) => walk(x, d + 1))];
  console.log(p, "plan", plan["Planning Time"].toFixed(1), "exec", plan["Execution Time"].toFixed(1));
  if (process.argv[5]) console.log(walk(plan.Plan).join("\n"));
}
await c.end();
