// `ai-eval distill`: a deterministic markdown summary per target (trends, weakest graders, recurring failures, judge trust).
import { judgeTrust, type JudgeTrust } from '../../../src-shared/model';
import type { DistillGrader, DistillQuestion, DistillReason, DistillRun } from '../../store/repos/distill.repo';
import type { StoreApi } from '../../store/store';
import { sparkline } from './sparkline';
import { plural } from '../../../src-shared/text/plural';

export type DistillOptions = Readonly<{
  since: number;
  /** Questions and reasons listed per target. */ top?: number;
  /** Rows of the run table per target. */ runsShown?: number;
}>;

const TOP = 5;
const RUNS_SHOWN = 10;
const REASON_CHARS = 160;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const score = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);
const signed = (x: number, digits: number) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
const verdictOf = (run: DistillRun) =>
  run.passed === null ? 'no verdict' : run.passed ? 'pass' : run.gateType === 'soft' ? 'fail (soft)' : 'fail';
/** Table cells and quotes never break the markdown: no pipes, backticks or line breaks from stored text. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').replace(/`/g, "'");

function groupBy<T extends { targetId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.targetId, [...(groups.get(row.targetId) ?? []), row]);
  return groups;
}

/** "3.20 → 4.12 (+0.92 over the window; +0.10 vs the previous run)" over the runs that have a value. */
function trend(
  values: readonly (number | null)[],
  format: (x: number) => string,
  delta: (x: number) => string,
): string {
  const present = values.filter((value): value is number => value !== null);
  const first = present[0];
  const last = present[present.length - 1];
  if (first === undefined || last === undefined) return 'n/a';
  if (present.length === 1) return format(last);
  const previous = present[present.length - 2] as number;
  return `${format(first)} → ${format(last)} (${delta(last - first)} over the window; ${delta(last - previous)} vs the previous run)`;
}

function judgesOf(run: DistillRun | undefined): JudgeTrust[] {
  if (!run?.judgesJson) return [];
  const parsed = judgeTrust.array().safeParse(JSON.parse(run.judgesJson));
  return parsed.success ? parsed.data : [];
}

function targetSection(
  targetId: string,
  runs: DistillRun[],
  graders: DistillGrader[],
  questions: DistillQuestion[],
  reasons: DistillReason[],
  shown: number,
): string[] {
  const passed = runs.filter((run) => run.passed === true).length;
  const failed = runs.filter((run) => run.passed === false).length;
  const imported = runs.filter((run) => run.origin === 'import').length;
  const latest = runs[runs.length - 1] as DistillRun;
  const models = [...new Set(runs.map((run) => run.model ?? 'unknown'))].join(', ');
  const scores = runs.map((run) => run.avgScore);
  const rates = runs.map((run) => run.passRate);
  const lines = [
    `## ${targetId}`,
    '',
    `- Runs: ${runs.length} (${passed} passed, ${failed} failed${imported > 0 ? `; ${imported} imported` : ''}) · model ${models}`,
    `- Latest: ${latest.id} on ${day(latest.finishedAt)} UTC: ${verdictOf(latest)}${latest.reason ? ` (${cell(latest.reason)})` : ''}`,
    `- Score: \`${sparkline(scores, 0, 5)}\` ${trend(scores, score, (x) => signed(x, 2))}`,
    `- Pass rate: \`${sparkline(rates, 0, 1)}\` ${trend(rates, pct, (x) => `${signed(x * 100, 1)} pts`)}`,
    '',
    '| Run | Finished (UTC) | Source | Verdict | Avg score | Δ | Pass rate | Coverage |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const start = Math.max(0, runs.length - shown);
  if (start > 0) lines.splice(lines.length - 2, 0, `_The table shows the last ${shown} of ${runs.length} runs._`, '');
  runs.forEach((run, index) => {
    if (index < start) return;
    const before = runs[index - 1]?.avgScore ?? null;
    const delta = run.avgScore !== null && before !== null ? signed(run.avgScore - before, 2) : '';
    const source = run.origin === 'import' ? 'import' : run.source;
    lines.push(
      `| ${run.id} | ${day(run.finishedAt)} | ${source} | ${verdictOf(run)} | ${score(run.avgScore)} | ${delta} | ${pct(run.passRate)} | ${pct(run.coverage)} |`,
    );
  });
  lines.push('', '### Weakest graders', '');
  if (graders.length === 0) lines.push('No grader scores in this window.');
  else {
    lines.push('| Grader | Mean (0-5) | Scored | Skipped | Errors |', '|---|---|---|---|---|');
    for (const g of graders)
      lines.push(`| ${g.graderId} | ${score(g.mean)} | ${g.scored} | ${g.skipped} | ${g.errors} |`);
  }
  lines.push('', '### Recurring failures', '');
  if (questions.length === 0) lines.push('No question failed in this window.');
  else {
    lines.push('Questions failing most often:', '');
    for (const q of questions)
      lines.push(
        `- \`${cell(q.questionId)}\`: failed in ${q.failed} of ${plural(q.runs, 'run')}` +
          (q.answers > q.runs ? ` (${q.failedAnswers} of its ${q.answers} answers, repeats counted)` : '') +
          (q.degraded > 0 ? `, degraded in ${q.degraded}` : ''),
      );
  }
  if (reasons.length > 0) {
    lines.push(
      '',
      'Most frequent grader reasons on failing answers (reasons that differ only in numbers count together):',
      '',
    );
    for (const r of reasons) {
      const text = r.reason.length > REASON_CHARS ? `${r.reason.slice(0, REASON_CHARS)}…` : r.reason;
      lines.push(`- ×${r.count} ${r.graderId}: “${cell(text)}”`);
    }
  }
  const judges = judgesOf(latest);
  lines.push('', '### Judge trust (at the latest run)', '');
  if (judges.length === 0) lines.push('No LLM judge, or none recorded.');
  for (const j of judges) {
    const rates =
      j.tpr !== null || j.tnr !== null
        ? ` (TPR ${j.tpr === null ? 'n/a' : j.tpr.toFixed(2)}, TNR ${j.tnr === null ? 'n/a' : j.tnr.toFixed(2)})`
        : '';
    lines.push(`- ${j.grader}: ${j.state}${rates}`);
  }
  if (latest.correctedPassRate !== null)
    lines.push(`- Corrected pass rate of the latest run: ${pct(latest.correctedPassRate)}`);
  lines.push('');
  return lines;
}

/** The summary of every target with complete runs since `options.since`; the same store gives the same bytes. */
export async function distill(db: StoreApi, options: DistillOptions): Promise<string> {
  const top = options.top ?? TOP;
  const { since } = options;
  const [runs, graders, questions, reasons] = await Promise.all([
    db.distill.runs(since),
    db.distill.graders(since),
    db.distill.failingQuestions(since, top),
    db.distill.frequentReasons(since, top),
  ]);
  const byTarget = groupBy(runs);
  const passed = runs.filter((run) => run.passed === true).length;
  const failed = runs.filter((run) => run.passed === false).length;
  const lines = [
    `# Evaluation summary since ${day(since)} UTC`,
    '',
    `${plural(byTarget.size, 'target')} · ${plural(runs.length, 'complete run')} · ${passed} passed, ${failed} failed`,
    '',
  ];
  if (runs.length === 0) lines.push('No complete run in this window.', '');
  const gradersBy = groupBy(graders);
  const questionsBy = groupBy(questions);
  const reasonsBy = groupBy(reasons);
  for (const [targetId, targetRuns] of byTarget) {
    lines.push(
      ...targetSection(
        targetId,
        targetRuns,
        gradersBy.get(targetId) ?? [],
        questionsBy.get(targetId) ?? [],
        reasonsBy.get(targetId) ?? [],
        options.runsShown ?? RUNS_SHOWN,
      ),
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
