// A job's latest steps, the run in progress (with its done/total) and, once over, its outcome in words.
import type { OptimizerJob } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { liveRun, useRuns } from '../runs/runs.store';
import { jobFailure } from './optimizer.selectors';

const SHOWN_LINES = 4;

export function JobLog({ job, testId }: { job: OptimizerJob; testId: string }) {
  const running = job.status === 'running';
  const progress = useRuns(liveRun(job.runId ?? '')).progress;
  return (
    <div className="job-log" role="status" aria-live="polite" data-testid={testId}>
      {running && job.runId && (
        <div className="job-run">
          <span className="badge accent">running</span>{' '}
          <a href={hrefFor('runs', job.runId)} className="mono">
            run {job.runId}
          </a>
          {progress && (
            <span className="num">
              {' '}
              · {progress.done}/{progress.total} questions
            </span>
          )}
        </div>
      )}
      {job.log.slice(-SHOWN_LINES).map((line, index) => (
        <div key={`${job.log.length}-${index}`} className="job-line">
          {line}
        </div>
      ))}
      {!running && job.outcome && (
        <div className={`job-outcome${jobFailure(job) ? ' error-count' : ''}`} data-testid={`${testId}-outcome`}>
          <strong>{job.outcome.status.replace('_', ' ')}</strong>: {job.outcome.reason}
        </div>
      )}
      {!running && job.error && (
        <div className="job-outcome error-count" data-testid={`${testId}-outcome`}>
          {`${job.status}: ${job.error}`}
        </div>
      )}
    </div>
  );
}
