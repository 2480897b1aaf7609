// The proposal page: the decision and its numbers, both score distributions, the prompt diff, per-question deltas, review.
import { useEffect } from 'react';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { ago } from '../../components/format';
import { candidateLook, deltaLook, gainOf, meanSpread } from './optimizer.selectors';
import { useOptimizer } from './optimizer.store';
import { ChangeLog } from './ChangeLog';
import { PromptDiff } from './PromptDiff';
import { QuestionDeltas } from './QuestionDeltas';
import { ReviewBar } from './ReviewBar';
import { ScoreStrip } from './ScoreStrip';
import { useShallow } from 'zustand/react/shallow';
import { Term } from '../../components/Term';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';

const runLinks = (label: string, runIds: readonly string[]) =>
  runIds.length === 0 ? null : (
    <span>
      {label}:{' '}
      {runIds.map((runId, index) => (
        <span key={runId}>
          {index > 0 && ', '}
          <a href={hrefFor('runs', runId)}>run {index + 1}</a>
        </span>
      ))}
    </span>
  );

export function CandidatePage({ id }: { id: string }) {
  const { detail, error, message, candidateOpened } = useOptimizer(
    useShallow(({ detail, error, message, candidateOpened }) => ({ detail, error, message, candidateOpened })),
  );
  useEffect(() => void candidateOpened(id), [id, candidateOpened]);
  const candidate = detail?.id === id ? detail : undefined;
  if (!candidate)
    return (
      <div className="page">
        {error ? <div className="banner error">{error}</div> : <span className="muted">Loading candidate…</span>}
      </div>
    );
  const look = candidateLook(candidate.status);
  const gain = deltaLook(gainOf(candidate));
  return (
    <div className="page" data-testid="candidate-page">
      <PageHeader
        title={
          <>
            Candidate prompt for {candidate.targetId} <StatusBadge status={look.status} label={look.label} />
          </>
        }
        intro={
          <>
            <Term id="attempt">attempt</Term> {candidate.attempt} · proposed by {candidate.proposer ?? 'the proposer'}{' '}
            {ago(candidate.createdAt)} · <a href={hrefFor('optimizer')}>all candidates</a>
          </>
        }
      >
        <ReviewBar candidate={candidate} />
      </PageHeader>
      <ErrorAlert error={error} />
      {message && (
        <div className="banner" role="status" data-testid="review-message">
          {message}
        </div>
      )}
      <section className="card">
        <h2>Decision</h2>
        <p className="callout decision" data-testid="decision-reason">
          {candidate.decisionReason}
        </p>
        <dl className="stats">
          <div>
            <dt>Baseline</dt>
            <dd className="num">{meanSpread(candidate.baselineMean, candidate.baselineSd)}</dd>
          </div>
          <div>
            <dt>Candidate</dt>
            <dd className="num">{meanSpread(candidate.candidateMean, candidate.candidateSd)}</dd>
          </div>
          <div>
            <dt>Gain</dt>
            <dd className={`num delta ${gain.tone}`} data-testid="candidate-gain">
              {gain.text}
            </dd>
          </div>
          <div>
            <dt>Decided on</dt>
            <dd className="decided-on">
              {candidate.split ? `held-out split "${candidate.split}"` : 'the proposal questions'}
            </dd>
          </div>
        </dl>
      </section>
      <section className="card">
        <h2>Score per run</h2>
        <ScoreStrip
          series={[
            {
              label: 'Baseline',
              scores: candidate.baselineScores,
              mean: candidate.baselineMean,
              tone: 'baseline',
              note: meanSpread(candidate.baselineMean, candidate.baselineSd),
            },
            {
              label: 'Candidate',
              scores: candidate.candidateScores,
              mean: candidate.candidateMean,
              tone: 'candidate',
              note: meanSpread(candidate.candidateMean, candidate.candidateSd),
            },
          ]}
        />
        <div className="card-meta">
          {runLinks('Baseline', candidate.baselineRunIds)}
          {runLinks('Candidate', candidate.candidateRunIds)}
          {candidate.baselineRunIds[0] && candidate.candidateRunIds[0] && (
            <a href={hrefFor('matrix', candidate.baselineRunIds[0], candidate.candidateRunIds[0])}>
              the first runs side by side, answer by answer
            </a>
          )}
        </div>
      </section>
      <section className="card">
        <h2>Prompt</h2>
        <PromptDiff original={candidate.baselinePrompt} modified={candidate.candidatePrompt} />
      </section>
      <section className="card">
        <h2>Per question</h2>
        <QuestionDeltas questions={candidate.questions} split={candidate.split} />
      </section>
      <ChangeLog changes={candidate.changes} />
    </div>
  );
}
