// `ai-eval run --junit FILE`: one testsuite per run and one testcase per question, for CI systems.
import { closeSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ResultDetail } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { doneCount, type Tally } from '../scoring/tally';
import { eachStoredResult } from './stored-results';
import { makeFolders } from '../../workspace/make-folders';

/** Escapes text for an XML attribute or element; drops characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const attrs = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}="${xmlEscape(String(value))}"`)
    .join(' ');

function graderLines(result: ResultDetail): string {
  return result.graders
    .map(
      (grader) =>
        `${grader.graderId}: ${grader.status}${grader.score === null ? '' : ` ${grader.score}/${grader.maxScore}`} ${grader.reason}`,
    )
    .join('\n');
}

/** How a quarantined question did, for its skipped testcase: it ran and was scored, only the gate left it out. */
function quarantinedOutcome(result: ResultDetail, threshold: number): string {
  const how =
    result.status === 'scored'
      ? `score ${result.score?.toFixed(2)} ${result.passed ? '≥' : '<'} ${threshold.toFixed(2)}: ${result.passed ? 'passed' : 'failed'}`
      : result.status;
  return `${how}; left out of the gate (quarantined in aieval.yaml)\n${graderLines(result)}`;
}

/**
 * The testcase of one question: passes silently, fails below the threshold, errors when degraded, skips when unscored
 * and when quarantined (with how it did).
 */
export function testcaseXml(suite: string, result: ResultDetail, threshold: number, quarantined = false): string {
  const name = result.repeatIndex > 0 ? `${result.questionId} #${result.repeatIndex + 1}` : result.questionId;
  const head = `    <testcase ${attrs({ classname: suite, name, time: ((result.latencyMs ?? 0) / 1000).toFixed(3) })}`;
  if (quarantined)
    return `${head}>\n      <skipped ${attrs({ message: 'quarantined' })}>${xmlEscape(quarantinedOutcome(result, threshold))}</skipped>\n    </testcase>\n`;
  if (result.status === 'degraded') {
    return `${head}>\n      <error ${attrs({ message: result.error ?? 'degraded' })}>${xmlEscape(graderLines(result))}</error>\n    </testcase>\n`;
  }
  if (result.status === 'unscored')
    return `${head}>\n      <skipped ${attrs({ message: 'every grader skipped' })}/>\n    </testcase>\n`;
  if (result.passed) return `${head}/>\n`;
  // A question failed for a reason of its own (no answer: max_steps ran out, empty answer) says so first.
  const score = `score ${result.score?.toFixed(2)} < ${threshold.toFixed(2)}`;
  const message = result.error ? `${result.error} (${score})` : score;
  const finish = result.finishReason === null ? [] : [`finish reason: ${result.finishReason}`];
  const body = [...finish, graderLines(result)].join('\n');
  return `${head}>\n      <failure ${attrs({ message })}>${xmlEscape(body)}</failure>\n    </testcase>\n`;
}

/** A testsuite's failures, errors and skipped: the quarantine's testcases are skipped only. */
function minusQuarantine(all: Tally, quarantine: Tally): { failures: number; errors: number; skipped: number } {
  return {
    failures: all.scored - all.passed - (quarantine.scored - quarantine.passed),
    errors: all.degraded - quarantine.degraded,
    skipped: all.unscored - quarantine.unscored + doneCount(quarantine),
  };
}

/** Writes the report a suite at a time; counts come from the store, testcases stream. */
export async function writeJunitReport(file: string, db: StoreApi, runIds: readonly string[]): Promise<void> {
  makeFolders(dirname(file));
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ai-eval">\n');
    for (const runId of runIds) {
      const run = await db.runs.get(runId);
      if (!run) throw new Error(`--junit: run ${runId} is not in the store`);
      const quarantined = run.verdict?.quarantined ?? [];
      // Quarantined testcases are skipped, whatever their outcome: they count as skipped only.
      const gated = minusQuarantine(await db.results.tally(runId), await db.results.tally(runId, quarantined));
      const threshold = run.identity.questionPassThreshold;
      const suite = run.targetId;
      writeSync(
        fd,
        `  <testsuite ${attrs({ name: suite, tests: run.done, ...gated, timestamp: new Date(run.startedAt ?? run.createdAt).toISOString() })}>\n` +
          `    <properties>\n      <property ${attrs({ name: 'run_id', value: run.id })}/>\n      <property ${attrs({ name: 'status', value: run.status })}/>\n` +
          (run.verdict
            ? `      <property ${attrs({ name: 'verdict', value: `${run.verdict.passed ? 'passed' : 'failed'} (${run.verdict.gate_type}): ${run.verdict.reason}` })}/>\n`
            : '') +
          '    </properties>\n',
      );
      const inQuarantine = new Set(quarantined);
      for await (const result of eachStoredResult(db, runId))
        writeSync(fd, testcaseXml(suite, result, threshold, inQuarantine.has(result.questionId)));
      writeSync(fd, '  </testsuite>\n');
    }
    writeSync(fd, '</testsuites>\n');
  } finally {
    closeSync(fd);
  }
}
