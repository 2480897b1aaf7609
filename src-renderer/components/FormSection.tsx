// A titled section of a form page (a target, the settings): an optional sentence on what it holds, its fields laid
// out in the form grid, then whatever follows them.
import type { ReactNode } from 'react';

type Props = Readonly<{
  /** The heading's id, which names the section for screen readers. */
  titleId: string;
  title: ReactNode;
  help?: ReactNode;
  testId?: string;
  /** The section's fields, in the form grid right under the heading. */
  fields?: ReactNode;
  /** What follows the fields (a table, a second group of fields under its own heading, buttons). */
  children?: ReactNode;
}>;

export function FormSection({ titleId, title, help, testId, fields, children }: Props) {
  return (
    <section className="form-section" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      {help && <p className="muted section-help">{help}</p>}
      {fields && <div className="form-grid">{fields}</div>}
      {children}
    </section>
  );
}
