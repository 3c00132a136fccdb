import { describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { approximateBytes, ByteLru } from "./byte-lru";

describe("ByteLru", () => {
  it("keeps its bytes under the budget, evicting the least recently used first", () => {
    const evicted: string[] = [];
    const lru = new ByteLru<string>(100, (key) => evicted.push(key));
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the most recently used
    lru.set("c", "C", 40);
    expect(evicted).toEqual(["b"]);
    expect(lru.bytes).toBe(80);
    expect(lru.peek("b")).toBeUndefined();
  });

  it("never keeps a value larger than the whole budget, and follows a value's new size", () => {
    const lru = new ByteLru<object>(100);
    const value = {};
    lru.set("small", value, 10);
    lru.set("huge", {}, 101);
    expect(lru.size).toBe(1);
    lru.resize("small", value, 60);
    expect(lru.bytes).toBe(60);
    lru.resize("small", {}, 5); // another value under the same key: ignored
    expect(lru.bytes).toBe(60);
    lru.deleteWhere(() => true);
    expect(lru.bytes).toBe(0);
  });

  it("estimates a value's size from its contents", () => {
    const card = { id: "x".repeat(36), title: "Gattina dolcissima", price: 0, tags: ["a", "b"] };
    expect(approximateBytes([card, card])).toBeGreaterThan(2 * approximateBytes(card));
    expect(approximateBytes("x".repeat(10_000))).toBeGreaterThanOrEqual(10_000);
    expect(readConfig({})).toMatchObject({ memoCacheMb: 32, pageCacheMb: 64 });
    expect(readConfig({ MEMO_CACHE_MB: "8", PAGE_CACHE_MB: "16" })).toMatchObject({ memoCacheMb: 8, pageCacheMb: 16 });
  });
});
