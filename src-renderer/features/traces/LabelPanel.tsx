// Labeling one item (verdict, dimension scores, tags, notes), a whole group, undo, and promotion.
import { forwardRef, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { GRADER_CATALOG, LABEL_VERDICTS, type GraderId } from '../../../src-shared/model';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';
import { useNotesDraft } from '../../navigation/use-notes-draft';
import { VERDICT_WORDS } from '../../components/status';
import { KEY_HELP, VERDICT_KEYS } from '../../components/label-keys';
import { useTraces, workbenchFailed } from './traces.store';

export type LabelPanelHandle = Readonly<{ focusTags(): void; focusNotes(): void }>;

const JUDGES = Object.values(GRADER_CATALOG).filter((g) => g.kind === 'llm_judge');

/** A titled part of the panel, named by its title for screen readers; `mark` follows the title (the unsaved mark). */
function Section({ title, mark, children }: Readonly<{ title: string; mark?: ReactNode; children: ReactNode }>) {
  return (
    <section aria-label={title}>
      <h3>
        {title}
        {mark}
      </h3>
      {children}
    </section>
  );
}

type PromoteToProps = Readonly<{
  /** What the select chooses, e.g. "Dataset". */
  label: string;
  ids: readonly string[];
  value: string;
  onChange(id: string): void;
  onPromote(): void;
  testId: string;
  children: ReactNode;
}>;

/** One place to promote the item to: a select of where, and the button (off while there is nowhere to choose). */
function PromoteTo({ label, ids, value, onChange, onPromote, testId, children }: PromoteToProps) {
  return (
    <div className="toolbar">
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      <button className="button" disabled={!value} onClick={onPromote} data-testid={testId}>
        {children}
      </button>
    </div>
  );
}

export const LabelPanel = forwardRef<LabelPanelHandle, { dimensions: readonly string[] }>(function LabelPanel(
  { dimensions },
  ref,
) {
  const label = useTraces((state) => state.label);
  const dimension = useTraces((state) => state.dimension);
  const groupKey = useTraces((state) => state.groupKey);
  const { labelChanged, groupLabeled, undoRequested, promoteRequested } = useTraces.getState();
  const [tag, setTag] = useState('');
  const { notes, setNotes, dirty, blurred } = useNotesDraft({
    key: 'label-notes',
    screen: 'traces',
    label: 'The notes of this trace',
    saved: label?.notes ?? '',
    store: (text) => labelChanged({ notes: text }),
    failed: workbenchFailed,
  });
  const suggestions = useQuery(() => api['traces.tags']({ prefix: tag || undefined }), [tag]).data ?? [];
  const datasets = useQuery(() => api['datasets.list']({}), []).data ?? [];
  const [picked, setDataset] = useState('');
  const dataset = picked || datasets[0]?.id || '';
  const [judge, setJudge] = useState<GraderId>(JUDGES[0]!.id);
  const tagInput = useRef<HTMLInputElement>(null);
  const notesInput = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({
    focusTags: () => tagInput.current?.focus(),
    focusNotes: () => notesInput.current?.focus(),
  }));
  const tags = label?.tags ?? [];
  const addTag = () => {
    const value = tag.trim();
    if (value && !tags.includes(value)) void labelChanged({ tags: [...tags, value] });
    setTag('');
  };
  return (
    <aside className="label-panel" aria-label="Label">
      <div className="segmented" role="radiogroup" aria-label="Verdict">
        {LABEL_VERDICTS.map((value) => (
          <button
            key={value}
            role="radio"
            aria-checked={label?.verdict === value}
            className="button"
            onClick={() => void labelChanged({ verdict: value }, true)}
            data-testid={`verdict-${value}`}
            title={`${VERDICT_WORDS[value]} (${VERDICT_KEYS[value]})`}
          >
            {VERDICT_WORDS[value]} <span className="kbd">{VERDICT_KEYS[value]}</span>
          </button>
        ))}
      </div>
      <Section title="Dimensions">
        {dimensions.map((name, index) => {
          const current = label?.dimensions[name];
          return (
            <div
              key={name}
              className={`dimension ${index === dimension ? 'selected' : ''}`}
              data-testid={`dimension-${name}`}
            >
              <span>{name}</span>
              <span className="score-buttons">
                {[0, 1, 2, 3, 4, 5].map((value) => (
                  <button
                    key={value}
                    className="icon-button"
                    aria-pressed={current === value}
                    onClick={() => void labelChanged({ dimensions: { [name]: current === value ? null : value } })}
                    aria-label={`${name} ${value}`}
                  >
                    {value}
                  </button>
                ))}
              </span>
            </div>
          );
        })}
      </Section>
      <Section title="Tags">
        <div className="tags">
          {tags.map((t) => (
            <button
              key={t}
              className="badge accent"
              onClick={() => void labelChanged({ tags: tags.filter((x) => x !== t) })}
              title="Remove tag"
            >
              {t} ×
            </button>
          ))}
        </div>
        <input
          ref={tagInput}
          className="input"
          list="tag-suggestions"
          placeholder="Add a tag (t)"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') addTag();
            if (e.key === 'Escape') e.currentTarget.blur();
          }}
          data-testid="tag-input"
        />
        <datalist id="tag-suggestions">
          {suggestions.map((s) => (
            <option key={s.tag} value={s.tag} />
          ))}
        </datalist>
      </Section>
      <Section
        title="Notes"
        mark={
          dirty && (
            <span className="dirty-mark" data-testid="notes-dirty">
              {' '}
              ● unsaved
            </span>
          )
        }
      >
        <textarea
          ref={notesInput}
          className="notes"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          onBlur={blurred}
          onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
          placeholder="What is right or wrong (n)"
          data-testid="notes-input"
        />
      </Section>
      <div className="toolbar">
        <button className="button" onClick={() => void undoRequested()} data-testid="undo">
          Undo <span className="kbd">u</span>
        </button>
      </div>
      {groupKey && (
        <Section title="Whole group">
          <div className="toolbar">
            <button
              className="button"
              onClick={() => void groupLabeled({ verdict: 'pass' }, true)}
              data-testid="group-pass"
            >
              Pass unlabeled
            </button>
            <button className="button" onClick={() => void groupLabeled({ verdict: 'fail' }, true)}>
              Fail unlabeled
            </button>
          </div>
        </Section>
      )}
      <Section title="Promote">
        <PromoteTo
          label="Dataset"
          ids={datasets.map((d) => d.id)}
          value={dataset}
          onChange={setDataset}
          onPromote={() => void promoteRequested({ dataset }, false)}
          testId="promote-dataset"
        >
          To dataset
        </PromoteTo>
        <PromoteTo
          label="Judge"
          ids={JUDGES.map((j) => j.id)}
          value={judge}
          onChange={(id) => setJudge(id as GraderId)}
          onPromote={() => void promoteRequested({ judgeGrader: judge }, false)}
          testId="promote-gold"
        >
          To gold set
        </PromoteTo>
      </Section>
      <dl className="key-help">
        {KEY_HELP.map(([keys, what]) => (
          <div key={keys}>
            <dt className="kbd">{keys}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
});
