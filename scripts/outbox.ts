// `npm run outbox [-- -n N | --all]`: the latest mails of DATA_DIR/outbox, newest last, with their
// links whole, to copy a confirmation link (app/mail/outbox-list.ts, decision 0099).
import { readConfig } from "../app/config.server.ts";
import { outboxCommand } from "../app/mail/outbox-list.ts";

const { output, code } = await outboxCommand(process.argv.slice(2), readConfig().dataDir);
(code === 0 ? process.stdout : process.stderr).write(output);
process.exitCode = code;
