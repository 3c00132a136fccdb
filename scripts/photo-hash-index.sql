-- psql "$DATABASE_URL" -f scripts/photo-hash-index.sql: the duplicate-photo lookup on a million
-- hashes (decision 0086). Everything lives in temporary tables: nothing of the database is touched.
-- The table and its indexes are those of drizzle/0021_photo_hashes.sql (without the foreign keys);
-- the query is the one app/listings/photo-duplicates.server.ts sends for one hash (it sends the
-- same for the photo's mirror hash): each 16-bit band equal or one bit away, another account,
-- then the exact distance. Two fillings: uniform random hashes, and skewed ones (each bit 1 with
-- probability 1/4), where the bands repeat far more often, as in a catalogue of similar photos.
\timing off
\set ON_ERROR_STOP on
set client_min_messages = warning;

create temporary table listing_photo_hashes (
  id bigserial primary key,
  user_id int not null,
  hash bigint not null,
  band0 smallint not null,
  band1 smallint not null,
  band2 smallint not null,
  band3 smallint not null
);

-- The band i of a hash as a signed 16-bit number, as hashBands() (app/images/dhash.ts) computes it.
create function pg_temp.band(h bigint, i int) returns smallint language sql immutable as $$
  select (case when v >= 32768 then v - 65536 else v end)::smallint from (select ((h >> (16 * i)) & 65535)::int as v) s
$$;
-- The band and its 16 one-bit neighbours, as bandNeighbours() lists them.
create function pg_temp.neighbours(b smallint) returns smallint[] language sql immutable as $$
  select array[b] || array_agg((case when v >= 32768 then v - 65536 else v end)::smallint)
  from (select ((b::int & 65535) # (1 << i)) as v from generate_series(0, 15) i) s
$$;
-- A random 64-bit hash whose bits are 1 with probability p.
create function pg_temp.random_hash(p float8) returns bigint language sql volatile as $$
  select bit_or(case when random() < p then (1::bigint << i) else 0 end) from generate_series(0, 63) i
$$;

create temporary table runs (filling text, hash bigint, candidates int, matches int, ms numeric);

create function pg_temp.measure(filling text, probes int) returns void language plpgsql as $$
declare
  h bigint;
  n0 smallint[]; n1 smallint[]; n2 smallint[]; n3 smallint[];
  started timestamptz;
  found int;
  candidates int;
  elapsed numeric;
begin
  for k in 1..probes loop
    -- Half the probes are hashes in the table (a copy), half new ones.
    if k % 2 = 0 then
      select t.hash into h from listing_photo_hashes t where t.id = 1 + floor(random() * 1000000)::bigint;
    else
      h := pg_temp.random_hash(case when filling = 'uniforme' then 0.5 else 0.25 end);
    end if;
    n0 := pg_temp.neighbours(pg_temp.band(h, 0)); n1 := pg_temp.neighbours(pg_temp.band(h, 1));
    n2 := pg_temp.neighbours(pg_temp.band(h, 2)); n3 := pg_temp.neighbours(pg_temp.band(h, 3));
    started := clock_timestamp();
    select count(*) into found from listing_photo_hashes t
      where (t.band0 = any(n0) or t.band1 = any(n1) or t.band2 = any(n2) or t.band3 = any(n3))
        and t.user_id <> -1 and bit_count((t.hash # h)::bit(64)) <= 7;
    elapsed := extract(epoch from clock_timestamp() - started) * 1000;
    select count(*) into candidates from listing_photo_hashes t
      where (t.band0 = any(n0) or t.band1 = any(n1) or t.band2 = any(n2) or t.band3 = any(n3));
    insert into runs values (filling, h, candidates, found, elapsed);
  end loop;
end $$;

\echo 'Riempimento uniforme (1 000 000 impronte)…'
insert into listing_photo_hashes (user_id, hash, band0, band1, band2, band3)
select (random() * 100000)::int, h, pg_temp.band(h, 0), pg_temp.band(h, 1), pg_temp.band(h, 2), pg_temp.band(h, 3)
from (select pg_temp.random_hash(0.5) as h from generate_series(1, 1000000)) s;
create index on listing_photo_hashes (band0);
create index on listing_photo_hashes (band1);
create index on listing_photo_hashes (band2);
create index on listing_photo_hashes (band3);
analyze listing_photo_hashes;
select pg_temp.measure('uniforme', 200);

\echo 'Il piano della ricerca:'
explain (analyze, costs off, timing off, summary on)
select t.id from listing_photo_hashes t
where (t.band0 = any(pg_temp.neighbours(1::smallint)) or t.band1 = any(pg_temp.neighbours(2::smallint))
    or t.band2 = any(pg_temp.neighbours(3::smallint)) or t.band3 = any(pg_temp.neighbours(4::smallint)))
  and t.user_id <> -1 and bit_count((t.hash # 12345)::bit(64)) <= 7;

\echo 'Riempimento sbilanciato (ogni bit a 1 con probabilità 1/4)…'
truncate listing_photo_hashes restart identity;
insert into listing_photo_hashes (user_id, hash, band0, band1, band2, band3)
select (random() * 100000)::int, h, pg_temp.band(h, 0), pg_temp.band(h, 1), pg_temp.band(h, 2), pg_temp.band(h, 3)
from (select pg_temp.random_hash(0.25) as h from generate_series(1, 1000000)) s;
analyze listing_photo_hashes;
select pg_temp.measure('sbilanciato', 200);

select filling as riempimento, count(*) as ricerche,
  round(avg(candidates)) as candidati_medi, max(candidates) as candidati_max,
  round(avg(ms), 2) as ms_medi,
  round((percentile_cont(0.95) within group (order by ms))::numeric, 2) as ms_p95,
  round(max(ms), 2) as ms_max
from runs group by filling order by filling desc;
