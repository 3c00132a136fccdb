/** The <option>s of an enumeration of app/lib/enums.ts, with its Italian labels, in its order. */
export function EnumOptions<V extends string>({ values, labels }: { values: readonly V[]; labels: Record<V, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
