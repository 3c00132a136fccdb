import { Cat, Dog, Fish, Bird, GraduationCap, Heart, House, Rabbit, Stethoscope, Utensils, type IconNode } from "lucide";
import { CATEGORY_ICON_NODES } from "~/categories/icons";
import { Icon } from "~/components/icon";

// The twelve keys an admin may choose (app/categories/validation.ts), plus "heart", which rows
// written before that list may still carry.
const BY_KEY: Record<string, IconNode> = { ...CATEGORY_ICON_NODES, heart: Heart };

// Without a known key, words in the category's name may choose the icon.
const BY_NAME_KEYWORD: [RegExp, IconNode][] = [
  [/\b(can[ei]|cucciol)/i, Dog],
  [/\bgatt/i, Cat],
  [/\b(pesc|acquar)/i, Fish],
  [/\b(uccell|pappagall|canarin)/i, Bird],
  [/\b(conigl|roditor|criceti)/i, Rabbit],
  [/\b(salute|veterinar|malatti)/i, Stethoscope],
  [/\b(aliment|cibo|nutrizion|dieta)/i, Utensils],
  [/\b(educazion|addestrament|formazion)/i, GraduationCap],
  [/\b(casa|accessori)/i, House],
];

export type CategoryIconChoice = { kind: "icon"; node: IconNode } | { kind: "emoji"; text: string };

/** The spec's rules, in order: a known key, an emoji, a keyword in the name, else a heart. */
export function chooseCategoryIcon(icon: string | null | undefined, name: string): CategoryIconChoice {
  const key = icon?.trim() ?? "";
  const known = Object.hasOwn(BY_KEY, key.toLowerCase()) ? BY_KEY[key.toLowerCase()] : undefined;
  if (known) return { kind: "icon", node: known };
  if (key && /\p{Extended_Pictographic}/u.test(key)) return { kind: "emoji", text: key };
  for (const [pattern, node] of BY_NAME_KEYWORD) if (pattern.test(name)) return { kind: "icon", node };
  return { kind: "icon", node: Heart };
}

export function CategoryIcon({ icon, name, size = 28, className }: { icon: string | null; name: string; size?: number; className?: string }) {
  const choice = chooseCategoryIcon(icon, name);
  if (choice.kind === "emoji") {
    return (
      <span aria-hidden className={className} style={{ fontSize: size * 0.9, lineHeight: 1 }}>
        {choice.text}
      </span>
    );
  }
  return <Icon node={choice.node} aria-hidden size={size} className={className} />;
}
