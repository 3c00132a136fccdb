// Live updates of the private conversations (issue 29, decision 0091): the open pages of a person
// (inbox, conversation, header badge) hear, through /dashboard/messaggi/eventi, that a message for
// them arrived or that one of their conversations changed, and reload their data. The payload
// carries ids only, never a message's text: the page reads the text through its own loader, which
// checks who is asking.
//
// On a PostgreSQL server several processes answer: the news travels as NOTIFY on one channel, and
// each process LISTENs on one connection of its own (the cache's pattern, app/cache/cache.server.ts),
// delivering to the subscribers it holds — its own news included, which comes back the same way.
// The embedded database has one process: the news goes straight to its subscribers.
import { sql } from "drizzle-orm";
import pg from "pg";
import { db, getDatabase } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

export const LIVE_CHANNEL = "zampa_messages";

export type LiveKind = "message" | "changed" | "resync";

/** What a subscriber hears: for whom, which conversation, what happened. */
export interface LiveEvent {
  kind: LiveKind;
  /** empty for "resync": the listening connection came back, anything may have changed */
  conversationId: string;
}

export type LiveListener = (event: LiveEvent) => void;

/** The news as published: the people whose pages should refresh (the recipient, the sender's other tabs). */
export interface LiveNews {
  kind: Exclude<LiveKind, "resync">;
  conversationId: string;
  userIds: readonly (string | null)[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `kind|conversation|user,user`: ids only, well under NOTIFY's 8000 bytes. */
export function encodeNews(news: LiveNews): string {
  const users = news.userIds.filter((id): id is string => typeof id === "string" && UUID.test(id));
  return `${news.kind}|${news.conversationId}|${[...new Set(users)].join(",")}`;
}

export function decodeNews(payload: string): LiveNews | null {
  const [kind, conversationId, users] = payload.split("|");
  if ((kind !== "message" && kind !== "changed") || !conversationId || !UUID.test(conversationId) || users === undefined) return null;
  return { kind, conversationId, userIds: users.split(",").filter((id) => UUID.test(id)) };
}

/**
 * One process's subscribers and, on PostgreSQL, its listening connection. A class so that a test
 * can run two of them, each with its own connection, as two processes would.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private down = false;

  /** The subscriber hears events for userId until the returned function is called. */
  subscribe(userId: string, listener: LiveListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** Subscribers held now (tests, diagnostics). */
  subscriberCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Hands the news to this process's subscribers of the people it names. */
  deliver(news: LiveNews): void {
    for (const userId of news.userIds) {
      if (!userId) continue;
      for (const listener of this.listeners.get(userId) ?? []) this.call(listener, { kind: news.kind, conversationId: news.conversationId });
    }
  }

  private call(listener: LiveListener, event: LiveEvent): void {
    try {
      listener(event);
    } catch (error) {
      logger.warn({ err: error }, "messaggi in diretta: un ascoltatore ha dato errore");
    }
  }

  /**
   * Listens on its own connection until stop(); a lost connection is opened again a second later,
   * and then every subscriber is told to reload (what was sent meanwhile was not heard).
   */
  async listen(databaseUrl: string, applicationName = "zampa-messages"): Promise<void> {
    this.stopped = false;
    const connect = async (first: boolean): Promise<void> => {
      const next = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
      next.on("notification", (message) => {
        if (message.channel !== LIVE_CHANNEL || !message.payload) return;
        const news = decodeNews(message.payload);
        if (news) this.deliver(news);
      });
      let gone = false;
      const lost = (error?: unknown) => {
        if (this.stopped || gone) return;
        gone = true;
        if (this.client === next) this.client = undefined;
        if (!this.down) logger.error({ err: error }, "messaggi in diretta: ascolto interrotto, riconnetto");
        this.down = true;
        void next.end().catch(() => {});
        this.retry = setTimeout(() => void connect(false), 1_000);
      };
      next.on("error", lost);
      next.on("end", () => lost());
      try {
        await next.connect();
        await next.query(`listen ${LIVE_CHANNEL}`);
      } catch (error) {
        if (first) throw error;
        lost(error);
        return;
      }
      this.client = next;
      if (this.down) {
        this.down = false;
        logger.info("messaggi in diretta: ascolto ripristinato");
        for (const set of this.listeners.values()) for (const listener of set) this.call(listener, { kind: "resync", conversationId: "" });
      }
    };
    await connect(true);
  }

  /** Whether this hub has a listening connection (then news reaches it through NOTIFY). */
  get listening(): boolean {
    return this.client !== undefined || this.down;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.down = false;
    await client?.end().catch(() => {});
  }
}

/** This process's hub: the SSE route subscribes to it, start-up makes it listen on PostgreSQL. */
export const liveHub = new LiveHub();

export function subscribe(userId: string, listener: LiveListener): () => void {
  return liveHub.subscribe(userId, listener);
}

/**
 * Tells every process (this one included) that these people's conversation pages are out of date.
 * On PostgreSQL through NOTIFY on the pool (delivered by each process's listener once committed);
 * on the embedded database, or with no listener started (tests, scripts), here and now. Never
 * throws: a page that is not told only refreshes later.
 */
export async function publish(news: LiveNews, hub: LiveHub = liveHub): Promise<void> {
  try {
    if (getDatabase().engine === "postgres" && hub.listening) {
      await db().execute(sql`select pg_notify(${LIVE_CHANNEL}, ${encodeNews(news)})`);
    } else {
      hub.deliver(news);
    }
  } catch (error) {
    logger.warn({ err: error, conversationId: news.conversationId }, "messaggi in diretta: notifica non inviata");
  }
}

/** Start-up, with a PostgreSQL server: this process listens; returns the stop. */
export async function listenForMessages(databaseUrl: string): Promise<() => Promise<void>> {
  await liveHub.listen(databaseUrl);
  return () => liveHub.stop();
}
