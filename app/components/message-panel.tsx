/** A centred message page: not found, error. The page's h1, a sentence, then its actions. */
export function MessagePanel({ title, text, eyebrow, children }: { title: string; text: string; eyebrow?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      {eyebrow ? <p className="mb-4 text-6xl font-bold text-brand-700">{eyebrow}</p> : null}
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
