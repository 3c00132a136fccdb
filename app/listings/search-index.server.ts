// The active listings held in memory, so that a search never asked before is answered without a
// query (docs/decisions/0032-listing-search-index.md). This module is only the data structure: the
// words of each listing and of each search come from PostgreSQL (zampa_query_words), and
// listing-index.server.ts keeps an instance in step with the database.
import type { ListingCard, ListingMarker, ListingType, PetType } from "./cards.server";

/** One active listing as the index holds it: what its card and its map marker show, and its words. */
export interface IndexedListing extends ListingCard {
  lat: number;
  lng: number;
  /** created_at in microseconds since the epoch: with the id, the list's order (newest first) */
  createdMicros: number;
}

export interface IndexCriteria {
  /** each must begin one of a listing's words; null: no text condition, []: nothing matches */
  prefixes: string[] | null;
  petType: PetType | null;
  listingType: ListingType | null;
}

/** Newest first, ties by id descending: the order of the list page's SQL (ORDER BY created_at DESC, id DESC). */
function before(a: IndexedListing, b: IndexedListing): boolean {
  return a.createdMicros !== b.createdMicros ? a.createdMicros > b.createdMicros : a.id > b.id;
}

/** A set of slots, one bit each. */
type Bits = Uint32Array;

function setBit(bits: Bits, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

function clearBit(bits: Bits, slot: number): void {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
}

function hasBit(bits: Bits, slot: number): boolean {
  return (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

function countBits(bits: Bits): number {
  let total = 0;
  for (let word of bits) {
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    total += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

export class ListingSearchIndex {
  /** slot → listing; a removed listing leaves an empty slot until the next compaction */
  private slots: (IndexedListing | undefined)[] = [];
  private slotOf = new Map<string, number>();
  /** the live slots in list order */
  private order: number[] = [];
  private live: Bits = new Uint32Array(64);
  /** the slots of each pet type and of each listing type */
  private byValue = new Map<string, Bits>();
  /** word → slots of the listings having it (removed slots included until compaction) */
  private postings = new Map<string, number[]>();
  /** the words, sorted, for prefix lookups; rebuilt when a new word arrives */
  private lexicon: string[] = [];
  private lexiconDirty = false;
  /** one copy of each short text (city, region, breed, …) */
  private shared = new Map<string, string>();

  get size(): number {
    return this.order.length;
  }

  /**
   * Adds a listing with its words (its search_vector's lexemes), or replaces the one with its id.
   * Listings given in list order are appended cheaply.
   */
  upsert(given: IndexedListing, words: readonly string[]): void {
    this.remove(given.id);
    const listing = this.interned(given);
    const slot = this.slots.length;
    this.slots.push(listing);
    this.slotOf.set(listing.id, slot);
    this.order.splice(this.positionFor(listing), 0, slot);
    if (slot >= this.live.length * 32) this.grow();
    this.markLive(slot, listing);
    for (const word of new Set(words)) {
      const list = this.postings.get(word);
      if (list) list.push(slot);
      else {
        this.postings.set(word, [slot]);
        this.lexiconDirty = true;
      }
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const listing = this.slots[slot]!;
    this.order.splice(this.positionFor(listing) - 1, 1);
    this.slots[slot] = undefined;
    this.slotOf.delete(id);
    clearBit(this.live, slot);
    for (const bits of this.byValue.values()) clearBit(bits, slot);
    // Removed slots stay in the postings (the live set hides them) until they outnumber the rest.
    if (this.slots.length > 3 * this.order.length + 1_000) this.compact();
  }

  /** One page of the matching listings in list order, and how many match in all. */
  search(criteria: IndexCriteria, offset: number, limit: number): { items: ListingCard[]; total: number } {
    const matching = this.matching(criteria);
    const items: ListingCard[] = [];
    if (!matching) return { items, total: 0 };
    let seen = 0;
    for (const slot of this.order) {
      if (!hasBit(matching, slot)) continue;
      if (seen++ < offset) continue;
      items.push(card(this.slots[slot]!));
      if (items.length === limit) break;
    }
    return { items, total: countBits(matching) };
  }

  /** The newest matching listings' positions, `limit` at most. */
  markers(criteria: IndexCriteria, limit: number): ListingMarker[] {
    const matching = this.matching(criteria);
    const markers: ListingMarker[] = [];
    if (!matching) return markers;
    for (const slot of this.order) {
      if (!hasBit(matching, slot)) continue;
      const l = this.slots[slot]!;
      markers.push({ id: l.id, title: l.title, lat: l.lat, lng: l.lng, listingType: l.listingType, city: l.city });
      if (markers.length === limit) break;
    }
    return markers;
  }

  /** The slots matching every criterion, or null when nothing can match. */
  private matching({ prefixes, petType, listingType }: IndexCriteria): Bits | null {
    if (prefixes !== null && prefixes.length === 0) return null;
    const result = this.live.slice();
    const and = (bits: Bits | undefined) => {
      for (let i = 0; i < result.length; i++) result[i]! &= bits ? bits[i]! : 0;
    };
    if (petType) and(this.byValue.get(`p:${petType}`));
    if (listingType) and(this.byValue.get(`l:${listingType}`));
    for (const prefix of prefixes ?? []) and(this.slotsWithWordsFrom(prefix));
    return result;
  }

  /** The slots having a word that begins with `prefix`. */
  private slotsWithWordsFrom(prefix: string): Bits {
    const bits = new Uint32Array(this.live.length);
    const lexicon = this.sortedLexicon();
    for (let i = lowerBound(lexicon, prefix); i < lexicon.length && lexicon[i]!.startsWith(prefix); i++) {
      for (const slot of this.postings.get(lexicon[i]!)!) setBit(bits, slot);
    }
    return bits;
  }

  private valueBits(key: string): Bits {
    let bits = this.byValue.get(key);
    if (!bits) {
      bits = new Uint32Array(this.live.length);
      this.byValue.set(key, bits);
    }
    return bits;
  }

  /** Doubles the bit sets' capacity. */
  private grow(): void {
    const wider = (bits: Bits) => {
      const next = new Uint32Array(bits.length * 2);
      next.set(bits);
      return next;
    };
    this.live = wider(this.live);
    for (const [key, bits] of this.byValue) this.byValue.set(key, wider(bits));
  }

  private sortedLexicon(): string[] {
    if (this.lexiconDirty) {
      // Code-unit order, as startsWith compares: every word sharing a prefix is then in one run.
      this.lexicon = [...this.postings.keys()].sort();
      this.lexiconDirty = false;
    }
    return this.lexicon;
  }

  /** Where a listing goes in `order`: after every listing that comes before it. */
  private positionFor(listing: IndexedListing): number {
    let lo = 0;
    let hi = this.order.length;
    // Appending in list order (the initial load) is the common case.
    if (hi > 0 && before(this.slots[this.order[hi - 1]!]!, listing)) return hi;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.slots[this.order[mid]!]!;
      if (other === listing || before(other, listing)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Renumbers the live listings from 0 and drops the removed ones from the postings. */
  private compact(): void {
    const renumbered = new Map<number, number>();
    const slots = this.order.map((slot, i) => {
      renumbered.set(slot, i);
      return this.slots[slot]!;
    });
    const postings = new Map<string, number[]>();
    for (const [word, list] of this.postings) {
      const kept = list.flatMap((slot) => renumbered.get(slot) ?? []);
      if (kept.length > 0) postings.set(word, kept);
    }
    this.slots = slots;
    this.slotOf = new Map(slots.map((l, i) => [l.id, i]));
    this.order = slots.map((_, i) => i);
    this.postings = postings;
    this.lexiconDirty = true;
    // Texts of removed listings go too (their holders keep their own copies).
    this.shared.clear();
    this.live = new Uint32Array(Math.max(64, (slots.length + 31) >>> 5));
    this.byValue.clear();
    slots.forEach((l, slot) => this.markLive(slot, l));
  }

  /** Sets the slot's bits: live, its pet type, its listing type. */
  private markLive(slot: number, listing: IndexedListing): void {
    setBit(this.live, slot);
    setBit(this.valueBits(`p:${listing.petType}`), slot);
    setBit(this.valueBits(`l:${listing.listingType}`), slot);
  }

  /** The listing with its short, oft-repeated texts shared with the other listings (a smaller heap). */
  private interned(l: IndexedListing): IndexedListing {
    const share = <T extends string | null>(value: T): T => {
      if (value === null) return value;
      const known = this.shared.get(value);
      if (known !== undefined) return known as T;
      this.shared.set(value, value);
      return value;
    };
    return {
      ...l,
      petType: share(l.petType),
      listingType: share(l.listingType),
      breed: share(l.breed),
      age: share(l.age),
      city: share(l.city),
      region: share(l.region),
    };
  }
}

/** The first index whose word is not below `prefix` (sorted by code units, as `<` compares). */
function lowerBound(sorted: string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function card(l: IndexedListing): ListingCard {
  return {
    id: l.id,
    title: l.title,
    summary: l.summary,
    petType: l.petType,
    listingType: l.listingType,
    breed: l.breed,
    age: l.age,
    city: l.city,
    region: l.region,
    price: l.price,
    image: l.image,
  };
}
