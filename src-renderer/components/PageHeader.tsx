// A screen's header: its title, a sentence on what the screen is for, and the screen's buttons after them.
import type { ReactNode } from 'react';

type Props = Readonly<{
  title: ReactNode;
  intro: ReactNode;
  /** A class the header has besides `page-header`. */
  className?: string;
  children?: ReactNode;
}>;

export function PageHeader({ title, intro, className, children }: Props) {
  return (
    <header className={className ? `page-header ${className}` : 'page-header'}>
      <div>
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
      {children}
    </header>
  );
}
