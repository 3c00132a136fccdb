// A map bounded by the bytes its values take: the least recently used entries go first. Used by the
// memoized queries and the page cache, so that memory grows with what visitors read and stays
// under a configured budget whatever keys they send.

export class ByteLru<V> {
  private entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  /** `onEvict` is told of every entry that leaves, whatever the reason. */
  constructor(
    readonly maxBytes: number,
    private readonly onEvict?: (key: string, value: V) => void,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value without touching its place in the order. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    // Larger than the whole budget: never kept (it would only evict everything else).
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.trim();
  }

  /** A new size for an entry whose value grew or shrank (a memoized promise that resolved). */
  resize(key: string, value: V, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    if (bytes > this.maxBytes) {
      this.delete(key);
      return;
    }
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    this.trim();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
    this.onEvict?.(key, entry.value);
  }

  /** Drops every entry for which `drop` is true. */
  deleteWhere(drop: (value: V, key: string) => boolean): void {
    for (const [key, entry] of this.entries) if (drop(entry.value, key)) this.delete(key);
  }

  clear(): void {
    this.deleteWhere(() => true);
  }

  private trim(): void {
    while (this.total > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}

/**
 * About how many bytes a value takes on the heap: strings by length, numbers, objects and arrays
 * with their fields. An estimate for budgets, not an exact count.
 */
export function approximateBytes(value: unknown, depth = 0): number {
  if (value === null || value === undefined) return 8;
  switch (typeof value) {
    case "string":
      return 16 + value.length;
    case "number":
    case "boolean":
    case "bigint":
      return 8;
    case "object": {
      if (depth > 12) return 64;
      if (value instanceof Date) return 32;
      if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
      let bytes = 32;
      if (Array.isArray(value)) {
        for (const item of value) bytes += 8 + approximateBytes(item, depth + 1);
      } else if (value instanceof Map) {
        for (const [k, v] of value) bytes += 16 + approximateBytes(k, depth + 1) + approximateBytes(v, depth + 1);
      } else if (value instanceof Set) {
        for (const item of value) bytes += 16 + approximateBytes(item, depth + 1);
      } else {
        for (const key in value) bytes += 16 + key.length + approximateBytes((value as Record<string, unknown>)[key], depth + 1);
      }
      return bytes;
    }
    default:
      return 8;
  }
}

export const MB = 1024 * 1024;
