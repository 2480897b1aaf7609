// When the target passes: the gate (metric, threshold, hard or soft, the judge for the corrected pass rate) and per-target overrides.
import type { Settings } from '../../../src-shared/model';
import { NumberField, SegmentedField, SelectField } from '../../components/Field';
import { bindField, type SectionProps } from './target-form';
import { boundHelp, gateJudgeOptions, thresholdHelp } from './targets.selectors';
import { FormSection } from '../../components/FormSection';

type Props = SectionProps & Readonly<{ settings: Settings | undefined }>;

export function GateSection({ form, at, edit, settings }: Props) {
  const field = bindField(form, at, edit);
  const gate = form.gate;
  const judges = gateJudgeOptions(form.graders);
  return (
    <FormSection
      titleId="target-gate-title"
      title="Gate"
      fields={
        <>
          <SelectField
            id="target-gate-metric"
            label="Metric"
            help={thresholdHelp(gate.metric)}
            messages={at('gate.metric')}
            value={gate.metric}
            onChange={(metric) => edit({ gate: { ...gate, metric: metric as typeof gate.metric } })}
            testId="target-gate-metric"
          >
            <option value="avg_score">avg_score (0–5)</option>
            <option value="pass_rate">pass_rate (0–1)</option>
            <option value="corrected_pass_rate">corrected_pass_rate (0–1)</option>
          </SelectField>
          {gate.metric === 'corrected_pass_rate' && (
            <SegmentedField
              id="target-gate-bound"
              label="Bound"
              help={boundHelp(gate.bound)}
              messages={at('gate.bound')}
              groupLabel="Gate bound"
              options={['point', 'lower'] as const}
              labels={{ point: 'point estimate', lower: 'lower bound' }}
              value={gate.bound || 'point'}
              onChange={(bound) => edit({ gate: { ...gate, bound } })}
            />
          )}
          <NumberField
            id="target-gate-threshold"
            label="Threshold"
            unit={gate.metric === 'avg_score' ? '0–5' : '0–1'}
            help="The target passes when the metric is at least this."
            messages={at('gate.threshold')}
            decimal
            value={gate.threshold}
            onChange={(threshold) => edit({ gate: { ...gate, threshold } })}
            testId="target-gate-threshold"
          />
          <SegmentedField
            id="target-gate-type"
            label="Type"
            help={
              gate.type === 'hard' ? (
                <>
                  A failed gate fails <code>ai-eval run</code> (exit 1).
                </>
              ) : (
                'A failed gate is a warning.'
              )
            }
            messages={at('gate.type')}
            groupLabel="Gate type"
            options={['hard', 'soft'] as const}
            value={gate.type}
            onChange={(type) => edit({ gate: { ...gate, type } })}
          />
          <SelectField
            id="target-gate-judge"
            label="Judge"
            help="The trusted LLM grader whose pass/fail gives the bias-corrected pass rate."
            messages={at('gate.judge')}
            value={gate.judge}
            onChange={(judge) => edit({ gate: { ...gate, judge } })}
            testId="target-gate-judge"
          >
            <option value="">none</option>
            {gate.judge && !judges.includes(gate.judge as (typeof judges)[number]) && (
              <option value={gate.judge}>{gate.judge} (not attached)</option>
            )}
            {judges.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </SelectField>
        </>
      }
    >
      <h3>Overrides</h3>
      <div className="form-grid">
        <NumberField
          id="target-question-pass-threshold"
          label="Question pass threshold"
          unit="0–5"
          help="A question passes when its score is at least this. Empty: the workspace setting."
          {...field('question_pass_threshold')}
          decimal
          placeholder={settings ? `workspace: ${settings.question_pass_threshold}` : 'workspace setting'}
        />
        <NumberField
          id="target-response-char-limit"
          label="Response character limit"
          unit="characters"
          help="format_grader marks longer answers “too long”. Empty: the workspace setting."
          {...field('response_char_limit')}
          placeholder={settings ? `workspace: ${settings.response_char_limit}` : 'workspace setting'}
        />
      </div>
    </FormSection>
  );
}
