// Contact messages: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { archive, deleteMessage, markReplied, openMessage } from "~/contact/admin.server";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { itDb } from "../../tests/db";
import { MODERATOR, changeOf, lastId, onlyRecord, recordsSince } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("contact messages", () => {
  itDb("opening, replying, archiving and deleting", async () => {
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: "Anna Bianchi", email: "anna@example.it", subject: "Collaborazione", message: "Vorrei collaborare con voi." })
      .returning();
    const label = "Collaborazione — Anna Bianchi <anna@example.it>";
    let mark = await lastId();
    await openMessage(MODERATOR, message!.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ area: "contacts", action: "update", itemLabel: label, changes: [{ field: "status", before: "new", after: "read" }] });
    mark = await lastId();
    await markReplied(MODERATOR, message!.id);
    expect((await onlyRecord(mark, MODERATOR)).changes).toEqual([{ field: "status", before: "read", after: "replied" }]);
    mark = await lastId();
    await archive(MODERATOR, message!.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "archive" });
    // The same status again changes nothing and records nothing.
    mark = await lastId();
    await archive(MODERATOR, message!.id);
    expect(await recordsSince(mark)).toEqual([]);
    await deleteMessage(MODERATOR, message!.id);
    const deleted = await onlyRecord(mark, MODERATOR);
    expect(deleted).toMatchObject({ action: "delete", itemId: message!.id, itemLabel: label });
    // The sender's text is not copied into the log.
    expect(changeOf(deleted, "message")).toBeUndefined();
  });
});
