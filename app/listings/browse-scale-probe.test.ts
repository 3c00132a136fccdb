// A probe of the list's filters and orders on a large generated catalogue (decision 0094), run on
// demand only: LISTING_PROBE_ROWS=200000 TEST_DATABASE_URL=postgres://… npx vitest run
// app/listings/browse-scale-probe.test.ts. It prints each list's time (the first call, then two
// memoized ones) and checks that each order's walk reads its own index. Not the bench: one process,
// one connection, inside a transaction; `npm run bench -- --scale` is the measure that counts.
import { sql, type SQLWrapper } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db, queryRows } from "~/db/client.server";
import { gazetteerByName } from "~/geo/gazetteer.server";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { NO_FILTERS } from "./browse-filters.testing";
import type { ListingFilters } from "./browse-filters.server";
import { browseListings, nearRing, walkPage } from "./browse.server";

const ROWS = Number(process.env.LISTING_PROBE_ROWS ?? 0);

describe.runIf(ROWS > 0)("the list's filters and orders on a large catalogue (on demand)", () => {
  itDb(
    "answers each list in bounded time, each order walking its own index",
    async () => {
      const owner = (await createAccount()).id;
      const N = ROWS;
      const t0 = performance.now();
      await db().execute(sql`
    insert into pet_listings (user_id, title, description, pet_type, gender, listing_type, price, location_address, location_city, location_region, location_lat, location_lng, contact_name, contact_phone, contact_email, images, status, created_at, birth_date)
    select ${owner}::uuid, 'Annuncio ' || g, 'Un animale numero ' || g || ' cerca casa.',
      (array['dog','cat','bird','rabbit','rodent','fish','reptile','other'])[1 + g % 8],
      'female', (array['sale','adoption','free'])[1 + g % 3],
      case when g % 3 = 0 then 10 + (g * 37) % 1990 else 0 end,
      'Via Roma 1', 'Citta', (array['Abruzzo','Basilicata','Calabria','Campania','Emilia-Romagna','Friuli-Venezia Giulia','Lazio','Liguria','Lombardia','Marche','Molise','Piemonte','Puglia','Sardegna','Sicilia','Toscana','Trentino-Alto Adige','Umbria','Valle d''Aosta','Veneto'])[1 + (g * 7) % 20],
      37 + ((g * 13) % 900) / 100.0, 7 + ((g * 17) % 1100) / 100.0,
      'Mario', '+39 333 000 0000', 'm@example.it',
      case when g % 10 < 7 then array['/uploads/x.webp'] else '{}'::text[] end, 'active',
      now() - ((g * 7919) % 259200) * interval '1 minute',
      case when g % 8 < 2 then current_date - (g % 3650) else null end
    from generate_series(1, ${N}) g`);
      await db().execute(sql`analyze pet_listings`);
      process.stdout.write(`generated ${N} in ${Math.round(performance.now() - t0)} ms\n`);
      const f = (v: Partial<ListingFilters>): ListingFilters => ({
        ...NO_FILTERS,
        ...v,
      });
      const milano = gazetteerByName("Milano")!;
      const aosta = gazetteerByName("Aosta")!;
      const cases: [string, ListingFilters][] = [
        ["plain", f({})],
        ["region Lombardia photo", f({ region: "Lombardia", withPhotos: true })],
        ["region Molise price-asc", f({ region: "Molise", listingType: "sale", sort: "price-asc" })],
        ["sale price-asc", f({ listingType: "sale", sort: "price-asc" })],
        [
          "sale price-desc photo p5",
          f({
            listingType: "sale",
            sort: "price-desc",
            withPhotos: true,
            page: 5,
          }),
        ],
        [
          "dog sale 100-400 price-asc",
          f({
            petType: "dog",
            listingType: "sale",
            priceMin: 100,
            priceMax: 400,
            sort: "price-asc",
          }),
        ],
        ["dog age 0-3m", f({ petType: "dog", age: "0-3m" })],
        ["cat age 1-7y region Lazio", f({ petType: "cat", age: "1-7y", region: "Lazio" })],
        ["nearest Milano", f({ sort: "nearest", near: milano })],
        ["nearest Milano dog p10", f({ petType: "dog", sort: "nearest", near: milano, page: 10 })],
        [
          "nearest Aosta cat photo",
          f({
            petType: "cat",
            withPhotos: true,
            sort: "nearest",
            near: aosta,
          }),
        ],
        [
          "q animale region Veneto price-desc",
          f({
            q: "animale",
            region: "Veneto",
            listingType: "sale",
            sort: "price-desc",
          }),
        ],
      ];
      for (const [name, filters] of cases) {
        const times: number[] = [];
        let total = 0;
        for (let k = 0; k < 3; k++) {
          const s = performance.now();
          const r = await browseListings(filters);
          times.push(performance.now() - s);
          total = r.total;
        }
        process.stdout.write(`${name}: ${times.map((t) => t.toFixed(1)).join(" / ")} ms, total ${total}\n`);
        expect(times[0], name).toBeLessThan(250);
      }
      const plan = async (q: SQLWrapper) => {
        const rows = await queryRows<Record<string, unknown>>(sql`explain (analyze, costs off, timing off, summary on) ${q}`);
        const text = rows.map((r) => Object.values(r)[0]).join("\n");
        process.stdout.write(`${text}\n`);
        return text;
      };
      expect(await plan(walkPage(f({ listingType: "sale", sort: "price-asc", region: "Molise" }), 0))).toContain("pet_listings_sale_price_idx");
      expect(await plan(walkPage(f({ listingType: "sale", sort: "price-desc", withPhotos: true }), 48))).toContain("pet_listings_sale_price_desc_idx");
      expect(await plan(walkPage(f({ petType: "dog", sort: "nearest", near: milano }), 108, nearRing(milano, 10)))).toContain("pet_listings_position_idx");
      expect(
        await plan(
          walkPage(
            f({
              petType: "cat",
              withPhotos: true,
              sort: "nearest",
              near: aosta,
            }),
            0,
            nearRing(aosta, 30),
          ),
        ),
      ).toContain("pet_listings_position_idx");
    },
    600_000,
  );
});
