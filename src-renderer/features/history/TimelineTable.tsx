// A question's runs, newest first: verdict, score and the run's identity, with what changed from the run before.
import type { TimelinePoint } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { score } from '../../components/format';
import { identityChanges, pointVerdict, promptTag, runDay, textChangeIndex } from './history.selectors';

const VERDICT_STATUS = { pass: 'pass', fail: 'fail', mixed: 'degraded', unscored: 'unscored' } as const;

function Changed({ changed }: { changed: boolean }) {
  return changed ? <span className="badge accent">changed</span> : null;
}

export function TimelineTable({ points }: { points: readonly TimelinePoint[] }) {
  const changes = identityChanges(points);
  const changedAt = textChangeIndex(points);
  const rows = points
    .map((point, i) => ({ point, change: changes[i]!, earlier: changedAt !== null && i < changedAt }))
    .reverse();
  return (
    <section className="card">
      <h2>Runs</h2>
      <div className="table-scroll">
        <table className="table timeline-table" data-testid="timeline-runs">
          <thead>
            <tr>
              <th>Run</th>
              <th className="num">Day</th>
              <th>Verdict</th>
              <th className="num">Score</th>
              <th>Model</th>
              <th>Prompt</th>
              <th>Dataset</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ point, change, earlier }) => {
              const verdict = pointVerdict(point);
              return (
                <tr
                  key={point.run.runId}
                  data-testid={`timeline-run-${point.run.runId}`}
                  className={point.textChanged ? 'text-changed' : earlier ? 'earlier muted' : undefined}
                  title={earlier ? 'Before its text changed: not counted in its current history' : undefined}
                >
                  <td>
                    <a className="mono run-id" href={hrefFor('runs', point.run.runId)}>
                      {point.run.runId}
                    </a>
                    {point.textChanged && (
                      <div className="muted" data-testid="timeline-new-history">
                        text changed: a new history starts here
                      </div>
                    )}
                  </td>
                  <td className="num nowrap">{runDay(point.run)}</td>
                  <td>
                    <StatusBadge
                      status={VERDICT_STATUS[verdict]}
                      label={point.trials > 1 ? `${point.passes}/${point.trials} passed` : undefined}
                    />
                  </td>
                  <td className="num">{score(point.score)}</td>
                  <td className="mono">
                    {point.run.provider}/{point.run.model} <Changed changed={change.model} />
                  </td>
                  <td className="mono" title={`sha256 ${point.run.systemPromptSha256}`}>
                    {promptTag(point.run)} <Changed changed={change.prompt} />
                  </td>
                  <td className="mono">
                    v{point.run.datasetVersion} <Changed changed={change.dataset} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
