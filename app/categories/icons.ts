// The drawing of each icon an admin may choose for a category (Lucide), keyed as stored. Typed by
// the list in validation.ts, so an icon added there without a drawing does not compile.
import { Activity, Bird, Cat, Dog, Fish, GraduationCap, HeartPulse, House, Rabbit, ShoppingBag, Stethoscope, Utensils, type IconNode } from "lucide";
import type { CategoryIconKey } from "./validation";

export const CATEGORY_ICON_NODES: Record<CategoryIconKey, IconNode> = {
  dog: Dog,
  cat: Cat,
  bird: Bird,
  fish: Fish,
  rabbit: Rabbit,
  "heart-pulse": HeartPulse,
  utensils: Utensils,
  "graduation-cap": GraduationCap,
  stethoscope: Stethoscope,
  home: House,
  "shopping-bag": ShoppingBag,
  activity: Activity,
};
