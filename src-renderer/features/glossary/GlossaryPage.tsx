// The glossary page: every term of art with its definition; #/glossary/<term> scrolls to and marks one.
import { useEffect } from 'react';
import { GLOSSARY, isTermId, TERM_IDS } from '../../components/glossary';
import { PageHeader } from '../../components/PageHeader';

export function GlossaryPage({ termId }: { termId: string | undefined }) {
  const selected = isTermId(termId) ? termId : undefined;
  useEffect(() => {
    if (selected) document.getElementById(`glossary-${selected}`)?.scrollIntoView({ block: 'center' });
  }, [selected]);
  return (
    <div className="page" data-testid="glossary">
      <PageHeader
        title="Glossary"
        intro="The terms of art the screens use. Hover a dotted word anywhere to see its definition."
      />
      <dl className="glossary">
        {TERM_IDS.map((id) => {
          const entry: { term: string; short: string; more?: string } = GLOSSARY[id];
          return (
            <div
              key={id}
              id={`glossary-${id}`}
              className="glossary-entry"
              aria-current={id === selected ? 'true' : undefined}
              data-testid={`glossary-${id}`}
            >
              <dt>{entry.term}</dt>
              <dd>
                {entry.short}
                {entry.more && <p className="muted">{entry.more}</p>}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
