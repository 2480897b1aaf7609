// A screen's header: its title, a sentence on what the screen is for, and the screen's buttons after them.
import type { ReactNode } from 'react';

type Props = Readonly<{ title: ReactNode; intro: ReactNode; children?: ReactNode }>;

export function PageHeader({ title, intro, children }: Props) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
      {children}
    </header>
  );
}
