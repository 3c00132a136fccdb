import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
const db = await PGlite.create(process.argv[2], { extensions: { unaccent, pg_trgm } });
console.log((await db.query(`select relname, pg_size_pretty(pg_relation_size(oid)) s from pg_class where relname like 'pet_listings%' order by pg_relation_size(oid) desc`)).rows);
console.log((await db.query(`select avg(pg_column_size(search_vector))::int sv, avg(pg_column_size(strip(search_vector)))::int stripped, avg(pg_column_size(description))::int d from pet_listings`)).rows);
await db.close();
