import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { readFileSync } from "node:fs";
const db = await PGlite.create(process.argv[2], { extensions: { unaccent, pg_trgm }, postgresqlconf: ["shared_buffers = " + (process.env.SB ?? "24MB") + "", "work_mem = 4MB"] });
const paths = readFileSync(process.argv[3], "utf8").split("\n").filter(Boolean).slice(0, Number(process.argv[4] ?? 40));
const verbose = process.argv[5];
for (const p of paths) {
  const u = new URL(p, "http://x");
  const q = u.searchParams.get("q"), pet = u.searchParams.get("petType"), lt = u.searchParams.get("listingType"), page = Number(u.searchParams.get("page") ?? 1);
  const conds = ["status = 'active'"]; const params = [];
  if (pet) { params.push(pet); conds.push(`pet_type = $${params.length}`); }
  if (lt) { params.push(lt); conds.push(`listing_type = $${params.length}`); }
  let walk = [...conds];
  if (q) { params.push(q); conds.push(`search_vector @@ zampa_word_query($${params.length})`); walk.push(`(search_vector @@ zampa_word_query($${params.length})) is true`); }
  const W = conds.join(" and ");
  let s = performance.now();
  const m = await db.query(`select id from (select id, created_at from pet_listings where ${W} limit 1001) f order by created_at desc, id desc`, params);
  const a = performance.now() - s; let b = 0, c = 0;
  if (verbose) console.log((await db.query(`explain analyze select id from (select id, created_at from pet_listings where ${W} limit 1001) f order by created_at desc, id desc`, params)).rows.map(r=>r["QUERY PLAN"]).join("\n"));
  if (m.rows.length > 1000) {
    s = performance.now();
    await db.query(`select id from pet_listings where ${walk.join(" and ")} order by created_at desc, id desc limit 12 offset ${(page-1)*12}`, params);
    b = performance.now() - s; s = performance.now();
    await db.query(`explain (format json) select 1 from pet_listings where ${W}`, params);
    c = performance.now() - s;
  }
  console.log(p.padEnd(70), "matches", String(m.rows.length).padStart(5), a.toFixed(1).padStart(7), "walk", b.toFixed(1).padStart(6), "est", c.toFixed(1));
}
await db.close();
