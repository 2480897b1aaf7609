// `ai-eval run --json FILE`: the dump of runs (docs/export.md) with every question, streamed to the file in flat memory.
import { closeSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ResultDetail } from '../../../src-shared/model';
import type { RunRecord } from '../../store/repos/runs.repo';
import type { StoreApi } from '../../store/store';
import { eachStoredResult } from './stored-results';
import { makeFolders } from '../../workspace/make-folders';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The run's header in the documented shape (docs/export.md) (keys may be added, never renamed). */
export function runJson(run: RunRecord) {
  return {
    id: run.id,
    target: run.targetId,
    status: run.status,
    source: run.source,
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    verdict: run.verdict,
    // The questions the gate left out (the target's quarantine); they are among `questions`, marked `quarantined`.
    quarantined: run.verdict?.quarantined ?? [],
    // The trust of each LLM judge when the run completed (advisory; none for a run without a verdict).
    judges: run.verdict?.judges ?? [],
    regrade_of: run.identity.regradeOf,
    model: run.identity.model,
    dataset: run.identity.dataset,
    error: run.error,
  };
}

/** One question result in the documented shape (docs/export.md). */
export function questionJson(result: ResultDetail, quarantined = false) {
  return {
    id: result.questionId,
    repeat_index: result.repeatIndex,
    quarantined,
    status: result.status,
    score: result.score,
    passed: result.passed,
    response: result.response,
    // Why the answer ended: the provider's reason, or max_steps when the agent ran out of steps.
    finish_reason: result.finishReason,
    error: result.error,
    tool_calls:
      result.toolCalls?.map((call) => ({
        name: call.name,
        server: call.server,
        args: call.args,
        result: call.result,
        error: call.error,
        // Set when the result was cut for size (its text ends with the cut mark).
        result_cut: call.resultCut
          ? { kept_chars: call.resultCut.keptChars, original_chars: call.resultCut.originalChars }
          : null,
      })) ?? null,
    graders: result.graders.map((grader) => ({
      id: grader.graderId,
      status: grader.status,
      score: grader.score,
      min: grader.minScore,
      max: grader.maxScore,
      score_0_5: grader.score0to5,
      reason: grader.reason,
      checks: (grader.checks ?? []).map((check) => ({
        id: check.id,
        kind: check.kind,
        score: check.score,
        passed: check.passed,
        executed: check.executed,
      })),
    })),
  };
}

/** Writes `{"runs": [...]}` question by question, so a 100,000-question run never sits in memory as one string. */
export async function writeJsonReport(file: string, db: StoreApi, runIds: readonly string[]): Promise<void> {
  makeFolders(dirname(file));
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, '{"runs":[');
    for (const [index, runId] of runIds.entries()) {
      const run = await db.runs.get(runId);
      if (!run) throw new Error(`--json: run ${runId} is not in the store`);
      const header = JSON.stringify(runJson(run));
      writeSync(fd, `${index > 0 ? ',' : ''}${header.slice(0, -1)},"questions":[`);
      let first = true;
      const quarantined = new Set(run.verdict?.quarantined);
      for await (const result of eachStoredResult(db, runId)) {
        const line = JSON.stringify(questionJson(result, quarantined.has(result.questionId)));
        writeSync(fd, `${first ? '' : ','}\n${line}`);
        first = false;
      }
      writeSync(fd, ']}');
    }
    writeSync(fd, ']}\n');
  } finally {
    closeSync(fd);
  }
}
