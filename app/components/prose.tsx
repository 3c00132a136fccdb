// Long-form text (legal pages, article bodies), styled by the .prose-zampa rules in app.css.

export function Prose({ children, html, className }: { children?: React.ReactNode; html?: string; className?: string }) {
  const classes = className ? `prose-zampa ${className}` : "prose-zampa";
  if (html !== undefined) {
    // `html` must already be sanitised: article content goes through the site's one allow-list
    // sanitiser (sanitize-html) on the server before it reaches this component. Nothing is
    // sanitised here. When `html` is given, `children` are ignored (React cannot render both).
    return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <div className={classes}>{children}</div>;
}
