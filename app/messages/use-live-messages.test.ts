// The client side of the live updates, with a stand-in for the browser's EventSource: every event
// is news, a stream given up on is reopened later, a stream back from a break asks for a reload,
// and closing leaves nothing open or planned.
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectLiveMessages, LIVE_EVENTS_PATH, type EventSourceLike } from "./use-live-messages";

class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

afterEach(() => {
  FakeSource.opened = [];
  vi.useRealTimers();
});

describe("connectLiveMessages", () => {
  it("opens the stream and hands on each kind of event with its conversation", () => {
    const news: string[] = [];
    const close = connectLiveMessages({ onNews: (name, id) => news.push(`${name}:${id}`), open: (url) => new FakeSource(url) });
    const [source] = FakeSource.opened;
    expect(source?.url).toBe(LIVE_EVENTS_PATH);
    source!.emit("message", JSON.stringify({ conversationId: "c1" }));
    source!.emit("changed", JSON.stringify({ conversationId: "c2" }));
    source!.emit("resync", "non json");
    source!.emit("ping", "ignored");
    expect(news).toEqual(["message:c1", "changed:c2", "resync:"]);
    close();
    expect(source!.closed).toBe(true);
  });

  it("after a break the browser mended, asks for a reload; a stream given up on is reopened later", () => {
    vi.useFakeTimers();
    const news: string[] = [];
    const close = connectLiveMessages({ onNews: (name) => news.push(name), open: (url) => new FakeSource(url), retryMs: 1_000 });
    const first = FakeSource.opened[0]!;
    first.emit("open");
    expect(news).toEqual([]);
    first.emit("error");
    first.emit("open");
    expect(news).toEqual(["reconnected"]);
    // Given up (a 401, a proxy's page): closed, reopened after the delay, not before.
    first.readyState = 2;
    first.emit("error");
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.opened).toHaveLength(2);
    FakeSource.opened[1]!.emit("open");
    expect(news).toEqual(["reconnected", "reconnected"]);
    close();
    expect(FakeSource.opened[1]!.closed).toBe(true);
  });

  it("closed while waiting to reopen: nothing is opened again", () => {
    vi.useFakeTimers();
    const close = connectLiveMessages({ onNews: () => {}, open: (url) => new FakeSource(url), retryMs: 1_000 });
    const first = FakeSource.opened[0]!;
    first.readyState = 2;
    first.emit("error");
    close();
    vi.advanceTimersByTime(5_000);
    expect(FakeSource.opened).toHaveLength(1);
  });
});
