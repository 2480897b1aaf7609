// A target's candidates, newest first: status, baseline and candidate mean ± spread, gain, and a link to review.
import type { CandidateSummary } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { ago } from '../../components/format';
import { candidateLook, deltaLook, gainOf, meanSpread } from './optimizer.selectors';
import { Term } from '../../components/Term';

/** `failed`: the target's last job stopped short; its log says why, so the table does not invite a first Optimize. */
export function CandidatesTable({ candidates, failed }: { candidates: readonly CandidateSummary[]; failed: boolean }) {
  if (candidates.length === 0 && failed) {
    return <div className="empty compact">No candidates: the optimization above failed before it proposed one.</div>;
  }
  if (candidates.length === 0) {
    return (
      <div className="empty compact">
        No candidates yet. Press Optimize: it runs the baseline, and proposes a prompt only if the target is below its
        gate.
      </div>
    );
  }
  return (
    <table className="table optimizer-table" data-testid="candidates-table">
      <thead>
        <tr>
          <th>Candidate</th>
          <th>Status</th>
          <th className="num">Baseline</th>
          <th className="num">Candidate</th>
          <th className="num">Gain</th>
          <th>
            <Term id="deciding_question">Decided on</Term>
          </th>
          <th>Proposed</th>
        </tr>
      </thead>
      <tbody>
        {candidates.map((candidate) => {
          const look = candidateLook(candidate.status);
          const gain = deltaLook(gainOf(candidate));
          return (
            <tr key={candidate.id} data-testid={`candidate-row-${candidate.id}`}>
              <td className="reason-cell">
                <a href={hrefFor('optimizer', candidate.id)} data-testid={`open-${candidate.id}`}>
                  Attempt {candidate.attempt}
                </a>
                <div className="muted small-line" title={candidate.decisionReason}>
                  {candidate.decisionReason}
                </div>
              </td>
              <td>
                <StatusBadge status={look.status} label={look.label} />
              </td>
              <td className="num">{meanSpread(candidate.baselineMean, candidate.baselineSd)}</td>
              <td className="num">{meanSpread(candidate.candidateMean, candidate.candidateSd)}</td>
              <td className={`num delta ${gain.tone}`}>{gain.text}</td>
              <td className="nowrap">{candidate.split ? `held-out "${candidate.split}"` : 'proposal questions'}</td>
              <td className="nowrap">{ago(candidate.createdAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
