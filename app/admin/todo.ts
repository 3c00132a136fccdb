// The back office's to-do signals (issue 32, decision 0111): what waits for someone, shown as a
// badge on the sidebar's link and as a card on the dashboard, each leading to the list filtered to
// those items. One declaration for both, read by the server (which counts only what the person's
// role may open) and by the screens. Client-safe.
import type { Permission } from "~/accounts/permissions";
import { formatNumber } from "~/lib/format";

export const TODO_KINDS = ["reports", "flaggedListings", "appeals", "entries", "contacts"] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/**
 * A count stops here: past it the figure reads "più di 999". Counting the rest would read every
 * waiting row for a number nobody needs exactly; with the cap a count reads at most this many
 * entries of a small index, however long the backlog.
 */
export const TODO_COUNT_CAP = 1_000;

/** A pill shows at most two digits ("99+"); the link's accessible name says the figure. */
export const TODO_PILL_MAX = 99;

export interface TodoSpec {
  kind: TodoKind;
  permission: Permission;
  /** the sidebar's section whose link carries the badge; none when another kind's badge already counts these */
  section: string | null;
  /** the list filtered to these items (entries: see todoHref) */
  href: string;
  /** the dashboard card's title */
  title: string;
  /** what the card says under its figure */
  hint: string;
  /** the card's figure when nothing waits (the noun's gender) */
  none: "Nessuna" | "Nessuno";
}

export const TODO_SPECS: readonly TodoSpec[] = [
  {
    kind: "reports",
    none: "Nessuna",
    permission: "reports.moderate",
    section: "/admin/reports",
    href: "/admin/reports?status=pending",
    title: "Segnalazioni da gestire",
    hint: "Annunci e conversazioni segnalati, in attesa",
  },
  {
    kind: "flaggedListings",
    none: "Nessuno",
    permission: "reports.moderate",
    // They are reports in waiting too: the Segnalazioni badge already counts them.
    section: null,
    href: "/admin/reports?status=pending&origin=automatic",
    title: "Annunci segnalati dai controlli",
    hint: "Foto o codice già usati da un altro account",
  },
  {
    kind: "appeals",
    none: "Nessuna",
    permission: "listings.moderate",
    section: "/admin/pet-listings",
    href: "/admin/pet-listings?appeals=pending",
    title: "Contestazioni da decidere",
    hint: "Sospensioni contestate dai proprietari",
  },
  {
    kind: "entries",
    none: "Nessuna",
    permission: "contests.manage",
    section: "/admin/contests",
    href: "/admin/contests?pending=1",
    title: "Partecipazioni da approvare",
    hint: "Foto dei concorsi in attesa",
  },
  {
    kind: "contacts",
    none: "Nessuno",
    permission: "contacts.manage",
    section: "/admin/contacts",
    href: "/admin/contacts?status=new",
    title: "Nuovi messaggi di contatto",
    hint: "Messaggi non ancora letti",
  },
];

/** The counts of the kinds the person may see (the others are absent), and where the entries are. */
export interface TodoCounts {
  counts: Partial<Record<TodoKind, number>>;
  /** the one contest with entries waiting, when there is exactly one: its filtered list is the link */
  entriesContestId: string | null;
}

/** Where a kind's badge or card leads. */
export function todoHref(spec: TodoSpec, todo: TodoCounts): string {
  if (spec.kind === "entries" && todo.entriesContestId) return `/admin/contests/${todo.entriesContestId}/submissions?status=pending`;
  return spec.href;
}

/** "3", "più di 999": a count as words say it. */
export function todoFigure(count: number): string {
  return count >= TODO_COUNT_CAP ? `più di ${formatNumber(TODO_COUNT_CAP - 1)}` : formatNumber(count);
}

/** What the pill shows: at most "99+". */
export function todoPill(count: number): string {
  return count > TODO_PILL_MAX ? `${TODO_PILL_MAX}+` : formatNumber(count);
}

/** The accessible name of a sidebar link with a badge: "Segnalazioni, 3 da gestire". */
export function badgeLabel(sectionLabel: string, count: number): string {
  return `${sectionLabel}, ${todoFigure(count)} da gestire`;
}

/** The badge of a sidebar section: its count and link, or null when nothing waits there. */
export function sectionBadge(section: string, todo: TodoCounts | null): { count: number; href: string } | null {
  if (!todo) return null;
  const spec = TODO_SPECS.find((s) => s.section === section);
  const count = spec ? todo.counts[spec.kind] : undefined;
  return spec && count ? { count, href: todoHref(spec, todo) } : null;
}
