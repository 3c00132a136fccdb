// The one rule that turns a title or a name into the last part of a public address (articles,
// categories): lowercase, accents removed, every run of other characters one hyphen, none at the
// ends. Client-safe: the forms derive the slug as the admin types.

/** The longest slug we derive; longer names are cut at a word boundary when possible. */
export const SLUG_MAX_LENGTH = 100;

/** What a stored slug looks like: words of a–z and 0–9 joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `maxLength`: articles allow longer slugs than categories (ARTICLE_LIMITS.slug). */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = text
    .normalize("NFKD")
    // Combining marks left by the decomposition (the accents of "è", "à", …).
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    // Letters that do not decompose into a base letter and an accent.
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(text);
}
