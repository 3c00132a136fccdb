// Judging and laying out the bench's figures: PASS/FAIL against a target, durations and counts as
// the report prints them, plain-text tables, percentiles. Pure; erasable TypeScript (the pinned Node runs it).

export type Verdict = "PASS" | "FAIL";

export function atLeast(value: number, target: number): Verdict {
  return value >= target ? "PASS" : "FAIL";
}

export function atMost(value: number, target: number): Verdict {
  return value <= target ? "PASS" : "FAIL";
}

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatInt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A plain-text table: the first row is the header; numeric-looking cells are right-aligned. */
export function table(rows: string[][], indent = "  "): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const isNumeric = (cell: string) => /^[\d.,]+( ?(ms|s|MB|KB|%))?$/.test(cell);
  const lines = rows.map((row) =>
    row
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return isNumeric(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd(),
  );
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [lines[0], rule, ...lines.slice(1)].map((line) => indent + line).join("\n");
}

/** The p-th percentile (nearest rank) of some values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}
