import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyCandidate,
  CandidateActionError,
  rejectCandidate,
  revertCandidate,
  type PromptFile,
} from '../../../../src-main/engine/optimizer/candidate-actions';
import type { CandidateRecord } from '../../../../src-main/store/repos/optimizer.repo';
import { inProcessStore, Store, type StoreApi } from '../../../../src-main/store/store';

const candidate = (id: string, status: CandidateRecord['status'] = 'pending'): CandidateRecord => ({
  id,
  targetId: 'helpdesk_chat',
  jobId: 'job-1',
  attempt: 1,
  status,
  split: null,
  baselineMean: 2,
  baselineSd: 0.2,
  candidateMean: 4,
  candidateSd: 0.2,
  baselineScores: [2, 2.2, 1.8],
  candidateScores: [4, 4.2, 3.8],
  baselineRunIds: ['b1', 'b2', 'b3'],
  candidateRunIds: ['c1', 'c2', 'c3'],
  decisionReason: 'accepted: …',
  proposer: 'local/llama3.1:8b',
  decidedBy: null,
  createdAt: 1000,
  decidedAt: null,
  baselinePrompt: 'Old prompt.',
  candidatePrompt: 'New prompt.',
  decidingQuestionIds: null,
});

/** aieval.yaml reduced to the prompt of one target; `writes` counts what was written. */
function memoryFile(prompt: string): PromptFile & { prompt: string; writes: string[] } {
  const file = {
    prompt,
    writes: [] as string[],
    currentPrompt: () => file.prompt,
    writePrompt: (_: string, next: string) => {
      file.writes.push(next);
      file.prompt = next;
    },
  };
  return file;
}

let store: Store;
let db: StoreApi;
beforeEach(() => {
  store = Store.open(':memory:');
  db = inProcessStore(store);
});
afterEach(() => store.close());

const input = (id: string, now = 2000) => ({ id, actor: 'alice (desktop)', reason: 'looks right', now });

describe('optimizer candidates', () => {
  it('stores a candidate with its prompts, runs and scores, and lists summaries newest first', async () => {
    await db.optimizer.insert(candidate('c-1'));
    await db.optimizer.insert({ ...candidate('c-2'), createdAt: 3000, targetId: 'other' });
    expect(await db.optimizer.get('c-1')).toEqual(candidate('c-1'));
    expect((await db.optimizer.list({ limit: 10 })).map((c) => c.id)).toEqual(['c-2', 'c-1']);
    expect((await db.optimizer.list({ targetId: 'helpdesk_chat', limit: 10 })).map((c) => c.id)).toEqual(['c-1']);
    expect(await db.optimizer.list({ limit: 10 })).not.toContainEqual(
      expect.objectContaining({ candidatePrompt: expect.anything() }),
    );
  });

  it('apply writes the candidate prompt and logs who, when, why and the prompt it replaced', async () => {
    await db.optimizer.insert(candidate('c-1'));
    const file = memoryFile('Old prompt.');
    const applied = await applyCandidate(db, file, input('c-1'));
    expect(file.prompt).toBe('New prompt.');
    expect(applied).toMatchObject({ status: 'applied', decidedBy: 'alice (desktop)', decidedAt: 2000 });
    expect(await db.optimizer.changes('c-1')).toEqual([
      expect.objectContaining({
        action: 'applied',
        actor: 'alice (desktop)',
        reason: 'looks right',
        previousPrompt: 'Old prompt.',
        newPrompt: 'New prompt.',
        createdAt: 2000,
      }),
    ]);
    await expect(applyCandidate(db, file, input('c-1'))).rejects.toThrow('already applied');
  });

  it('apply refuses when the prompt in aieval.yaml changed since the candidate was measured, writing nothing', async () => {
    await db.optimizer.insert(candidate('c-1'));
    const file = memoryFile('Edited by hand.');
    await expect(applyCandidate(db, file, input('c-1'))).rejects.toThrow(/changed since candidate c-1 was measured/);
    expect(file.writes).toEqual([]);
    expect((await db.optimizer.get('c-1'))?.status).toBe('pending');
  });

  it('reject leaves the file untouched and logs the reason; an applied candidate must be reverted instead', async () => {
    await db.optimizer.insert(candidate('c-1'));
    const file = memoryFile('Old prompt.');
    const rejected = await rejectCandidate(db, { ...input('c-1'), reason: 'too long' });
    expect(rejected.status).toBe('rejected');
    expect(file.writes).toEqual([]);
    expect((await db.optimizer.changes('c-1'))[0]).toMatchObject({
      action: 'rejected',
      reason: 'too long',
      previousPrompt: null,
    });
    await expect(rejectCandidate(db, input('c-1'))).rejects.toThrow('is rejected, not pending');
    await db.optimizer.insert(candidate('c-2', 'applied'));
    await expect(rejectCandidate(db, input('c-2'))).rejects.toThrow('revert it instead');
  });

  it('revert restores the prompt the candidate replaced, and refuses when the prompt was edited after applying', async () => {
    await db.optimizer.insert(candidate('c-1'));
    const file = memoryFile('Old prompt.');
    await applyCandidate(db, file, input('c-1'));
    file.prompt = 'Edited after apply.';
    await expect(revertCandidate(db, file, input('c-1', 3000))).rejects.toThrow(
      /changed since candidate c-1 was applied/,
    );
    file.prompt = 'New prompt.';
    const reverted = await revertCandidate(db, file, input('c-1', 3000));
    expect(file.prompt).toBe('Old prompt.');
    expect(reverted.status).toBe('reverted');
    expect((await db.optimizer.changes('c-1')).map((c) => [c.action, c.previousPrompt, c.newPrompt])).toEqual([
      ['applied', 'Old prompt.', 'New prompt.'],
      ['reverted', 'New prompt.', 'Old prompt.'],
    ]);
    await expect(revertCandidate(db, file, input('c-1'))).rejects.toThrow('only an applied candidate can be reverted');
  });

  it('says which candidate is unknown', async () => {
    const error = await rejectCandidate(db, input('nope')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CandidateActionError);
    expect(error).toMatchObject({
      code: 'not_found',
      message: 'no optimizer candidate "nope" in this workspace\'s store',
    });
  });
});
