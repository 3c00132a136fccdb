// A listing's small square photo in the dashboard's lists (messages, favourites), or a placeholder
// when it has none to show.
import { ImageOff } from "lucide";
import { Icon } from "~/components/icon";
import { thumbnailUrl } from "~/lib/images";

export function ListingThumb({ photo }: { photo: string | null }) {
  return photo ? (
    <img src={thumbnailUrl(photo)} alt="" width={80} height={80} loading="lazy" className="h-16 w-16 shrink-0 rounded-lg object-cover sm:h-20 sm:w-20" />
  ) : (
    <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-500 sm:h-20 sm:w-20">
      <Icon node={ImageOff} aria-hidden size={24} />
    </span>
  );
}
