// Four status cards with week-over-week deltas: runs, pass/fail, average score, errors.
import type { WeekStats } from '../../../src-shared/model';
import { delta, score } from '../../components/format';

export function StatusCards({ thisWeek, lastWeek }: { thisWeek: WeekStats; lastWeek: WeekStats }) {
  const cards = [
    ['Runs this week', String(thisWeek.runs), delta(thisWeek.runs - lastWeek.runs, 0)],
    [
      'Passed / failed',
      `${thisWeek.passed} / ${thisWeek.failed}`,
      `${delta(thisWeek.passed - lastWeek.passed, 0)} passed`,
    ],
    [
      'Average score',
      score(thisWeek.avgScore),
      thisWeek.avgScore !== null && lastWeek.avgScore !== null ? delta(thisWeek.avgScore - lastWeek.avgScore) : '—',
    ],
    ['Errors', String(thisWeek.errors), delta(thisWeek.errors - lastWeek.errors, 0)],
  ] as const;
  return (
    <div className="status-cards" data-testid="status-cards">
      {cards.map(([title, value, change]) => (
        <div key={title} className="card status-card">
          <div className="muted">{title}</div>
          <div className="status-value num">{value}</div>
          <div className="muted num" title="compared with last week">
            {change} vs last week
          </div>
        </div>
      ))}
    </div>
  );
}
