// A toolbar select that narrows a list: its first choice, the empty value, lets everything through.

/** One choice after the first: the value it filters by and the words shown for it. */
export type FilterOption = Readonly<{ value: string; label: string }>;

type Props = Readonly<{
  label: string;
  /** The first choice's words, e.g. "Any tag". */
  anyLabel: string;
  value: string | null | undefined;
  options: readonly FilterOption[];
  testId?: string;
  onChange(value: string): void;
}>;

export function FilterSelect({ label, anyLabel, value, options, testId, onChange }: Props) {
  return (
    <select
      className="input"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
      data-testid={testId}
    >
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
