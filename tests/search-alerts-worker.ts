// One app process running the saved searches' alerts, for the exactly-once test across processes
// (app/saved-searches/alerts-processes.server.test.ts) and the alerts benchmark (scripts/bench-alerts.ts).
// It opens the shared PostgreSQL database with its own DATA_DIR (its own outbox), says "ready",
// waits for "go" on its standard input (sent to every worker at once), then runs the alerts until the listings and searches it is told about have
// nothing left waiting (another process may hold some for a while), and prints one JSON line.
// Started as `node --import tsx tests/search-alerts-worker.ts '<json>'`.
import { sql } from "drizzle-orm";
import { readConfig, setConfig } from "~/config.server";
import { openDatabase, queryRows, setDatabase } from "~/db/client.server";
import { runSearchAlerts } from "~/saved-searches/alerts.server";

interface WorkerInput {
  databaseUrl: string;
  dataDir: string;
  /** listings matched per transaction (smaller: more turns between the processes) */
  batchSize?: number;
  /** the clock of the runs (ISO), for the daily digests' hour */
  now?: string;
  /** a label the listings' words carry: done when none of them waits in the queue and no search is pending */
  scope: { listingWord: string; userIds?: string[] };
}

const input = JSON.parse(process.argv[2] ?? "{}") as WorkerInput;
setConfig({ ...readConfig({ NODE_ENV: "test" }), dataDir: input.dataDir, publicUrl: "http://localhost:3000", authSecret: "test-secret-0123456789abcdefghijklmnop" });
const database = await openDatabase({ databaseUrl: input.databaseUrl });
setDatabase(database);
process.stdout.write(`ready ${process.pid}\n`);
await new Promise<void>((resolve) => {
  process.stdin.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("go")) resolve();
  });
});
process.stdin.pause();

async function waiting(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(sql`
    select ((select count(*) from listing_alert_queue q join pet_listings l on l.id = q.listing_id
             where q.matched_at is null and l.title like ${`%${input.scope.listingWord}%`})
          + (select count(*) from alert_mails m join saved_searches s on s.id = m.saved_search_id
             where s.words_text like ${`%${input.scope.listingWord}%`}))::int as n`);
  return row?.n ?? 0;
}

const started = performance.now();
const totals = { runs: 0, listings: 0, matches: 0, mails: 0, failed: 0, ms: 0 };
for (;;) {
  const { matched, instant } = await runSearchAlerts(input.now ? new Date(input.now) : new Date(), { batchSize: input.batchSize });
  totals.runs++;
  totals.listings += matched.listings;
  totals.matches += matched.matches;
  totals.mails += instant.mails;
  totals.failed += instant.failed;
  if ((await waiting()) === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
totals.ms = Math.round(performance.now() - started);
process.stdout.write(`${JSON.stringify(totals)}\n`);
await database.close();
