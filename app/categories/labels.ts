/** "1 articolo", "5 articoli" (the spec's rule). */
export function articleCountLabel(n: number): string {
  return `${n} ${n === 1 ? "articolo" : "articoli"}`;
}
