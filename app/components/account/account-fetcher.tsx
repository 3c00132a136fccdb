// The answer of the profile's forms, and its banner (decision 0059).
import { CircleCheck } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/icon";
import { Notice } from "~/components/notice";

export interface AccountAnswer {
  ok: boolean;
  text: string;
  enrolment?: { qrCode: string; manualKey: string } | null;
  backupCodes?: string[] | null;
}

export function useAccountFetcher() {
  const fetcher = useFetcher<AccountAnswer>();
  return { fetcher, pending: fetcher.state !== "idle", answer: fetcher.state === "idle" ? fetcher.data : undefined };
}

/** A form's answer on the profile: a success with its tick, or the error. */
export function AnswerBanner({ answer }: { answer: Pick<AccountAnswer, "ok" | "text"> | null | undefined }) {
  if (!answer) return null;
  return answer.ok ? (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
      <Icon node={CircleCheck} aria-hidden size={18} className="mt-0.5 shrink-0" />
      <span>{answer.text}</span>
    </p>
  ) : (
    <Notice tone="error">
      {answer.text}
    </Notice>
  );
}
