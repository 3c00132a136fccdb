// A piece of text that a person types into an admin search, turned into an ILIKE pattern that
// matches it anywhere: `%`, `_` and the escape character itself are matched literally, so "50%"
// finds "50%" and not every text containing "50".

/** `%text%` with LIKE's wildcards in `text` escaped (PostgreSQL's default escape character `\`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
