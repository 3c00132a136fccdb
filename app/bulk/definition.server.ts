// What an area gives the bulk jobs (decision 0109): its table, its list's filter, and per action the
// single action's rules applied to a batch of rows. Each area's module (app/articles/bulk.server.ts,
// …) exports one; app/bulk/areas.server.ts lists them.
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Permission } from "~/accounts/permissions";
import type { AuditActor } from "~/audit/record.server";
import type { CacheTag } from "~/cache/cache.server";
import type { BulkParams } from "~/db/schema";
import type { Failure } from "~/lib/result";

/** What became of one item. */
export interface BulkOutcome {
  id: string;
  label: string;
  /** done: changed; skipped: already as asked (nothing to do); failed: a rule or the database refused it */
  result: "done" | "skipped" | "failed";
  reason?: string;
}

export interface BulkBatchResult {
  outcomes: BulkOutcome[];
  /** work for after the batch has committed (the mails the single action sends) */
  afterCommit?: () => Promise<void>;
}

export interface BulkActionDefinition {
  /**
   * Checks and completes the action's own input (a reason, a category) before the job is created;
   * a Failure refuses the job (nothing is written).
   */
  prepare?: (params: BulkParams) => Promise<Failure | BulkParams>;
  /**
   * Decides and writes a batch: locks the rows of `ids` (some may be gone), applies the single
   * action's rules to each, writes the allowed changes and their activity records. Runs in the
   * batch's transaction (db() is it); throws when a statement fails.
   */
  apply: (ids: string[], params: BulkParams, actor: AuditActor) => Promise<BulkBatchResult>;
}

export interface BulkAreaDefinition {
  permission: Permission;
  table: PgTable;
  id: PgColumn;
  /** the item's name in the summary */
  label: PgColumn;
  /** the list's filter, from its address's parameters: the SAME condition the list page reads */
  filter: (query: Record<string, string>) => SQL | undefined;
  /** the filter's parameter names (others in the address are ignored) */
  filterKeys: readonly string[];
  actions: Record<string, BulkActionDefinition>;
  /** dropped once per batch that changed something */
  tags: readonly CacheTag[];
}

/** The database's own message (Drizzle wraps it in an error that quotes the whole query). */
export function errorText(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)).slice(0, 300);
}

/** The outcome of an item the batch found gone (deleted meanwhile, or by another job). */
export function goneOutcome(id: string, label: string, reason: string): BulkOutcome {
  return { id, label, result: "skipped", reason };
}
