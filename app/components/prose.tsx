// Long-form text (legal pages, article bodies): one place that styles the plain HTML elements
// inside it, so the content itself needs no classes (article HTML comes from the editor as is).

// Tailwind finds classes by scanning the source, so every class is written out in full here.
const PROSE_CLASSES = [
  // Measure, colour, rhythm
  "max-w-3xl text-base leading-relaxed text-stone-800 sm:text-lg",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0",
  // Headings
  "[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:text-stone-900",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-semibold [&_h3]:text-stone-900",
  "[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:leading-snug [&_h4]:font-semibold [&_h4]:text-stone-900",
  // Paragraphs and lists
  "[&_p]:my-4",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6",
  "[&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:my-2 [&_li]:pl-1 [&_li::marker]:text-brand-700",
  "[&_li>ul]:my-2 [&_li>ol]:my-2 [&_li>p]:my-2",
  // Links: underlined, dark enough for text contrast, with a focus ring of their own
  "[&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:decoration-1 [&_a]:underline-offset-2 [&_a]:[overflow-wrap:anywhere]",
  "[&_a:hover]:text-brand-900 [&_a:hover]:decoration-2",
  "[&_a:focus-visible]:rounded-sm [&_a:focus-visible]:outline-3 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-brand-700",
  // Inline emphasis
  "[&_strong]:font-semibold [&_strong]:text-stone-900 [&_b]:font-semibold [&_b]:text-stone-900",
  "[&_em]:italic",
  // Quotations
  "[&_blockquote]:my-6 [&_blockquote]:rounded-r-lg [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:text-stone-800 [&_blockquote]:italic",
  "[&_blockquote_p]:my-2",
  // Tables
  "[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm sm:[&_table]:text-base",
  "[&_caption]:mb-2 [&_caption]:text-left [&_caption]:text-sm [&_caption]:text-stone-600",
  "[&_th]:border-b-2 [&_th]:border-stone-300 [&_th]:bg-stone-50 [&_th]:px-3 [&_th]:py-2 [&_th]:align-bottom [&_th]:font-semibold [&_th]:text-stone-900",
  "[&_td]:border-b [&_td]:border-stone-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td]:[overflow-wrap:anywhere]",
  // Images and figures
  "[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_figure]:my-8 [&_figure_img]:my-0 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-stone-600",
  // Rules and code
  "[&_hr]:my-10 [&_hr]:border-stone-200",
  "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-stone-900",
  "[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-normal [&_pre]:text-stone-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
].join(" ");

export function Prose({ children, html, className }: { children?: React.ReactNode; html?: string; className?: string }) {
  const classes = className ? `${PROSE_CLASSES} ${className}` : PROSE_CLASSES;
  if (html !== undefined) {
    // `html` must already be sanitised: article content goes through the site's one allow-list
    // sanitiser (sanitize-html) on the server before it reaches this component. Nothing is
    // sanitised here. When `html` is given, `children` are ignored (React cannot render both).
    return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <div className={classes}>{children}</div>;
}
