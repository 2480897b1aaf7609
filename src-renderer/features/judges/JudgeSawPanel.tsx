// What the judge read beside the answer (criteria, rubric, expected facts, forbidden phrases, tool-call lines).
import type { ReactNode } from 'react';
import type { GoldItem } from '../../../src-shared/model';
import { Term } from '../../components/Term';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="judge-saw-section" data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

const List = ({ items }: { items: readonly string[] }) => (
  <ul>
    {items.map((item, index) => (
      <li key={index}>{item}</li>
    ))}
  </ul>
);

export function JudgeSawPanel({ item, seesToolCalls }: { item: GoldItem; seesToolCalls: boolean }) {
  const saw = item.judge_saw;
  if (!saw)
    return (
      <p className="muted" data-testid="judge-saw-missing">
        The judge’s prompt is no longer stored (its run was deleted), so what it read beside the answer cannot be shown.
      </p>
    );
  return (
    <div className="judge-saw" data-testid="judge-saw">
      <Section title="Criteria" testId="judge-saw-criteria">
        {saw.criteria ? (
          <p className="pre-line">{saw.criteria}</p>
        ) : (
          <p className="muted">None: the judge scored on its dimension alone.</p>
        )}
      </Section>
      {saw.rubric && (
        <Section title={`Rubric: ${saw.rubric.label}`} testId="judge-saw-rubric">
          <List items={saw.rubric.checks} />
        </Section>
      )}
      {saw.expected_facts.length > 0 && (
        <Section title="Expected facts" testId="judge-saw-facts">
          <List items={saw.expected_facts} />
        </Section>
      )}
      {saw.must_not_contain.length > 0 && (
        <Section title="Must not contain" testId="judge-saw-forbidden">
          <List items={saw.must_not_contain} />
        </Section>
      )}
      <Section title="Tool calls, as the judge read them" testId="judge-saw-tools">
        {saw.tool_calls ? (
          <List items={saw.tool_calls} />
        ) : (
          <p className="muted">
            {seesToolCalls
              ? 'None recorded for this answer (a chat answer).'
              : 'This judge is not shown tool calls; it scores the text of the answer.'}
          </p>
        )}
      </Section>
      <p className="muted small-print">
        Read back from the judge’s own prompt. Your label is what the <Term id="gold_set" /> measures the judge against.
      </p>
    </div>
  );
}
