// One question's timeline across a target's runs: score and pass/fail per run with each run's prompt and model, where
// its text changed (a new history), its state in words, and a button that puts it in the quarantine (asking why) or
// takes it out.
import { useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { hrefFor } from '../../navigation/router';
import { Segmented } from '../../components/Segmented';
import { StatusBadge } from '../../components/StatusBadge';
import { pct } from '../../components/format';
import { ScoreTimelineChart } from './ScoreTimelineChart';
import { TimelineTable } from './TimelineTable';
import { STATE_STATUS } from './history.selectors';
import { PageHeader } from '../../components/PageHeader';
import { QuarantineButton } from './QuarantineButton';
import { messageOf } from '../../../src-shared/text/message-of';
import { repeatDisagreementText } from '../../../src-shared/text/repeat-disagreement';

const WINDOWS = ['30', '100', '200'] as const;
type Window = (typeof WINDOWS)[number];

export function QuestionTimelinePage({ targetId, questionId }: { targetId: string; questionId: string }) {
  const [window, setWindow] = useState<Window>('30');
  const {
    data: timeline,
    error,
    setData,
  } = useQuery(
    () => api['history.question']({ targetId, questionId, window: Number(window) }),
    [targetId, questionId, window],
  );
  const history = timeline?.history ?? null;
  const [quarantining, setQuarantining] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const toggleQuarantine = async (on: boolean, reason?: string) => {
    setQuarantining({ busy: true });
    try {
      const { quarantine } = await api['history.quarantine']({ targetId, questionId, on, reason });
      const quarantined = quarantine.includes(questionId);
      setData(
        (previous) =>
          previous && {
            ...previous,
            quarantined,
            history: previous.history && { ...previous.history, quarantined },
          },
      );
      setQuarantining({ busy: false });
    } catch (reason) {
      setQuarantining({ busy: false, error: messageOf(reason) });
    }
  };
  return (
    <div className="page timeline-page" data-testid="timeline-page">
      <PageHeader
        title={
          <>
            Timeline · {questionId}{' '}
            {history && <StatusBadge status={STATE_STATUS[history.state]} label={history.state} />}
            {timeline?.quarantined && (
              <span
                className="badge"
                title="In the target's quarantine: the gate leaves it out"
                data-testid="quarantined"
              >
                quarantined
              </span>
            )}
          </>
        }
        intro={
          <>
            Timeline on {targetId} over its last {window} complete runs: score and verdict per run, with the model and
            prompt each ran with.
          </>
        }
      >
        <div className="toolbar">
          <span className="muted" aria-hidden="true">
            Runs read
          </span>
          <Segmented<Window>
            id="timeline-window"
            label="Runs read"
            options={WINDOWS}
            labels={{ 30: 'last 30', 100: 'last 100', 200: 'last 200' }}
            value={window}
            onChange={setWindow}
          />
          {timeline && (
            <QuarantineButton
              quarantined={timeline.quarantined}
              busy={quarantining.busy}
              onChange={(on, reason) => void toggleQuarantine(on, reason)}
            />
          )}
          <a className="button" href={hrefFor('results', targetId)} data-testid="timeline-back">
            What changed in {targetId}
          </a>
        </div>
      </PageHeader>
      {error && <div className="banner error">{error}</div>}
      {quarantining.error && (
        <div className="banner error" data-testid="timeline-quarantine-error">
          {quarantining.error}
        </div>
      )}
      {!timeline ? (
        !error && <div className="muted">Loading the timeline…</div>
      ) : timeline.points.length === 0 ? (
        <div className="empty card" data-testid="timeline-empty">
          No complete run of {targetId} in the last {window} asked {questionId}.
        </div>
      ) : (
        <>
          {history && (
            <section className="card timeline-summary">
              <p data-testid="timeline-reason">{history.reason}</p>
              <p className="muted num-line">
                {history.runs} runs in its current history · pass rate {pct(history.passRate)} · {history.flips}{' '}
                {history.flips === 1 ? 'flip' : 'flips'}
                {repeatDisagreementText(history) !== null && ` · ${repeatDisagreementText(history)}`}
              </p>
              {history.textChangedAt && (
                <div className="banner" data-testid="timeline-text-changed">
                  <span>
                    Its text changed at run <span className="mono">{history.textChangedAt}</span>: a new history starts
                    there; the runs before it are shown faded and not counted.
                  </span>
                </div>
              )}
              {!history.textKnown && (
                <p className="muted">Some results predate question versions: their text could not be compared.</p>
              )}
            </section>
          )}
          {timeline.points.length === 1 ? (
            <div className="empty card" data-testid="timeline-one-run">
              Only one run has asked this question so far: run {targetId} again to start its timeline.
            </div>
          ) : (
            <section className="card">
              <ScoreTimelineChart points={timeline.points} />
              <p className="muted dot-legend">
                ● passed · ○ some repeats passed · ✕ failed
                {history?.textChangedAt && '; the dashed line marks where its text changed'}.
              </p>
            </section>
          )}
          <TimelineTable points={timeline.points} />
        </>
      )}
    </div>
  );
}
