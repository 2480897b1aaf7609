// The workbench's active labeling panel: the order (plain queue or the labels that shrink the interval most), the
// interval's width before and after each label, and when more labels stop paying, with its step as a setting.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { GraderId } from '../../../src-shared/model';
import { Segmented } from '../../components/Segmented';
import { Term } from '../../components/Term';
import { ESTIMATOR_NAME } from '../../../src-shared/text/corrected-rate-words';
import { lastLabelChange, stopInWords, widthInPoints } from './active-labeling.selectors';
import { LABEL_ORDERS, useActiveLabeling } from './active-labeling.store';

export function ActiveLabeling({ grader }: { grader: GraderId }) {
  const { order, stepPp, plan, error, orderChosen, stepChanged, planRequested } = useActiveLabeling(
    useShallow((s) => ({
      order: s.order,
      stepPp: s.stepPp,
      plan: s.plan,
      error: s.error,
      orderChosen: s.orderChosen,
      stepChanged: s.stepChanged,
      planRequested: s.planRequested,
    })),
  );
  useEffect(() => void planRequested(grader), [planRequested, grader]);
  const change = plan && lastLabelChange(plan);
  const stop = plan && stopInWords(plan);
  return (
    <section className="card active-labeling" data-testid="active-labeling">
      <div className="active-labeling-row">
        <Segmented id="label-order" label="Label order" options={LABEL_ORDERS} value={order} onChange={orderChosen} />
        <label className="active-step">
          Stop step{' '}
          <input
            className="form-control num"
            type="number"
            min={0}
            max={100}
            step={0.1}
            value={stepPp}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (Number.isFinite(value) && value >= 0) void stepChanged(grader, value);
            }}
            data-testid="active-step"
          />{' '}
          points over the last 3 labels
        </label>
      </div>
      {order === 'shrink the interval most' && plan && (
        <p className="muted rate-words" data-testid="active-rule">
          <Term id="active_labeling">Active labeling</Term>: {plan.rule}
        </p>
      )}
      {error && <p className="fix-refused">{error}</p>}
      {plan && (
        <p className="active-width" data-testid="active-width">
          Corrected pass rate’s interval (<Term id="rogan_gladen">{ESTIMATOR_NAME.rogan_gladen}</Term>, labels weighted
          back to the calls each stratum was drawn from, as the trust rule and the run verdict read them) for{' '}
          {plan.observed.n} judge verdicts: width <strong className="num">{widthInPoints(plan.width)}</strong>
          {change && (
            <span data-testid="active-width-change">
              {' '}
              · last label: <span className="num">{change}</span>
            </span>
          )}
        </p>
      )}
      {plan?.nothingLeft && (
        <p className="callout" data-testid="active-nothing-left">
          {plan.nothingLeft}
        </p>
      )}
      {stop && (
        <p className={plan?.stop.stoppedPaying ? 'callout' : 'muted'} data-testid="active-stop">
          {stop}
        </p>
      )}
    </section>
  );
}
