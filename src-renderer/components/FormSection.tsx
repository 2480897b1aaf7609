// A titled section of a form page (a target, the settings), with an optional sentence on what it holds.
import type { ReactNode } from 'react';

type Props = Readonly<{
  /** The heading's id, which names the section for screen readers. */
  titleId: string;
  title: ReactNode;
  help?: ReactNode;
  testId?: string;
  children: ReactNode;
}>;

export function FormSection({ titleId, title, help, testId, children }: Props) {
  return (
    <section className="form-section" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      {help && <p className="muted section-help">{help}</p>}
      {children}
    </section>
  );
}
