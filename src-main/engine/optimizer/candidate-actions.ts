// Apply, reject and revert a candidate: aieval.yaml changes only on apply and revert, and every action is logged.
import type { CandidateRecord } from '../../store/repos/optimizer.repo';
import type { StoreApi } from '../../store/store';
import type { CandidateStatus } from '../../../src-shared/model';
import { RpcError } from '../../../src-shared/rpc/wire';

/** The target's system prompt in aieval.yaml: read it, and write it keeping the file's comments. */
export type PromptFile = Readonly<{
  currentPrompt(targetId: string): string;
  /** Throws when the file would not validate afterwards (nothing is written then). */
  writePrompt(targetId: string, prompt: string): void;
}>;

/** A candidate action that cannot be done: unknown candidate, or a state or file that forbids it. */
export class CandidateActionError extends RpcError {
  constructor(code: 'not_found' | 'conflict', message: string) {
    super(code, message);
    this.name = 'CandidateActionError';
  }
}

export type ActionInput = Readonly<{ id: string; actor: string; reason: string; now: number }>;

async function load(db: StoreApi, id: string): Promise<CandidateRecord> {
  const candidate = await db.optimizer.get(id);
  if (!candidate)
    throw new CandidateActionError('not_found', `no optimizer candidate "${id}" in this workspace's store`);
  return candidate;
}

const changedSince = (targetId: string, what: string) =>
  `the system prompt of target "${targetId}" in aieval.yaml changed since ${what}; ` +
  'writing now would overwrite that edit. Run the optimizer again against the current prompt.';

/** A change of aieval.yaml's prompt: what the action writes, over what, from which statuses. */
type FileChange = Readonly<{
  action: 'applied' | 'reverted';
  from: readonly CandidateStatus[];
  previousPrompt: string;
  newPrompt: string;
}>;

/** Writes the new prompt into aieval.yaml and logs the action; the file is put back when the action is refused. */
async function writeAndLog(
  db: StoreApi,
  file: PromptFile,
  candidate: CandidateRecord,
  input: ActionInput,
  change: FileChange,
): Promise<CandidateRecord> {
  file.writePrompt(candidate.targetId, change.newPrompt);
  const done = await db.optimizer.act({
    id: candidate.id,
    ...change,
    actor: input.actor,
    reason: input.reason,
    now: input.now,
  });
  if (!done) {
    // Someone else acted on it between our read and our write: put the file back as it was.
    file.writePrompt(candidate.targetId, change.previousPrompt);
    throw new CandidateActionError(
      'conflict',
      `candidate ${candidate.id} changed state while it was being ${change.action}; reload it`,
    );
  }
  return load(db, candidate.id);
}

/** Writes the candidate's prompt into aieval.yaml and marks it applied; the prompt it replaces is logged for a revert. */
export async function applyCandidate(db: StoreApi, file: PromptFile, input: ActionInput): Promise<CandidateRecord> {
  const candidate = await load(db, input.id);
  if (candidate.status === 'applied')
    throw new CandidateActionError('conflict', `candidate ${candidate.id} is already applied`);
  const current = file.currentPrompt(candidate.targetId);
  if (current !== candidate.baselinePrompt)
    throw new CandidateActionError(
      'conflict',
      changedSince(candidate.targetId, `candidate ${candidate.id} was measured`),
    );
  return writeAndLog(db, file, candidate, input, {
    action: 'applied',
    from: ['pending', 'rejected', 'reverted'],
    previousPrompt: current,
    newPrompt: candidate.candidatePrompt,
  });
}

/** Marks a pending candidate rejected; aieval.yaml is not touched. */
export async function rejectCandidate(db: StoreApi, input: ActionInput): Promise<CandidateRecord> {
  const candidate = await load(db, input.id);
  if (candidate.status === 'applied')
    throw new CandidateActionError('conflict', `candidate ${candidate.id} is applied; revert it instead`);
  const done = await db.optimizer.act({
    id: candidate.id,
    action: 'rejected',
    from: ['pending'],
    actor: input.actor,
    reason: input.reason,
    previousPrompt: null,
    newPrompt: null,
    now: input.now,
  });
  if (!done)
    throw new CandidateActionError('conflict', `candidate ${candidate.id} is ${candidate.status}, not pending`);
  return load(db, candidate.id);
}

/** Restores the prompt an applied candidate replaced, and marks it reverted. */
export async function revertCandidate(db: StoreApi, file: PromptFile, input: ActionInput): Promise<CandidateRecord> {
  const candidate = await load(db, input.id);
  if (candidate.status !== 'applied')
    throw new CandidateActionError(
      'conflict',
      `candidate ${candidate.id} is ${candidate.status}; only an applied candidate can be reverted`,
    );
  const current = file.currentPrompt(candidate.targetId);
  if (current !== candidate.candidatePrompt)
    throw new CandidateActionError(
      'conflict',
      changedSince(candidate.targetId, `candidate ${candidate.id} was applied`),
    );
  const applied = (await db.optimizer.changes(candidate.id)).filter((change) => change.action === 'applied').at(-1);
  const previous = applied?.previousPrompt ?? candidate.baselinePrompt;
  return writeAndLog(db, file, candidate, input, {
    action: 'reverted',
    from: ['applied'],
    previousPrompt: current,
    newPrompt: previous,
  });
}
