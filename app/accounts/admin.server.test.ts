import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { accountCounts } from "./counts.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { db } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { createAccount, requestAs } from "../../tests/accounts";
import { outcomeOf, throughAdminGate } from "../../tests/admin-access";
import { itDb } from "../../tests/db";
import { createUserRow } from "../../tests/factories";
import { auth } from "./auth.server";
import { listUsers, setUserRole, userFilter, userPage } from "./admin.server";
import type { ListSort } from "~/lib/list-sort";
import { USER_ADMIN_MESSAGES as M, USER_MATCHES_COUNTED, USERS_PAGE_SIZE, type UserSortKey } from "./admin-validation";
import type { CurrentUser } from "./session.server";

const asAdmin = (id: string): CurrentUser => ({ id, email: "admin@example.it", fullName: "Admin", role: "admin" });

async function person(name: string, email: string, options: { role?: "admin" | "user"; createdAt?: Date } = {}) {
  const row = await createUserRow({ name, email });
  if (options.role || options.createdAt) {
    await db()
      .update(profiles)
      .set({ ...(options.role ? { role: options.role } : {}), ...(options.createdAt ? { createdAt: options.createdAt } : {}) })
      .where(eq(profiles.id, row.id));
  }
  return row;
}

async function roleOf(id: string) {
  const [row] = await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id));
  return row?.role;
}

/** Inside a rolled-back test: nobody else is an administrator (so "the last admin" is ours). */
async function onlyOurAdmins() {
  await db().update(profiles).set({ role: "user" }).where(eq(profiles.role, "admin"));
}

describe("listUsers", () => {
  itDb("refuses visitors (401) and users (403)", async () => {
    const user = await person("Ugo Utente", "ugo@example.it");
    expect(await listUsers(null)).toEqual({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
    expect(await listUsers({ ...asAdmin(user.id), role: "user" })).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.adminOnly });
  });

  itDb("finds accounts by any part of the name or of the e-mail, in any case", async () => {
    const admin = await person("Amministratrice Prova", "capa@example.it", { role: "admin" });
    const marta = await person("Marta Bianchi", "mbianchi@posta.example.it");
    const luca = await person("Luca Verdi", "luca.verdi@example.it");
    const actor = asAdmin(admin.id);
    const ids = async (q: string) => {
      const result = await listUsers(actor, { q });
      if (!result.ok) throw new Error(result.error);
      return result.users.map((u) => u.id);
    };
    expect(await ids("bianch")).toEqual([marta.id]);
    expect(await ids("MARTA")).toEqual([marta.id]);
    expect(await ids("LUCA.VERDI@")).toEqual([luca.id]);
    expect(await ids("posta.example")).toEqual([marta.id]);
    expect(await ids("  verdi  ")).toEqual([luca.id]);
    expect(await ids("nessuno-così")).toEqual([]);
  });

  itDb("matches % and _ literally", async () => {
    const admin = await person("Admin", "admin-like@example.it", { role: "admin" });
    const percent = await person("Sconto 50% Gatti", "sconto@example.it");
    const underscore = await person("Nome Qualunque", "nome_cognome@example.it");
    await person("Sconto 50 Gatti", "sconto50@example.it");
    await person("Nome Qualunque Due", "nomexcognome@example.it");
    const result = await listUsers(asAdmin(admin.id), { q: "50%" });
    expect(result.ok && result.users.map((u) => u.id)).toEqual([percent.id]);
    const under = await listUsers(asAdmin(admin.id), { q: "nome_cog" });
    expect(under.ok && under.users.map((u) => u.id)).toEqual([underscore.id]);
    const all = await listUsers(asAdmin(admin.id), { q: "%" });
    expect(all.ok && all.users.map((u) => u.id)).toEqual([percent.id]);
    const backslash = await listUsers(asAdmin(admin.id), { q: "\\" });
    expect(backslash.ok && backslash.users).toEqual([]);
  });

  itDb("shows 20 accounts a page, newest first, with name, e-mail, role label and date", async () => {
    const admin = await person("Admin Pagine", "admin-pagine@example.it", { role: "admin" });
    const base = Date.UTC(2030, 0, 1);
    const made = [];
    for (let i = 0; i < 25; i++) {
      made.push(await person(`Paginato ${String(i).padStart(2, "0")}`, `paginato-${i}@example.it`, { createdAt: new Date(base + i * 60_000) }));
    }
    const first = await listUsers(asAdmin(admin.id), { q: "paginato" });
    if (!first.ok) throw new Error(first.error);
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect(first.matching).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.users[0]).toEqual({
      id: made[24]!.id,
      fullName: "Paginato 24",
      email: "paginato-24@example.it",
      role: "user",
      roleLabel: "Utente",
      createdAt: new Date(base + 24 * 60_000),
      suspendedAt: null,
    });
    const second = await listUsers(asAdmin(admin.id), { q: "paginato", page: 2 });
    expect(second.ok && second.users.map((u) => u.fullName)).toEqual(["Paginato 04", "Paginato 03", "Paginato 02", "Paginato 01", "Paginato 00"]);
    const past = await listUsers(asAdmin(admin.id), { q: "paginato", page: 9 });
    expect(past.ok && { users: past.users, page: past.page, pageCount: past.pageCount }).toEqual({ users: [], page: 9, pageCount: 2 });
  });

  itDb("orders by name or by sign-up date, either way, as the address asks", async () => {
    const admin = await person("Admin Ordine", "admin-ordine@example.it", { role: "admin" });
    const base = Date.UTC(2026, 0, 1);
    await person("Ordinato Bruno", "ordinato-b@example.it", { createdAt: new Date(base) });
    await person("Ordinato Carla", "ordinato-c@example.it", { createdAt: new Date(base + 60_000) });
    await person("Ordinato Anna", "ordinato-a@example.it", { createdAt: new Date(base + 120_000) });
    const names = async (sort?: ListSort<UserSortKey>) => {
      const result = await listUsers(asAdmin(admin.id), { q: "ordinato", sort });
      if (!result.ok) throw new Error(result.error);
      return result.users.map((u) => u.fullName);
    };
    expect(await names({ key: "name", direction: "asc" })).toEqual(["Ordinato Anna", "Ordinato Bruno", "Ordinato Carla"]);
    expect(await names({ key: "name", direction: "desc" })).toEqual(["Ordinato Carla", "Ordinato Bruno", "Ordinato Anna"]);
    expect(await names({ key: "created", direction: "asc" })).toEqual(["Ordinato Bruno", "Ordinato Carla", "Ordinato Anna"]);
    expect(await names()).toEqual(["Ordinato Anna", "Ordinato Carla", "Ordinato Bruno"]);
  });

  itDb("counts all accounts, admins and users, whatever the search", async () => {
    const admin = await person("Admin Conti", "admin-conti@example.it", { role: "admin" });
    const before = await listUsers(asAdmin(admin.id));
    if (!before.ok) throw new Error(before.error);
    await person("Seconda Admin", "seconda-admin@example.it", { role: "admin" });
    await person("Utente Uno", "uno@example.it");
    await person("Utente Due", "due@example.it");
    const after = await listUsers(asAdmin(admin.id), { q: "uno@" });
    if (!after.ok) throw new Error(after.error);
    expect(after.counters).toEqual({ total: before.counters.total + 3, admins: before.counters.admins + 1, users: before.counters.users + 2 });
    expect(after.counters.total).toBeGreaterThanOrEqual(after.counters.admins + after.counters.users);
    expect(after.matching).toBe(1);
  });

  itDb("filters by role", async () => {
    await onlyOurAdmins();
    const admin = await person("Admin Filtro", "admin-filtro@example.it", { role: "admin" });
    const result = await listUsers(asAdmin(admin.id), { role: "admin" });
    expect(result.ok && result.users.map((u) => u.id)).toEqual([admin.id]);
  });

  itDb("searches through the trigram index on the stored search text", async () => {
    await db().execute(sql`
      insert into users (name, email)
      select 'Persona ' || i || ' ' || md5(i::text), 'persona' || i || '-' || md5(i::text) || '@example.it'
      from generate_series(1, 3000) as i`);
    // Accounts made over time (rows made in one transaction would share one created_at).
    await db().execute(sql`update profiles set created_at = created_at - random() * interval '900 days'`);
    await db().execute(sql`analyze profiles`);
    // The planner may prefer another plan on a table this small; the indexes must be usable.
    await db().execute(sql`set local enable_seqscan = off`);
    const where = userFilter({ q: "persona123" });
    const plan = await db().execute(sql`explain ${db().select({ n: sql`count(*)` }).from(profiles).where(where)}`);
    const text = JSON.stringify(plan);
    expect(text).toContain("profiles_admin_search_idx");
    // The page without a search comes from profiles_created_idx, not from sorting every account.
    const page = await db().execute(sql`explain ${userPage(undefined, 1)}`);
    const pageText = JSON.stringify(page);
    expect(pageText).toContain("profiles_created_idx");
    expect(pageText).not.toMatch(/(?<!Incremental )Sort {2}\(/);
    await db().execute(sql`set local enable_seqscan = on`);
  });
});

describe("setUserRole", () => {
  itDb("promotes a user and demotes an admin while another admin remains", async () => {
    await onlyOurAdmins();
    const admin = await person("Admin Ruoli", "admin-ruoli@example.it", { role: "admin" });
    const user = await person("Futura Admin", "futura@example.it");
    expect(await setUserRole(asAdmin(admin.id), user.id, "admin")).toEqual({
      ok: true,
      changed: true,
      user: { id: user.id, role: "admin", roleLabel: "Amministratore" },
      message: M.roleUpdated("admin"),
    });
    expect(await roleOf(user.id)).toBe("admin");
    const again = await setUserRole(asAdmin(admin.id), user.id, "admin");
    expect(again).toMatchObject({ ok: true, changed: false });
    expect(await setUserRole(asAdmin(admin.id), user.id, "user")).toMatchObject({ ok: true, changed: true, message: M.roleUpdated("user") });
    expect(await roleOf(user.id)).toBe("user");
  });

  itDb("refuses to demote the last administrator (409), also when it is the admin themself", async () => {
    await onlyOurAdmins();
    const admin = await person("Unica Admin", "unica@example.it", { role: "admin" });
    expect(await setUserRole(asAdmin(admin.id), admin.id, "user")).toEqual({ ok: false, status: 409, error: M.lastAdmin });
    expect(await roleOf(admin.id)).toBe("admin");
  });

  itDb("lets an admin demote themself while another admin remains", async () => {
    await onlyOurAdmins();
    const admin = await person("Admin Uscente", "uscente@example.it", { role: "admin" });
    await person("Admin Restante", "restante@example.it", { role: "admin" });
    expect(await setUserRole(asAdmin(admin.id), admin.id, "user")).toMatchObject({ ok: true, changed: true });
    expect(await roleOf(admin.id)).toBe("user");
  });

  itDb("refuses an unknown role (400), an unknown or malformed id (404), and non-admins (401/403)", async () => {
    await onlyOurAdmins();
    const admin = await person("Admin Errori", "admin-errori@example.it", { role: "admin" });
    const user = await person("Utente Errori", "utente-errori@example.it");
    expect(await setUserRole(asAdmin(admin.id), user.id, "superadmin")).toEqual({ ok: false, status: 400, error: M.invalidRole });
    expect(await setUserRole(asAdmin(admin.id), user.id, "")).toEqual({ ok: false, status: 400, error: M.invalidRole });
    expect(await setUserRole(asAdmin(admin.id), "00000000-0000-4000-8000-000000000000", "admin")).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await setUserRole(asAdmin(admin.id), "not-a-uuid' or 1=1", "admin")).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await setUserRole(null, user.id, "admin")).toMatchObject({ ok: false, status: 401 });
    expect(await setUserRole({ ...asAdmin(user.id), role: "user" }, user.id, "admin")).toMatchObject({ ok: false, status: 403 });
    expect(await roleOf(user.id)).toBe("user");
    expect(await roleOf(admin.id)).toBe("admin");
  });

  itDb("answers the spec's message when the update fails unexpectedly", async () => {
    await onlyOurAdmins();
    const admin = await person("Admin Guasto", "admin-guasto@example.it", { role: "admin" });
    const user = await person("Utente Guasto", "utente-guasto@example.it");
    // A trigger that fails every update of profiles stands in for a database failure.
    await db().execute(sql`create function pg_temp.zampa_fail() returns trigger language plpgsql as $$ begin raise exception 'guasto'; end $$`);
    await db().execute(sql`create trigger zampa_fail before update on profiles for each row execute function pg_temp.zampa_fail()`);
    expect(await setUserRole(asAdmin(admin.id), user.id, "admin")).toEqual({ ok: false, status: 500, error: M.roleError });
  });
});

describe("setUserRole under concurrency", () => {
  it("two admins demoting each other at the same moment leave one administrator", async () => {
    const a = await createUserRow({ name: "Admin Gara A" });
    const b = await createUserRow({ name: "Admin Gara B" });
    try {
      await db().update(profiles).set({ role: "admin" }).where(inArray(profiles.id, [a.id, b.id]));
      const [others] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(profiles)
        .where(sql`${profiles.role} = 'admin' and ${profiles.id} not in (${a.id}, ${b.id})`);
      const results = await Promise.all([setUserRole(asAdmin(a.id), b.id, "user"), setUserRole(asAdmin(b.id), a.id, "user")]);
      const [after] = await db().select({ n: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.role, "admin"));
      expect(after!.n).toBeGreaterThanOrEqual(1);
      if (others!.n === 0) {
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 409, error: M.lastAdmin }]);
        expect([await roleOf(a.id), await roleOf(b.id)].sort()).toEqual(["admin", "user"]);
      }
    } finally {
      await db().delete(users).where(inArray(users.id, [a.id, b.id]));
    }
  });
});

describe("a demoted administrator", () => {
  itDb("is refused by the admin layout on the very next request", async () => {
    await onlyOurAdmins();
    const demoted = await createAccount({ role: "admin", fullName: "Admin Declassata" });
    const other = await person("Admin Che Declassa", "declassa@example.it", { role: "admin" });
    const url = "http://localhost:3000/admin";
    const call = () => throughAdminGate(adminLayoutLoader, { request: requestAs(demoted, url), params: {} });
    expect((await outcomeOf(call)).status).toBe(200);
    expect(await setUserRole(asAdmin(other.id), demoted.id, "user")).toMatchObject({ ok: true, changed: true });
    const outcome = await outcomeOf(call);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Fadmin");
  });

  it("cannot keep a stale role in a cookie: better-auth's session cookie cache is off", () => {
    // getCurrentUser reads the role from profiles on every request; a cached session must not
    // stand in for that read (it would not carry the role anyway, but would outlive a revocation).
    const session = auth().options.session as { cookieCache?: { enabled?: boolean } } | undefined;
    expect(session?.cookieCache?.enabled ?? false).toBe(false);
  });
});

describe("listUsers at scale", () => {
  itDb("counts a broad search up to its cap and still pages it newest first", async () => {
    const stamp = Date.now().toString(36);
    await db()
      .insert(users)
      .values(Array.from({ length: USER_MATCHES_COUNTED + 5 }, (_, i) => ({ name: `Ampio ${stamp} ${i}`, email: `ampio-${stamp}-${i}@example.it` })));
    const result = await listUsers(asAdmin("00000000-0000-4000-8000-000000000001"), { q: `ampio ${stamp}` });
    if (!result.ok) throw new Error(result.error);
    expect(result.matching).toBe(USER_MATCHES_COUNTED);
    expect(result.matchingCapped).toBe(true);
    expect(result.pageCount).toBe(USER_MATCHES_COUNTED / USERS_PAGE_SIZE);
    expect(result.users).toHaveLength(USERS_PAGE_SIZE);
    for (const user of result.users) expect(user.fullName).toContain(stamp);
    const times = result.users.map((u) => u.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  itDb("answers a narrow search from the indexes' matches, each account once, as the broad plan would", async () => {
    const stamp = Date.now().toString(36);
    // Matches by name, by e-mail, and by both (listed once).
    const a = await person(`Nome ${stamp}`, `a-${Date.now()}@example.it`);
    const b = await person("Altro Nome", `posta-${stamp}@example.it`);
    const c = await person(`Entrambi ${stamp}`, `entrambi-${stamp}@example.it`);
    const admin = asAdmin(a.id);
    const result = await listUsers(admin, { q: stamp });
    if (!result.ok) throw new Error(result.error);
    expect(result.matching).toBe(3);
    expect(result.matchingCapped).toBe(false);
    expect(result.users.map((u) => u.id).sort()).toEqual([a.id, b.id, c.id].sort());
    const broad = await userPage(userFilter({ q: stamp }), 1);
    expect(result.users.map((u) => u.id)).toEqual(broad.map((u) => u.id));
    const admins = await listUsers(admin, { q: stamp, role: "admin" });
    expect(admins.ok && admins.matching).toBe(0);
  });
});

describe("suspended accounts (decision 0110)", () => {
  itDb("the list marks them and its filter keeps only them, with or without a search", async () => {
    const admin = await person("Admin Sospensioni", "admin-sospensioni@example.it", { role: "admin" });
    const kept = await person("Sara Sospesa", "sara.sospesa@example.it");
    const free = await person("Sara Libera", "sara.libera@example.it");
    await db().update(profiles).set({ suspendedAt: new Date(), suspendedReason: "Spam ripetuto nei messaggi." }).where(eq(profiles.id, kept.id));
    const all = await listUsers(asAdmin(admin.id), { q: "sara" });
    expect(all.ok && all.users.map((u) => [u.id, u.suspendedAt !== null])).toEqual(
      expect.arrayContaining([
        [kept.id, true],
        [free.id, false],
      ]),
    );
    const suspended = await listUsers(asAdmin(admin.id), { q: "sara", suspended: true });
    expect(suspended.ok && suspended.users.map((u) => u.id)).toEqual([kept.id]);
    const everyone = await listUsers(asAdmin(admin.id), { suspended: true });
    expect(everyone.ok && everyone.users.map((u) => u.id)).toContain(kept.id);
    expect(everyone.ok && everyone.users.every((u) => u.suspendedAt !== null)).toBe(true);
    expect(everyone.ok && everyone.matching).toBe(everyone.ok && everyone.users.length);
  });

  itDb("a suspended account is not given a role of the team", async () => {
    const admin = await person("Admin Ruoli", "admin-ruoli@example.it", { role: "admin" });
    const kept = await person("Ugo Sospeso", "ugo.sospeso@example.it");
    await db().update(profiles).set({ suspendedAt: new Date(), suspendedReason: "Spam ripetuto nei messaggi." }).where(eq(profiles.id, kept.id));
    expect(await setUserRole(asAdmin(admin.id), kept.id, "admin")).toEqual({ ok: false, status: 409, error: M.suspendedNotStaff });
    expect(await setUserRole(asAdmin(admin.id), kept.id, "moderator")).toEqual({ ok: false, status: 409, error: M.suspendedNotStaff });
    expect(await roleOf(kept.id)).toBe("user");
  });
});

describe("the account counters", () => {
  afterEach(() => setCacheEnabled(false));

  itDb("are kept between requests and follow a sign-up and a role change at once", async () => {
    setCacheEnabled(true);
    const before = await accountCounts();
    expect(await accountCounts()).toBe(before);
    const account = await createAccount();
    const afterSignUp = await accountCounts();
    expect(afterSignUp).toMatchObject({ total: before.total + 1, admins: before.admins, byRole: { ...before.byRole, user: before.byRole.user + 1 } });
    const admin = await person("Capo", `capo-${Date.now()}@example.it`, { role: "admin" });
    const promoted = await setUserRole(asAdmin(admin.id), account.id, "admin");
    expect(promoted.ok).toBe(true);
    expect((await accountCounts()).admins).toBe(before.admins + 2);
  });
});
