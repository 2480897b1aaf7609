import { describe, expect, it } from 'vitest';
import { workspaceConfig } from '../../../src-shared/model';
import { replayJudgeMismatch } from '../../../src-main/workspace/replay-judge';

const config = (judge: object) =>
  workspaceConfig.parse({
    version: 1,
    providers: { local: { kind: 'ollama' }, offline: { kind: 'replay', file: 'r.jsonl' } },
    judge,
    targets: [
      { id: 'live', provider: 'local', model: 'm', dataset: 'd', graders: ['relevance_grader', 'format_grader'] },
      { id: 'taped', provider: 'offline', model: 'm', dataset: 'd', graders: ['relevance_grader'] },
      { id: 'checks', provider: 'local', model: 'm', dataset: 'd', graders: ['format_grader'] },
    ],
  });

describe('replayJudgeMismatch', () => {
  it('warns a live target whose LLM graders use a replay judge, and offers the judge model on its connection', () => {
    const workspace = config({ provider: 'offline', model: 'j' });
    const [live, taped, checks] = workspace.targets;
    expect(replayJudgeMismatch(workspace, live!)).toEqual({
      message:
        'Replay judge: the judge offline/j only answers from recordings, so every answer of this live target would be degraded.',
      fix: { provider: 'local', model: 'j' },
    });
    expect(replayJudgeMismatch(workspace, taped!)).toBeUndefined();
    expect(replayJudgeMismatch(workspace, checks!)).toBeUndefined();
  });

  it('names the overrides, with no one-click fix, when only a per-grader judge is replay-only', () => {
    const workspace = config({
      provider: 'local',
      model: 'j',
      overrides: { relevance_grader: { provider: 'offline', model: 'j' } },
    });
    const found = replayJudgeMismatch(workspace, workspace.targets[0]!);
    expect(found?.fix).toBeNull();
    expect(found?.message).toContain('judge.overrides send relevance_grader');
  });

  it('says nothing when the judge is live', () => {
    const workspace = config({ provider: 'local', model: 'j' });
    expect(replayJudgeMismatch(workspace, workspace.targets[0]!)).toBeUndefined();
  });
});
