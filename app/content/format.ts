// How stored article content says what it is (the spec allows HTML or Markdown): one rule for the
// public page, which renders it, and the admin's editor, which loads it. Client-safe.

/** Content starting with a block-level tag is HTML; anything else is Markdown. */
export function looksLikeHtml(content: string): boolean {
  return /^\s*<(h[1-6]|p|div|ul|ol|blockquote|section|article|figure|table|img|br|hr|strong|em|pre)[\s>/]/i.test(content);
}
