// A second process opening an embedded database directory, for app/db/data-dir-lock.server.test.ts:
// `node --import tsx tests/open-data-dir-worker.ts <dataDir>` prints "opened" and closes, or exits 1
// with the refusal's message.
import { openDatabase } from "~/db/client.server";

try {
  const database = await openDatabase({ dataDir: process.argv[2]! });
  console.log("opened");
  await database.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
