// A checkbox with its words after it, in one label (the words in one span: the label is a flex box with a gap, which
// would otherwise part a sentence around a Term into separate items, "(the deciding questions )").
import type { ReactNode } from 'react';

type Props = Readonly<{ checked: boolean; testId?: string; onChange(checked: boolean): void; children: ReactNode }>;

export function Checkbox({ checked, testId, onChange, children }: Props) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}
