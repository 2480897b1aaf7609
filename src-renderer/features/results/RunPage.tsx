// One run: live monitor while it runs; verdict, weakest grader and the questions once it has ended.
import type { GraderStat } from '../../../src-shared/contract/insights.contract';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { ago, duration } from '../../components/format';
import { RunMonitor } from '../runs/RunMonitor';
import { concurrencyText, modelLoadsText, scheduleText, windowsText } from '../runs/local-run.selectors';
import { liveRun, useRuns } from '../runs/runs.store';
import { QuestionsTable } from './QuestionsTable';
import { runStatus } from './results.selectors';
import { VerdictPanel } from './VerdictPanel';
import { ExportButton } from '../../components/ExportButton';
import { Provenance } from './Provenance';

const NO_STATS: GraderStat[] = [];

export function RunPage({ runId }: { runId: string }) {
  const live = useRuns(liveRun(runId));
  const finished = live.finished;
  // Both are read again once the run finishes.
  const { data: detail, error } = useQuery(() => api['runs.get']({ runId }), [runId, finished]);
  const graderStats =
    useQuery(() => api['runs.graderStats']({ runId }).catch(() => NO_STATS), [runId, finished]).data ?? NO_STATS;
  if (error) return <div className="page banner error">{error}</div>;
  if (!detail) return <div className="page muted">Loading run…</div>;
  const { run, identity } = detail;
  const active = run.status === 'running' || run.status === 'pending';
  return (
    <div className="page" data-testid="run-page">
      <header className="page-header">
        <div>
          <h1>
            {run.targetId} <StatusBadge status={runStatus(detail)} />
          </h1>
          <p>
            {identity.provider.name} · {identity.model} · dataset {identity.dataset.id} v{identity.dataset.version} ·{' '}
            {run.source} · started {ago(run.startedAt)}
            {run.finishedAt && run.startedAt && ` · took ${duration(run.finishedAt - run.startedAt)}`}
            {run.repeat > 1 && ` · ${run.repeat} repeats`}
          </p>
          {identity.local && (
            <p data-testid="run-local-facts">
              {modelLoadsText(identity.local.modelLoads)} · {concurrencyText(identity.local.concurrency)} ·{' '}
              {scheduleText(identity.local.schedule)}
            </p>
          )}
        </div>
        <div className="toolbar">
          {run.status === 'complete' && run.source !== 'import' && <ExportButton runId={run.id} />}
          <a className="button" href={hrefFor('results', run.targetId)}>
            All runs of {run.targetId}
          </a>
        </div>
      </header>
      {run.source === 'import' && <Provenance runId={run.id} />}
      {active ? <RunMonitor run={run} /> : <VerdictPanel detail={detail} graderStats={graderStats} />}
      <details className="card identity">
        <summary>Run identity</summary>
        <dl className="identity-list">
          <dt>System prompt</dt>
          <dd>
            <pre>{identity.systemPrompt || '(empty)'}</pre>
            <small className="mono muted">sha256 {identity.systemPromptSha256.slice(0, 16)}…</small>
          </dd>
          <dt>Generation sent</dt>
          <dd className="mono">{JSON.stringify(identity.generationSent ?? identity.generation)}</dd>
          <dt>Graders</dt>
          <dd className="mono">{identity.graders.join(', ')}</dd>
          <dt>Judges</dt>
          <dd className="mono">
            {identity.judges
              .map((j) => `${j.graderId}: ${j.provider}/${j.model} (template ${j.templateVersion ?? '—'})`)
              .join('; ') || '—'}
          </dd>
          <dt>Dataset</dt>
          <dd className="mono">
            {identity.dataset.id}@{identity.dataset.version} sha256 {identity.dataset.sha256.slice(0, 16)}…
          </dd>
          {identity.local && (
            <>
              <dt>Context windows</dt>
              <dd className="mono">{windowsText(identity.local.windows)}</dd>
            </>
          )}
          <dt>App</dt>
          <dd className="mono">{identity.appVersion}</dd>
        </dl>
      </details>
      <QuestionsTable
        key={run.status}
        runId={runId}
        targetId={run.targetId}
        repeat={run.repeat}
        passThreshold={identity.questionPassThreshold}
        arrived={active ? (live.progress?.done ?? run.done) : undefined}
      />
    </div>
  );
}
