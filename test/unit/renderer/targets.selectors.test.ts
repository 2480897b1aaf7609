import { describe, expect, it } from 'vitest';
import type { WorkspaceIssue } from '../../../src-shared/model';
import { messagesAt } from '../../../src-renderer/components/field-issues';
import { emptyForm } from '../../../src-renderer/features/targets/target-form';
import {
  gateJudgeOptions,
  graderRows,
  isDirty,
  splitIssues,
  targetIndex,
  toggleGrader,
  visibleIssues,
} from '../../../src-renderer/features/targets/targets.selectors';

const issue = (path: string, message: string, severity: WorkspaceIssue['severity'] = 'error'): WorkspaceIssue => ({
  file: 'aieval.yaml',
  line: 3,
  column: 5,
  path,
  message,
  severity,
});

describe('targets selectors', () => {
  it('finds the edited target in the file: its old place, or the end when new', () => {
    expect(targetIndex(['a', 'b', 'c'], 'b')).toBe(1);
    expect(targetIndex(['a', 'b', 'c'], undefined)).toBe(3);
    expect(targetIndex(['a'], 'gone')).toBe(1);
  });

  it('gives the target its own issues by relative path and leaves the rest of the file to the banner', () => {
    const { own, other } = splitIssues(
      [
        issue('targets.1.gate.threshold', 'too big'),
        issue('targets.1', 'whole target'),
        issue('targets.10.model', 'other target'),
        issue('judge.provider', 'unknown provider'),
        issue('targets.1.model', 'a warning', 'warning'),
      ],
      1,
    );
    expect(own).toEqual([
      { path: 'gate.threshold', message: 'too big' },
      { path: '', message: 'whole target' },
    ]);
    expect(other.map((i) => i.path)).toEqual(['targets.10.model', 'judge.provider']);
    const issues = [
      { path: 'tools.0.url', message: 'bad url' },
      { path: 'tools', message: 'empty' },
    ];
    expect(messagesAt(issues, 'tools')).toEqual(['empty']);
    expect(messagesAt(issues, 'tools', true)).toEqual(['bad url', 'empty']);
  });

  it('shows a field’s problem once it changed, and every problem after a save attempt', () => {
    const initial = emptyForm({ provider: 'local', dataset: 'helpdesk' });
    const form = { ...initial, id: 'Bad Id' };
    const problems = [
      { path: 'id', message: 'snake_case' },
      { path: 'model', message: 'required' },
    ];
    expect(visibleIssues(problems, form, initial, false)).toEqual([{ path: 'id', message: 'snake_case' }]);
    expect(visibleIssues(problems, form, initial, true)).toEqual(problems);
    expect(isDirty(form, initial)).toBe(true);
    expect(isDirty(initial, { ...initial })).toBe(false);
  });

  it('lists every grader with what it sees and needs, and toggles in catalogue order', () => {
    const rows = graderRows(['state_check', 'accuracy_grader']);
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.id === 'groundedness_grader')).toMatchObject({
      kind: 'LLM judge',
      scale: '0–1 (pass/fail)',
      seesToolCalls: true,
      observesActions: false,
      attached: false,
    });
    expect(rows.find((r) => r.id === 'state_check')).toMatchObject({
      kind: 'deterministic',
      scale: '0–5',
      observesActions: true,
      attached: true,
      needs: 'metadata.state (required, else skips)',
    });
    expect(toggleGrader(['state_check'], 'accuracy_grader')).toEqual(['accuracy_grader', 'state_check']);
    expect(toggleGrader(['accuracy_grader', 'state_check'], 'state_check')).toEqual(['accuracy_grader']);
    expect(gateJudgeOptions(['accuracy_grader', 'format_grader', 'groundedness_grader'])).toEqual([
      'accuracy_grader',
      'groundedness_grader',
    ]);
  });
});
