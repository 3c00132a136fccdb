// The site's icons: Lucide's drawings (the `lucide` package's icon data, imported where used so
// that each page's JavaScript carries only its own icons), rendered as one <svg> whose shapes are
// a prebuilt string. lucide-react made each shape a React element and merged its props on every
// render: on the listings page (21 icons) that was about a tenth of the server's render time
// (docs/decisions/0031-listing-page-speed.md). The shapes never change, so React has nothing to
// reconcile inside them.
import type { IconNode } from "lucide";
import type { SVGProps } from "react";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML"> {
  /** Lucide's data for the drawing, e.g. `MapPin` from "lucide" */
  node: IconNode;
  /** width and height in pixels (Lucide draws on a 24 × 24 grid) */
  size?: number;
}

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The shapes of an icon as SVG markup (Lucide's data: tag names and plain attribute values). */
export function iconMarkup(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const pairs = Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value as string | number)}"`)
        .join("");
      return `<${tag}${pairs}></${tag}>`;
    })
    .join("");
}

const markup = new WeakMap<IconNode, { __html: string }>();

function innerHtml(node: IconNode): { __html: string } {
  let html = markup.get(node);
  if (!html) {
    html = { __html: iconMarkup(node) };
    markup.set(node, html);
  }
  return html;
}

/** A Lucide icon with Lucide's default look (24 px, 2 px round stroke in the current colour). */
export function Icon({ node, size = 24, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
      dangerouslySetInnerHTML={innerHtml(node)}
    />
  );
}
