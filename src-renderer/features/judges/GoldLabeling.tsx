// Labeling a judge's gold set: the question, the answer and what the judge saw; its verdict only after you decide.
import { useCallback, useEffect, useRef, useState } from 'react';
import { GRADER_CATALOG, type GoldItem, type GraderId } from '../../../src-shared/model';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { hrefFor } from '../../navigation/router';
import { LongText } from '../../components/LongText';
import { StatusBadge } from '../../components/StatusBadge';
import { ToolCallList } from '../../components/ToolCallList';
import { actionForEvent } from '../../components/label-keys';
import { ActiveLabeling } from './ActiveLabeling';
import { nextActiveId, reviewerProgressInWords } from './active-labeling.selectors';
import { useActiveLabeling } from './active-labeling.store';
import { GoldBatchEnd } from './GoldBatchEnd';
import { JudgeSawPanel } from './JudgeSawPanel';
import { LabellingAs } from './LabellingAs';
import { useJudges } from './judges.store';

const firstUnlabeled = (items: readonly GoldItem[] | undefined) =>
  Math.max(0, items?.findIndex((item) => item.human_label === null) ?? 0);

export function GoldLabeling({ grader }: { grader: GraderId }) {
  // Loaded again when the gold set's files change on disk (a label added outside the app, a git pull).
  const version = useJudges((state) => state.goldVersion[grader] ?? 0);
  const {
    data: items,
    error,
    setData: setItems,
  } = useQuery(() => api['judges.goldItems']({ grader }), [grader, version]);
  // Until the user labels or moves, the first unlabeled item is shown.
  const [picked, setIndex] = useState<number>();
  // In active order, the item that shrinks the interval most is shown until the user moves; a label re-plans.
  const activeNext = useActiveLabeling((s) => (s.order === 'plain queue' ? undefined : nextActiveId(s.plan)));
  const activeIndex = items?.findIndex((item) => item.id === activeNext) ?? -1;
  const index = picked ?? (activeIndex >= 0 ? activeIndex : firstUnlabeled(items));
  const order = useActiveLabeling((s) => s.order);
  const reviewers = useActiveLabeling((s) => (s.plan ? reviewerProgressInWords(s.plan) : null));
  // Choosing an order shows its next item.
  useEffect(() => setIndex(undefined), [order]);
  const planRequested = useActiveLabeling((s) => s.planRequested);
  const labelingOpened = useJudges((state) => state.labelingOpened);
  useEffect(labelingOpened, [labelingOpened, grader]);
  // The item labelled last, kept after moving on so its judge verdict can be read beside the next one.
  const [previous, setPrevious] = useState<GoldItem>();
  const label = useCallback(
    async (verdict: 'pass' | 'fail' | 'defer') => {
      const item = items?.[index];
      if (!item) return;
      await api['labels.submit']({ subjectType: 'gold_item', subjectId: item.id, verdict });
      setItems((current) => current?.map((it) => (it.id === item.id ? { ...it, human_label: verdict } : it)));
      setPrevious({ ...item, human_label: verdict });
      // A label moves on to the next item (in active order: the new plan's first), as in every annotation tool.
      const planned = planRequested(grader);
      if (order === 'plain queue') return setIndex(Math.min(index + 1, items.length - 1));
      const next = nextActiveId(await planned);
      if (next !== undefined) setIndex(items.findIndex((it) => it.id === next));
    },
    [items, index, grader, order, planRequested],
  );
  // The key handler reads what is on screen now: bound once, it never answers a key with the item labelled before
  // (an effect re-bound after each label left a moment in which p labelled the previous item again).
  const shown = useRef({ items, index, label });
  shown.current = { items, index, label };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { items, index, label } = shown.current;
      const action = actionForEvent(event);
      if (!action || !items) return;
      if (action.kind === 'verdict') void label(action.verdict);
      else if (action.kind === 'move')
        setIndex(Math.max(0, Math.min(items.length - 1, index + (action.direction === 'next' ? 1 : -1))));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (error) return <div className="page banner error">{error}</div>;
  if (!items) return <div className="page muted">Loading the gold set…</div>;
  const item = items[index];
  const labelled = items.filter((i) => i.human_label !== null).length;
  const seesToolCalls = GRADER_CATALOG[grader]?.seesToolCalls ?? false;
  return (
    <div className="page" data-testid="gold-labeling">
      <header className="page-header">
        <div>
          <h1>Label {grader}</h1>
          <p>
            Decide whether each response passes, before you see the judge’s verdict. <span className="kbd">p</span>{' '}
            <span className="kbd">f</span> <span className="kbd">d</span> label and move on,{' '}
            <span className="kbd">j</span> <span className="kbd">k</span> move.
          </p>
          <LabellingAs grader={grader} />
        </div>
        <a className="button" href={hrefFor('judges')}>
          Back to judges
        </a>
      </header>
      <div className="queue-progress" data-testid="gold-progress">
        <div className="progress">
          <div className="progress-fill" style={{ width: `${items.length ? (labelled / items.length) * 100 : 0}%` }} />
        </div>
        <span className="num">
          {labelled} / {items.length} labelled · item {index + 1}
        </span>
        {reviewers && (
          <span className="muted" data-testid="reviewer-progress">
            By reviewer: {reviewers}
          </span>
        )}
      </div>
      {items.length > 0 && <ActiveLabeling grader={grader} />}
      {items.length > 0 && labelled === items.length && <GoldBatchEnd grader={grader} count={items.length} />}
      {previous && previous.id !== item?.id && (
        <p className="muted" data-testid="judge-verdict-previous">
          Item {items.findIndex((it) => it.id === previous.id) + 1}: you said {previous.human_label}; judge score{' '}
          {previous.judge_score ?? '—'}
          {previous.judge_reason ? ` (${previous.judge_reason})` : ''}
        </p>
      )}
      {!item ? (
        <div className="empty">The gold set is empty: sample the judge’s calls on the judges screen first.</div>
      ) : (
        <div className="gold-columns">
          <article className="card">
            <div className="turn turn-user">
              <div className="turn-role">question</div>
              <LongText text={item.question} className="turn-content" />
            </div>
            <div className="turn turn-assistant turn-response">
              <div className="turn-role">response</div>
              <LongText text={item.response} markdown />
            </div>
            {item.tool_calls !== null && (
              <section>
                <h3>Tool calls the agent made</h3>
                <ToolCallList calls={item.tool_calls} />
              </section>
            )}
            <div className="segmented" role="radiogroup" aria-label="Your label">
              {(['pass', 'fail', 'defer'] as const).map((verdict) => (
                <button
                  key={verdict}
                  role="radio"
                  aria-checked={item.human_label === verdict}
                  className="button"
                  onClick={() => void label(verdict)}
                  data-testid={`gold-${verdict}`}
                >
                  {verdict}
                </button>
              ))}
            </div>
            {item.human_label === null ? (
              <p className="muted">The judge’s verdict shows once you have labelled this item.</p>
            ) : (
              <p data-testid="judge-verdict">
                Judge: <StatusBadge status="skipped" label={`score ${item.judge_score ?? '—'}`} /> {item.judge_reason}
              </p>
            )}
          </article>
          <aside className="card">
            <h2>What the judge saw</h2>
            <JudgeSawPanel item={item} seesToolCalls={seesToolCalls} />
          </aside>
        </div>
      )}
    </div>
  );
}
