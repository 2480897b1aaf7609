// Live progress of a running run: done/total, errors, degraded, running average, elapsed, ETA, the score stream (newest
// first), Cancel and why a cancel was refused.
import { useEffect, useState } from 'react';
import type { RunSummary } from '../../../src-shared/model';
import { StatusBadge } from '../../components/StatusBadge';
import { duration, score } from '../../components/format';
import { liveRun, useRuns } from './runs.store';
import { concurrencyText, modelLoadsText, phaseText } from './local-run.selectors';
import { progressCountText, progressFraction } from '../../../src-shared/text/progress-count';

export function RunMonitor({ run }: { run: RunSummary }) {
  const live = useRuns(liveRun(run.id));
  const cancelRequested = useRuns((state) => state.cancelRequested);
  const [cancelling, setCancelling] = useState(false);
  const [cancelRefused, setCancelRefused] = useState<string>();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const progress = live.progress;
  const done = progress?.done ?? run.done;
  const total = progress?.total ?? run.total;
  const counts = { done, total, saved: progress?.saved };
  const elapsed = run.startedAt ? now - run.startedAt : (progress?.elapsedMs ?? 0);
  return (
    <section className="card run-monitor" data-testid="run-monitor" aria-live="polite">
      <div className="card-title">
        <h2>Running {run.targetId}</h2>
        <button
          className="button"
          onClick={() => {
            setCancelling(true);
            setCancelRefused(undefined);
            void cancelRequested(run.id).then((refused) => {
              setCancelRefused(refused);
              if (refused) setCancelling(false);
            });
          }}
          disabled={cancelling}
          data-testid="cancel-run"
        >
          {cancelling ? 'Cancelling…' : 'Cancel run'}
        </button>
      </div>
      {cancelRefused && (
        <div className="banner error" role="alert" data-testid="cancel-refused">
          {cancelRefused}
        </div>
      )}
      {(progress?.phase || progress?.local) && (
        <p className="muted" data-testid="run-local">
          {progress.phase && <strong>{phaseText(progress.phase)}</strong>}
          {progress.phase && progress.local && ' · '}
          {progress.local &&
            `${modelLoadsText(progress.local.modelLoads)} · ${concurrencyText(progress.local.concurrency)}`}
        </p>
      )}
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done + (counts.saved ?? 0)}
      >
        <div className="progress-fill" style={{ width: `${progressFraction(counts) * 100}%` }} />
      </div>
      <dl className="stats">
        <div>
          <dt>Done</dt>
          <dd className="num" data-testid="run-done">
            {progressCountText(counts, ' / ')}
          </dd>
        </div>
        <div>
          <dt>Running average</dt>
          <dd className="num">{score(progress?.runningAvg)}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd className="num">{progress?.errors ?? 0}</dd>
        </div>
        <div>
          <dt>Degraded</dt>
          <dd className="num">{progress?.degraded ?? 0}</dd>
        </div>
        <div>
          <dt>Elapsed</dt>
          <dd className="num">{duration(elapsed)}</dd>
        </div>
        <div>
          <dt>ETA</dt>
          <dd className="num">{duration(progress?.etaMs)}</dd>
        </div>
      </dl>
      <p className="muted stream-title">Latest answers, newest first</p>
      <ol className="score-stream" data-testid="score-stream">
        {live.stream.length === 0 && (
          <li className="muted">
            {progress?.phase ? 'Questions appear here as the judges score them…' : 'Waiting for the first answers…'}
          </li>
        )}
        {live.stream.slice(0, 12).map((item) => (
          <li key={`${item.questionId}#${item.repeatIndex}`}>
            <span className="mono">{item.questionId}</span>
            {item.status === 'scored' ? (
              <span className="num">{score(item.score)}</span>
            ) : (
              <StatusBadge status={item.status === 'degraded' ? 'degraded' : 'unscored'} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
