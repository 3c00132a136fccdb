// Images processed by Zampa's storage service are WebP files with a 400 px wide sibling named
// `*.thumb.webp`, under /uploads/ or, with an S3 bucket, under its listing-images/, contest-photos/ and article-images/ folders; other
// images (URLs entered by an admin) are used as they are.
export interface ImageSources {
  src: string;
  srcSet?: string;
}

function isProcessed(url: string): boolean {
  return (url.startsWith("/uploads/") || url.includes("/listing-images/") || url.includes("/contest-photos/") || url.includes("/article-images/")) && url.endsWith(".webp") && !url.endsWith(".thumb.webp");
}

/** The 400 px copy of a processed image, or the image itself. */
export function thumbnailUrl(url: string): string {
  return isProcessed(url) ? url.replace(/\.webp$/, ".thumb.webp") : url;
}

export function imageSources(url: string): ImageSources {
  if (isProcessed(url)) return { src: url, srcSet: `${thumbnailUrl(url)} 400w, ${url} 1200w` };
  return { src: url };
}
