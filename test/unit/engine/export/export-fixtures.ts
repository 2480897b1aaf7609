// Test builders for the export tests: a store on disk with complete runs written through the repositories.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GraderResult, RunIdentity, Verdict } from '../../../../src-shared/model';
import type { ExportDeps } from '../../../../src-main/engine/export/eee/export-run';
import { judgeFactsOf } from '../../../../src-main/app/export-deps';
import type { NewQuestionResult } from '../../../../src-main/store/repos/results.repo';
import { inProcessStore, Store, type StoreApi } from '../../../../src-main/store/store';
import { computeVerdict } from '../../../../src-main/engine/scoring/verdict';
import { emptyTally, addToTally } from '../../../../src-main/engine/scoring/tally';
import { identity as baseIdentity } from '../../store/repos/run-fixtures';

export const RESOURCES = join(import.meta.dirname, '..', '..', '..', '..', 'resources');
export const EEE_EXAMPLES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'eee');

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** What `exportRun` needs: the store, the bundled resources, an empty workspace's judges (no standings, the bundled templates) and a fixed clock. */
export function exportDeps(db: StoreApi, over: Partial<ExportDeps> = {}): ExportDeps {
  return {
    db,
    resourcesDir: RESOURCES,
    judges: judgeFactsOf(db, undefined, tempDir('aieval-ws-')),
    providers: {},
    organization: 'unknown',
    datasets: new Map(),
    clock: () => 1_750_000_000_000,
    ...over,
  };
}

export function openStore(dir = tempDir('aieval-export-')): { store: Store; db: StoreApi; dir: string } {
  const store = Store.open(join(dir, 'store.sqlite'));
  return { store, db: inProcessStore(store), dir };
}

export const grader = (graderId: string, score: number | null, over: Partial<GraderResult> = {}): GraderResult => {
  const maxScore = over.maxScore ?? 5;
  return {
    graderId,
    status: score === null ? 'skipped' : 'scored',
    score,
    minScore: 0,
    maxScore,
    score0to5: score === null ? null : (score / maxScore) * 5,
    reason: score === null ? 'no expected_facts' : `scored ${score}`,
    checks: null,
    ...over,
  };
};

export type QuestionSpec = Readonly<{
  id: string;
  graders: GraderResult[];
  /** Null: the target call failed (degraded). */
  response?: string | null;
  toolCalls?: NewQuestionResult['toolCalls'];
  repeatIndex?: number;
  costUsd?: number | null;
}>;

/** A question result scored the way the run engine scores it (mean of the graders' 0-5 scores). */
export function questionResult(runId: string, spec: QuestionSpec, passThreshold = 3.5): NewQuestionResult {
  const response = spec.response === undefined ? `answer to ${spec.id}` : spec.response;
  const scored = spec.graders.filter((g) => g.status === 'scored');
  const degraded = response === null || spec.graders.some((g) => g.status === 'error');
  const score =
    degraded || scored.length === 0 ? null : scored.reduce((sum, g) => sum + (g.score0to5 ?? 0), 0) / scored.length;
  const status = degraded ? 'degraded' : score === null ? 'unscored' : 'scored';
  return {
    runId,
    questionId: spec.id,
    repeatIndex: spec.repeatIndex ?? 0,
    status,
    score,
    passed: score === null ? null : score >= passThreshold,
    response,
    transcript: [
      { role: 'user', content: `question ${spec.id}?` },
      ...(response === null ? [] : [{ role: 'assistant' as const, content: response }]),
    ],
    toolCalls: spec.toolCalls ?? null,
    error: response === null ? 'target call failed: HTTP 503' : null,
    attempts: response === null ? 4 : 1,
    latencyMs: response === null ? null : 100 + spec.id.length,
    inputTokens: response === null ? null : 20,
    outputTokens: response === null ? null : 30,
    costUsd: spec.costUsd ?? null,
    finishReason: response === null ? null : 'stop',
    createdAt: 5_000,
    graders: response === null ? [] : spec.graders,
    judgeCalls: [],
  };
}

export type RunSpec = Readonly<{
  id: string;
  identity?: Partial<RunIdentity>;
  questions: QuestionSpec[];
  startedAt?: number;
  finishedAt?: number;
  shard?: string | null;
  total?: number;
  /** The judge trust the verdict records at completion. */
  judges?: Verdict['judges'];
  correctedPassRate?: Verdict['corrected_pass_rate'];
}>;

/** Writes a complete run (row, results, verdict) as the run engine would; returns its verdict. */
export async function addRun(db: StoreApi, spec: RunSpec): Promise<Verdict> {
  const identity = baseIdentity({ graders: ['relevance_grader', 'format_grader'], ...spec.identity });
  const results = spec.questions.map((q) => questionResult(spec.id, q, identity.questionPassThreshold));
  const total = spec.total ?? results.length;
  await db.runs.insert({
    id: spec.id,
    targetId: identity.targetId,
    source: 'manual',
    datasetId: identity.dataset.id,
    datasetVersion: identity.dataset.version,
    datasetSha256: identity.dataset.sha256,
    repeat: 1,
    shard: spec.shard ?? null,
    total,
    identity,
    createdAt: spec.startedAt ?? 1_000,
  });
  await db.runs.markRunning(spec.id, identity, spec.startedAt ?? 1_000);
  const tally = emptyTally();
  for (const result of results) {
    await db.results.insert(result);
    addToTally(tally, {
      status: result.status,
      score: result.score,
      passed: result.passed,
      targetFailed: result.response === null,
    });
  }
  const { metric, threshold, type } = identity.gate;
  const verdict = {
    ...computeVerdict({
      tally,
      total,
      gate: { metric, threshold, type },
      questionPassThreshold: identity.questionPassThreshold,
    }),
    judges: spec.judges ?? [],
    corrected_pass_rate: spec.correctedPassRate ?? null,
  };
  await db.runs.finish(spec.id, { status: 'complete', verdict, error: null, identity, now: spec.finishedAt ?? 9_000 });
  return verdict;
}
