// The default judge of every LLM grader (provider and model), and the per-grader overrides aieval.yaml sets.
import { ModelRefFields } from './ModelRefFields';
import type { JudgeForm } from './settings-form';
import { FormSection } from '../../components/FormSection';

type Props = Readonly<{
  judge: JudgeForm;
  providers: readonly string[];
  at: (path: string) => string[];
  onChange: (judge: JudgeForm) => void;
}>;

export function JudgeSection({ judge, providers, at, onChange }: Props) {
  const overrides = Object.entries(judge.overrides ?? {});
  return (
    <FormSection
      titleId="settings-judge"
      title="Judge"
      testId="settings-judge"
      help={
        <>
          The model that scores answers for the LLM graders. Judge calls run at temperature 0 where the model allows it.
        </>
      }
      fields={
        <ModelRefFields
          id="judge"
          what="Judge"
          value={judge}
          providers={providers}
          at={at}
          path="judge"
          onChange={(ref) => onChange({ ...judge, ...ref })}
        />
      }
    >
      {overrides.length > 0 && (
        <div className="field-help">
          Per-grader judges (kept as they are; edit <code>judge.overrides</code> in aieval.yaml):{' '}
          {overrides.map(([grader, ref]) => (
            <span key={grader} className="override">
              <code>{grader}</code> → {ref?.provider} / {ref?.model}
            </span>
          ))}
        </div>
      )}
    </FormSection>
  );
}
