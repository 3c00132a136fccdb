// The reason of a report (a listing's, a conversation's): one list of REPORT_REASONS, chosen first.
import { EnumOptions } from "~/components/enum-options";
import { REPORT_REASONS } from "~/lib/enums";

export function ReportReasonField({ id, label, required = false }: { id: string; label: string; required?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name="reason" required={required} defaultValue="" className="field-input">
        <option value="" disabled>
          Scegli un motivo
        </option>
        <EnumOptions values={REPORT_REASONS.values} labels={REPORT_REASONS.labels} />
      </select>
    </div>
  );
}
