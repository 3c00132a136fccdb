// Images processed by Zampa's storage service are WebP files with a 400 px wide sibling named
// `*.thumb.webp`; other images (URLs entered by an admin) are used as they are.
export interface ImageSources {
  src: string;
  srcSet?: string;
}

export function imageSources(url: string): ImageSources {
  if (url.startsWith("/uploads/") && url.endsWith(".webp") && !url.endsWith(".thumb.webp")) {
    const thumb = url.replace(/\.webp$/, ".thumb.webp");
    return { src: url, srcSet: `${thumb} 400w, ${url} 1200w` };
  }
  return { src: url };
}
