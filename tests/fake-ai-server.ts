// A small OpenAI-compatible chat-completions server (node:http) for the AI tests: the real HTTP
// path of the AI SDK, with answers that fit each of Zampa's three requests (it reads the JSON schema
// the request carries and the prompt). Modes: canned (default), fail (HTTP 500), slow (the answer
// trickles), malformed (text that is not JSON). Every request's arrival and end are recorded, so
// tests can check that the queue never runs two at once and spaces their starts.
//
// From a test: `const fake = await startFakeAiServer(); setConfig({... ai: { baseUrl: fake.baseUrl }})`.
// From a script (browser tests): `node --import tsx tests/fake-ai-server.ts --port 4010`; then
// POST /__control {"mode":"slow","delayMs":200} changes the mode, GET /__requests lists the record.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode = "canned" | "fail" | "slow" | "malformed";

export interface FakeSettings {
  mode: FakeMode;
  /** slow: the wait before the first piece and between pieces (ms) */
  delayMs: number;
  /** answer with token usage (false: the server must estimate it) */
  usage: boolean;
}

export interface RecordedRequest {
  kind: "article" | "field" | "plan" | "unknown";
  stream: boolean;
  model: string;
  /** Date.now() when the request arrived and when its answer ended (or the client went away) */
  start: number;
  end: number | null;
  aborted: boolean;
  prompt: string;
}

export interface FakeAiServer {
  /** what AI_BASE_URL is set to: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  port: number;
  requests: RecordedRequest[];
  settings: FakeSettings;
  set(settings: Partial<FakeSettings>): void;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULTS: FakeSettings = { mode: "canned", delayMs: 150, usage: true };

interface ChatBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
  response_format?: { type?: string; json_schema?: { schema?: { properties?: Record<string, unknown> } } };
}

function promptOf(body: ChatBody): string {
  return (body.messages ?? [])
    .map((m) => (typeof m.content === "string" ? m.content : Array.isArray(m.content) ? m.content.map((p: { text?: string }) => p.text ?? "").join("") : ""))
    .join("\n");
}

function kindOf(body: ChatBody, prompt: string): RecordedRequest["kind"] {
  const properties = body.response_format?.json_schema?.schema?.properties ?? {};
  if ("items" in properties || /piano editoriale/i.test(prompt)) return "plan";
  if ("metaTitle" in properties) return "article";
  if ("value" in properties) return "field";
  return "unknown";
}

const PARAGRAPH =
  "Prendersi cura di un animale domestico significa conoscerne le abitudini, osservare i segnali del suo benessere e " +
  "rivolgersi al veterinario quando qualcosa cambia. Un'alimentazione equilibrata, il movimento quotidiano e tanto affetto " +
  "sono la base di una convivenza serena.";

/** An answer that fits the request: the article, the field, or a plan with the items asked for. */
export function cannedAnswer(kind: RecordedRequest["kind"], prompt: string): unknown {
  if (kind === "article") {
    const topic = /sull'argomento: (.+?)\.\n/.exec(prompt)?.[1] ?? "animali domestici";
    return {
      title: `Guida pratica: ${topic}`,
      excerpt: `Tutto quello che c'è da sapere su ${topic}, spiegato in modo semplice.`,
      content: `<h2>Introduzione</h2><p>${PARAGRAPH}</p><h2>Consigli utili</h2><ul><li>Visite regolari dal veterinario</li><li>Acqua fresca sempre disponibile</li></ul><p>${PARAGRAPH}</p><script>alert("x")</script>`,
      metaTitle: `Guida: ${topic}`.slice(0, 60),
      metaDescription: `Consigli pratici su ${topic} per il benessere del tuo animale.`.slice(0, 160),
    };
  }
  if (kind === "field") {
    const field = /\(campo: (\w+)\)/.exec(prompt)?.[1];
    if (field === "Contenuto") return { value: `<h2>Nuovo contenuto</h2><p>${PARAGRAPH}</p><img src="x" onerror="alert(1)">` };
    if (field === "Estratto") return { value: "Un nuovo riassunto chiaro e invitante per i lettori." };
    return { value: "Un nuovo titolo accattivante" };
  }
  if (kind === "plan") {
    const count = Number(/esattamente (\d+) elementi/.exec(prompt)?.[1] ?? 3);
    const list = /\(usa lo slug nel campo category\): (.+)\.\n/.exec(prompt)?.[1] ?? "";
    const slugs = [...list.matchAll(/([a-z0-9-]+) \(/g)].map((m) => m[1]!);
    const categories = slugs.length > 0 ? slugs : ["generale"];
    return {
      items: Array.from({ length: count }, (_, i) => ({
        title: `Articolo ${i + 1}: consigli per il tuo amico a quattro zampe`,
        topic: `Argomento numero ${i + 1}`,
        category: categories[i % categories.length],
      })),
    };
  }
  return { value: "ok" };
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeAiServer(options: { port?: number; settings?: Partial<FakeSettings> } = {}): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  const settings: FakeSettings = { ...DEFAULTS, ...options.settings };

  async function chat(req: IncomingMessage, res: ServerResponse, body: ChatBody): Promise<void> {
    const prompt = promptOf(body);
    const record: RecordedRequest = { kind: kindOf(body, prompt), stream: body.stream === true, model: body.model ?? "", start: Date.now(), end: null, aborted: false, prompt };
    requests.push(record);
    let closed = false;
    res.on("close", () => {
      closed = !res.writableFinished;
      if (closed) record.aborted = true;
      record.end ??= Date.now();
    });
    const { mode, delayMs } = settings;
    if (mode === "fail") {
      if (delayMs > 0) await sleep(Math.min(delayMs, 100));
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Internal server error (fake)", type: "server_error" } }));
      return;
    }
    const content = mode === "malformed" ? '{"title": "Titolo", "excerpt": non è JSON' : JSON.stringify(cannedAnswer(record.kind, prompt));
    const usage = settings.usage ? { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: Math.ceil(prompt.length / 4) + Math.ceil(content.length / 4) } : undefined;
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!record.stream) {
      if (mode === "slow") await sleep(delayMs * 4);
      if (closed) return;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id, object: "chat.completion", created, model: record.model, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }], ...(usage ? { usage } : {}) }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const parts = pieces(content, mode === "slow" ? 40 : 400);
    for (const [i, part] of parts.entries()) {
      if (mode === "slow") await sleep(delayMs);
      if (closed) return;
      send({ id, object: "chat.completion.chunk", created, model: record.model, choices: [{ index: 0, delta: i === 0 ? { role: "assistant", content: part } : { content: part }, finish_reason: null }] });
    }
    send({ id, object: "chat.completion.chunk", created, model: record.model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
    if (usage) send({ id, object: "chat.completion.chunk", created, model: record.model, choices: [], usage });
    res.write("data: [DONE]\n\n");
    res.end();
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const raw = req.method === "POST" ? await readBody(req) : "";
      if (url.pathname === "/__control" && req.method === "POST") {
        const next = JSON.parse(raw || "{}") as Partial<FakeSettings> & { reset?: boolean };
        if (next.reset) {
          requests.length = 0;
          Object.assign(settings, DEFAULTS);
        }
        Object.assign(settings, { ...next, reset: undefined });
        delete (settings as Partial<FakeSettings> & { reset?: boolean }).reset;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(settings));
        return;
      }
      if (url.pathname === "/__requests") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(requests.map(({ prompt: _prompt, ...r }) => r)));
        return;
      }
      if (url.pathname.endsWith("/chat/completions") && req.method === "POST") {
        let body: ChatBody;
        try {
          body = JSON.parse(raw) as ChatBody;
        } catch {
          res.writeHead(400, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "invalid JSON body" } }));
          return;
        }
        await chat(req, res, body);
        return;
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    settings,
    set: (next) => Object.assign(settings, next),
    reset: () => {
      requests.length = 0;
      Object.assign(settings, DEFAULTS);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Started as a script: `node --import tsx tests/fake-ai-server.ts --port 4010 [--mode slow]`.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakeAiServer({
    port: Number(arg("port") ?? 0),
    settings: { ...(arg("mode") ? { mode: arg("mode") as FakeMode } : {}), ...(arg("delay") ? { delayMs: Number(arg("delay")) } : {}) },
  });
  console.log(`fake AI server: ${fake.baseUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
