import { describe, expect, it } from 'vitest';
import { workspaceConfig } from '../../../../src-shared/model';
import { replayMissAdvice } from '../../../../src-main/engine/optimizer/replay-miss';
import { ReplayMissError } from '../../../../src-main/engine/providers/replay.provider';
import { CallFailedError } from '../../../../src-main/engine/run/limiter';

const config = (judgeProvider: string) =>
  workspaceConfig.parse({
    providers: {
      local: { kind: 'ollama', base_url: 'http://localhost:11434' },
      offline: { kind: 'replay', file: 'recordings/helpdesk.jsonl' },
    },
    judge: { provider: judgeProvider, model: 'llama3.1:8b' },
    targets: [
      { id: 'chat', provider: 'local', model: 'llama3.1:8b', dataset: 'helpdesk', graders: ['relevance_grader'] },
    ],
  });
const proposer = { provider: 'offline', model: 'llama3.1:8b' };
const miss = (judgeModels: string[]) =>
  new CallFailedError('offline: no recording', 1, undefined, new ReplayMissError('no recording', judgeModels));

describe('replayMissAdvice', () => {
  it('names the replay judge the recordings hold and the judge now set, and both ways out', () => {
    expect(replayMissAdvice(config('local'), proposer, miss(['llama3.1:8b']))).toBe(
      'the proposer offline/llama3.1:8b answers from the recordings in recordings/helpdesk.jsonl, which hold its ' +
        'answers for the baseline as the replay judge offline/llama3.1:8b scored it, not as the judge now set ' +
        '(local/llama3.1:8b) scores it: set judge back to offline/llama3.1:8b in aieval.yaml (Settings), or point ' +
        'settings.optimizer.proposer at a live connection (local)',
    );
  });

  it('says the recordings lack this proposal when the judge is the one they were recorded with', () => {
    expect(replayMissAdvice(config('offline'), proposer, miss(['llama3.1:8b']))).toBe(
      'the proposer offline/llama3.1:8b answers from the recordings in recordings/helpdesk.jsonl, which hold no ' +
        'answer for this proposal: record them again, or point settings.optimizer.proposer at a live connection (local)',
    );
  });

  it('has nothing to add to any other failure', () => {
    expect(replayMissAdvice(config('local'), proposer, new CallFailedError('HTTP 500', 1, 500))).toBeUndefined();
    expect(replayMissAdvice(config('local'), proposer, new Error('timeout'))).toBeUndefined();
  });
});
