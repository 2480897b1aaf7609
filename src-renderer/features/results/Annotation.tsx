// Annotating one question result: pass / fail / defer and notes, stored as a label on the result.
import { useEffect, useState } from 'react';
import type { Label } from '../../../src-shared/model';
import { api } from '../../api/client';

const VERDICTS = [
  ['pass', '✓ Pass'],
  ['fail', '✕ Fail'],
  ['defer', '… Defer'],
] as const;

export function Annotation({ resultId }: { resultId: number }) {
  const subject = { subjectType: 'question_result', subjectId: String(resultId) } as const;
  const [label, setLabel] = useState<Label | null>(null);
  const [notes, setNotes] = useState('');
  const [saved, setSaved] = useState<string>();
  useEffect(() => {
    void api['labels.get']({ subjectType: 'question_result', subjectId: String(resultId) }).then((current) => {
      setLabel(current);
      setNotes(current?.notes ?? '');
    });
  }, [resultId]);
  const submit = async (patch: { verdict?: 'pass' | 'fail' | 'defer'; notes?: string }) => {
    const result = await api['labels.submit']({ ...subject, ...patch });
    setLabel(result.label);
    setSaved('Saved');
  };
  return (
    <section className="annotation" aria-label="Annotation" data-testid="annotation">
      <h3>Your verdict</h3>
      <div className="segmented" role="radiogroup" aria-label="Verdict">
        {VERDICTS.map(([value, text]) => (
          <button
            key={value}
            role="radio"
            aria-checked={label?.verdict === value}
            className="button"
            onClick={() => void submit({ verdict: value })}
            data-testid={`annotate-${value}`}
          >
            {text}
          </button>
        ))}
      </div>
      <textarea
        className="notes"
        rows={3}
        placeholder="Notes: why, what a good answer says…"
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        aria-label="Notes"
        data-testid="annotation-notes"
      />
      <div className="toolbar">
        <button
          className="button"
          onClick={() => void submit({ notes })}
          disabled={notes === (label?.notes ?? '')}
          data-testid="save-notes"
        >
          Save notes
        </button>
        {saved && <span className="muted">{saved}</span>}
      </div>
    </section>
  );
}
