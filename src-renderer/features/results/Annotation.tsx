// Annotating one question result: pass / fail / defer and notes, stored as a label on the result.
import { useState } from 'react';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { useNotesDraft } from '../../navigation/use-notes-draft';
import { messageOf } from '../../../src-shared/text/message-of';
import { LABEL_VERDICTS, type LabelVerdict } from '../../../src-shared/model';
import { Segmented } from '../../components/Segmented';
import { VERDICT_WORDS } from '../../components/status';

export function Annotation({ resultId }: { resultId: number }) {
  const subject = { subjectType: 'question_result', subjectId: String(resultId) } as const;
  const { data: label, setData: setLabel } = useQuery(
    () => api['labels.get']({ subjectType: 'question_result', subjectId: String(resultId) }),
    [resultId],
  );
  const [saved, setSaved] = useState<string>();
  const submit = async (patch: { verdict?: LabelVerdict; notes?: string }) => {
    const result = await api['labels.submit']({ ...subject, ...patch });
    setLabel(() => result.label);
    setSaved('Saved');
  };
  const { notes, setNotes, dirty, save } = useNotesDraft({
    key: `annotation-${resultId}`,
    screen: 'results',
    label: 'Your notes on this result',
    saved: label?.notes ?? '',
    store: (text) => submit({ notes: text }),
    failed: (reason) => setSaved(`Not saved: ${messageOf(reason)}`),
  });
  return (
    <section className="annotation" aria-label="Annotation" data-testid="annotation">
      <h3>Your verdict</h3>
      <Segmented
        id="annotate"
        label="Verdict"
        options={LABEL_VERDICTS}
        labels={VERDICT_WORDS}
        value={label?.verdict ?? undefined}
        onChange={(verdict) => void submit({ verdict })}
      />
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
        <button className="button" onClick={() => void save()} disabled={!dirty} data-testid="save-notes">
          Save notes
        </button>
        {dirty ? (
          <span className="dirty-mark" data-testid="annotation-dirty">
            ● unsaved notes
          </span>
        ) : (
          saved && <span className="muted">{saved}</span>
        )}
      </div>
    </section>
  );
}
