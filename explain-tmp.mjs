import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
const db = await PGlite.create("/tmp/zampa-bench-scale-RT7VIK/db", { extensions: { unaccent, pg_trgm } });
const queries = process.argv.slice(2);
for (const q of queries) {
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const r = await db.query("explain analyze " + q);
    const ms = performance.now() - t;
    if (i === 1) { console.log("---", q.slice(0, 150), `${ms.toFixed(1)} ms`); console.log(r.rows.map((x) => x["QUERY PLAN"]).filter(l=>/Scan|Sort|Aggregate|Execution|Limit|Append|Unique|Hash/.test(l)).slice(0,14).join("\n")); }
  }
}
await db.close();
