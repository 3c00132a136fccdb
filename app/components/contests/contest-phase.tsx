import { CalendarDays } from "lucide";
import { Icon } from "~/components/icon";
import { formatDateLong, isoDate } from "~/lib/format";

/** Where a contest stands, for the public: in progress, over, or its status's own label. */
export function ContestPhaseBadge({ contest, className = "" }: { contest: { inProgress: boolean; closed: boolean; statusLabel: string }; className?: string }) {
  return (
    <span className={`${className} rounded-full px-3 py-1 text-xs font-semibold ${contest.inProgress ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-900"}`.trim()}>
      {contest.inProgress ? "In corso" : contest.closed ? "Terminato" : contest.statusLabel}
    </span>
  );
}

/** "dal … al …": the days a contest runs, with a calendar icon. */
export function ContestPeriod({ contest, className, iconSize }: { contest: { startDate: Date; endDate: Date }; className: string; iconSize: number }) {
  return (
    <p className={className}>
      <Icon node={CalendarDays} aria-hidden size={iconSize} />
      <span>
        dal <time dateTime={isoDate(contest.startDate)}>{formatDateLong(contest.startDate)}</time> al{" "}
        <time dateTime={isoDate(contest.endDate)}>{formatDateLong(contest.endDate)}</time>
      </span>
    </p>
  );
}
