// When pasted text is Markdown (an AI answer, notes from a text editor) the editor inserts it
// formatted instead of as literal "##" and "**". Client-safe, without TipTap, so it is tested alone.

/** Lines that open a Markdown block: heading, list item, quote, fence, rule. */
const BLOCK = /^ {0,3}(#{1,6}[ \t]+\S|[-*+][ \t]+\S|\d{1,9}[.)][ \t]+\S|>[ \t]?\S|```|~~~|(?:-[ \t]*){3,}$|(?:\*[ \t]*){3,}$)/m;
/** Inline marks: strong, emphasis, code, link, image. */
const INLINE = /\*\*[^*\n]+\*\*|__[^_\n]+__|(^|[^\w*])\*[^*\s][^*\n]*\*(?![\w*])|(^|[^\w_])_[^_\s][^_\n]*_(?![\w_])|`[^`\n]+`|!?\[[^\]\n]+\]\([^)\s]+\)/m;

/** Whether `text` carries Markdown formatting worth interpreting. */
export function looksLikeMarkdown(text: string): boolean {
  return BLOCK.test(text) || INLINE.test(text);
}

/** Tags that mean the clipboard's HTML is formatted content (a web page, a word processor), to be kept as it is. */
const FORMATTED_HTML = /<(h[1-6]|ul|ol|li|strong|b|em|i|u|a|blockquote|img|table|pre)[\s>/]/i;

/**
 * Whether a paste of `text` (text/plain) and `html` (text/html, "" when absent) should be read as
 * Markdown: text editors and terminals put plain text, or HTML that only colours it, on the clipboard.
 */
export function shouldPasteAsMarkdown(text: string, html: string): boolean {
  if (!text.trim() || !looksLikeMarkdown(text)) return false;
  return html === "" || !FORMATTED_HTML.test(html);
}
