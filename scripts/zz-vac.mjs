import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
const db = await PGlite.create(process.argv[2], { extensions: { unaccent, pg_trgm }, postgresqlconf: ["shared_buffers = 24MB", "maintenance_work_mem = 32MB"] });
for (const t of ["pet_listings", "articles", "profiles", "listing_reports", "users", "accounts"]) {
  const s = performance.now();
  await db.exec(`vacuum (analyze) ${t}`);
  console.log(t, (performance.now() - s).toFixed(0), "ms");
}
const s = performance.now(); await db.exec("vacuum (analyze) pet_listings"); console.log("again", (performance.now() - s).toFixed(0));
await db.close();
