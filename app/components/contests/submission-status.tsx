import { SUBMISSION_STATUSES } from "~/lib/enums";

type SubmissionStatus = (typeof SUBMISSION_STATUSES.values)[number];

// Colours with AA contrast for small bold text.
const COLOURS: Record<SubmissionStatus, string> = {
  approved: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  rejected: "bg-stone-200 text-stone-900",
};

/** A contest entry's status, as its label. */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${COLOURS[status]}`}>{SUBMISSION_STATUSES.labels[status]}</span>;
}
