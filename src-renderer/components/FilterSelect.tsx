// A toolbar select that narrows a list: its first choice, the empty value, lets everything through.
import type { ReactNode } from 'react';

type Props = Readonly<{
  label: string;
  /** The first choice's words, e.g. "Any tag". */
  anyLabel: string;
  value: string | null | undefined;
  testId?: string;
  onChange(value: string): void;
  children: ReactNode;
}>;

export function FilterSelect({ label, anyLabel, value, testId, onChange, children }: Props) {
  return (
    <select
      className="input"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
      data-testid={testId}
    >
      <option value="">{anyLabel}</option>
      {children}
    </select>
  );
}
