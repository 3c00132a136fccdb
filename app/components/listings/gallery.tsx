import { ChevronLeft, ChevronRight } from "lucide";
import { Icon } from "~/components/icon";
import { useState } from "react";
import { imageSources, thumbnailUrl } from "~/lib/images";

/**
 * The listing's photos: one large, thumbnails to choose, previous/next buttons and the arrow keys
 * (while focus is in the gallery). The large photo's alt text says which one it is.
 */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div aria-hidden className="flex aspect-[3/2] w-full items-center justify-center rounded-2xl bg-stone-100 text-6xl">
        🐾
      </div>
    );
  }
  const count = images.length;
  const current = imageSources(images[index] ?? images[0]!);
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      aria-roledescription="galleria"
      aria-label={`Foto di ${title}`}
      onKeyDown={(event) => {
        if (count < 2) return;
        if (event.key === "ArrowRight") go(index + 1);
        else if (event.key === "ArrowLeft") go(index - 1);
        else return;
        event.preventDefault();
      }}
    >
      <div className="relative">
        <img
          src={current.src}
          srcSet={current.srcSet}
          sizes="(min-width: 1024px) 680px, 100vw"
          alt={count > 1 ? `${title} — foto ${index + 1} di ${count}` : title}
          width={1200}
          height={800}
          fetchPriority={index === 0 ? "high" : "auto"}
          className="aspect-[3/2] w-full rounded-2xl bg-stone-100 object-cover"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/90 p-2 text-stone-900 shadow hover:bg-white"
              aria-label="Foto precedente"
            >
              <Icon node={ChevronLeft} aria-hidden size={22} />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/90 p-2 text-stone-900 shadow hover:bg-white"
              aria-label="Foto successiva"
            >
              <Icon node={ChevronRight} aria-hidden size={22} />
            </button>
            <p aria-live="polite" className="absolute right-3 bottom-3 rounded-full bg-stone-900/80 px-3 py-1 text-sm text-white">
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {images.map((src, i) => {
            return (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Mostra la foto ${i + 1} di ${count}`}
                  aria-current={i === index ? "true" : undefined}
                  className={`block overflow-hidden rounded-lg border-2 ${i === index ? "border-brand-700" : "border-transparent hover:border-stone-300"}`}
                >
                  <img src={thumbnailUrl(src)} alt="" width={96} height={64} loading="lazy" className="h-16 w-24 object-cover" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
