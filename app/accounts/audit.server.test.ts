// Role changes leave their record in the activity log (decisions 0107, 0108); a refused one none.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { ACTOR, lastId, onlyRecord, recordsSince } from "../../tests/audit";
import { itDb } from "../../tests/db";
import { createUserRow } from "../../tests/factories";
import { setUserRole } from "./admin.server";

describe("role changes", () => {
  itDb("are recorded with the account's name and e-mail; the last admin's refused demotion is not", async () => {
    const target = await createUserRow({ name: "Sara Bianchi", email: `sara-${Date.now()}@example.it` });
    let mark = await lastId();
    expect(await setUserRole(ACTOR, target.id, "editor")).toMatchObject({ ok: true, changed: true });
    const record = await onlyRecord(mark);
    expect(record).toMatchObject({ area: "users", action: "role", itemId: target.id, itemLabel: `Sara Bianchi <${target.email}>` });
    expect(record.changes).toEqual([{ field: "role", before: "user", after: "editor" }]);

    await db().update(profiles).set({ role: "user" }).where(eq(profiles.role, "admin"));
    await db().update(profiles).set({ role: "admin" }).where(eq(profiles.id, target.id));
    mark = await lastId();
    expect(await setUserRole(ACTOR, target.id, "user")).toMatchObject({ ok: false, status: 409 });
    expect(await recordsSince(mark)).toEqual([]);
  });
});
