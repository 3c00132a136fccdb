// Start-up's accounts and content step, in the order start() runs it, on an empty database.
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { signIn } from "~/accounts/accounts.server";
import { CLIENT_IP_HEADER } from "~/accounts/auth.server";
import { db } from "~/db/client.server";
import { articles, contests, petListings, profiles, users } from "~/db/schema";
import { articles as demoArticles } from "~/seed/data/articles";
import { contests as demoContests } from "~/seed/data/contests";
import { listings as demoListings } from "~/seed/data/listings";
import { DEMO_PASSWORD, demoUsers } from "~/seed/data/users";
import { DEMO_ADMIN } from "~/seed/seed.server";
import { DEMO_STAFF } from "~/seed/data/users";
import { itDb } from "../tests/db";
import { prepareAccountsAndContent, startBanner } from "./startup.server";

const ADMIN_PASSWORD = "Custode-di-Zampa-77";
let ip = 0;
const signsIn = async (email: string, password: string) => {
  ip += 1;
  return (await signIn({ email, password }, new Headers({ [CLIENT_IP_HEADER]: `198.51.100.${ip}` }))).ok;
};

async function rows(table: typeof articles | typeof petListings | typeof contests) {
  const [row] = await db().select({ n: count() }).from(table);
  return row?.n;
}

describe("start-up: administrator, then demo content", () => {
  itDb(
    "ADMIN_EMAIL is the demo administrator's e-mail: one administrator account, with ADMIN_PASSWORD, and the whole demo content",
    async () => {
      await prepareAccountsAndContent({ adminEmail: DEMO_ADMIN.email, adminPassword: ADMIN_PASSWORD, seedDemo: undefined });

      const admins = await db().select().from(profiles).where(eq(profiles.email, DEMO_ADMIN.email));
      expect(admins).toHaveLength(1);
      expect(admins[0]?.role).toBe("admin");
      expect(await signsIn(DEMO_ADMIN.email, ADMIN_PASSWORD)).toBe(true);
      // The demo password, printed in every log of a demo start, does not open it.
      expect(await signsIn(DEMO_ADMIN.email, DEMO_PASSWORD)).toBe(false);

      // The demo content is complete: its articles are that administrator's, the demo users exist.
      expect(await rows(articles)).toBe(demoArticles.length);
      const [authored] = await db().select({ n: count() }).from(articles).where(eq(articles.authorId, admins[0]!.id));
      expect(authored?.n).toBe(demoArticles.length);
      expect(await rows(petListings)).toBe(demoListings.length);
      expect(await rows(contests)).toBe(demoContests.length);
      const [people] = await db().select({ n: count() }).from(users);
      expect(people?.n).toBe(demoUsers.length + DEMO_STAFF.length + 1);
      expect(await signsIn(demoUsers[0]!.email, DEMO_PASSWORD)).toBe(true);

      // The start banner names ADMIN_EMAIL (not its password) and prints no demo password for it.
      const banner = await startBanner("http://localhost:3000", { adminEmail: DEMO_ADMIN.email, adminPassword: ADMIN_PASSWORD, smtpUrl: undefined });
      expect(banner.admin).toBe(DEMO_ADMIN.email);
      expect(banner.demoAdmin).toBeUndefined();
      expect(banner.demoUser).toEqual({ email: demoUsers[0]!.email, password: DEMO_PASSWORD });
      expect(JSON.stringify(banner)).not.toContain(ADMIN_PASSWORD);
    },
    60_000,
  );

  itDb(
    "ADMIN_EMAIL is a demo user's e-mail: that account is the administrator, with ADMIN_PASSWORD, and keeps the user's demo content",
    async () => {
      const giulia = demoUsers[0]!;
      await prepareAccountsAndContent({ adminEmail: giulia.email, adminPassword: ADMIN_PASSWORD, seedDemo: undefined });
      const [profile] = await db().select().from(profiles).where(eq(profiles.email, giulia.email));
      expect(profile?.role).toBe("admin");
      expect(await signsIn(giulia.email, ADMIN_PASSWORD)).toBe(true);
      const [owned] = await db().select({ n: count() }).from(petListings).where(eq(petListings.userId, profile!.id));
      expect(owned?.n).toBe(demoListings.filter((l) => l.ownerEmail === giulia.email).length);
      expect(await rows(petListings)).toBe(demoListings.length);
      // The demo administrator is there too, as the demo content defines it.
      const [demoAdmin] = await db().select().from(profiles).where(eq(profiles.email, DEMO_ADMIN.email));
      expect(demoAdmin?.role).toBe("admin");
      expect(await signsIn(DEMO_ADMIN.email, DEMO_PASSWORD)).toBe(true);
    },
    60_000,
  );

  itDb(
    "without ADMIN_EMAIL: the demo administrator with the demo password",
    async () => {
      await prepareAccountsAndContent({ adminEmail: undefined, adminPassword: undefined, seedDemo: undefined });
      const [admin] = await db().select().from(profiles).where(eq(profiles.email, DEMO_ADMIN.email));
      expect(admin?.role).toBe("admin");
      expect(admin?.fullName).toBe(DEMO_ADMIN.fullName);
      expect(await signsIn(DEMO_ADMIN.email, DEMO_PASSWORD)).toBe(true);

      // The start banner: the address, the demo credentials that open the accounts, where mails go.
      const noAdmin = { adminEmail: undefined, adminPassword: undefined };
      expect(await startBanner("http://localhost:3000", { ...noAdmin, smtpUrl: undefined })).toEqual({
        url: "http://localhost:3000",
        demoAdmin: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD },
        demoUser: { email: demoUsers[0]!.email, password: DEMO_PASSWORD },
        // The tests' DATA_DIR is a temporary folder: the command names it.
        mail: { outbox: expect.stringMatching(/outbox$/) as unknown, command: expect.stringMatching(/^DATA_DIR=\S+ npm run outbox$/) as unknown },
      });
      const viaSmtp = await startBanner("https://zampa.example.it", { ...noAdmin, smtpUrl: "smtps://posta:segreta@smtp.example.it:465" });
      expect(viaSmtp.mail).toEqual({ smtp: "smtp.example.it:465" });
    },
    60_000,
  );
});
