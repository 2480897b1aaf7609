// `ai-eval history`: what changed for each target: regressed, flaky and fixed questions and the tags that moved.
import type { QuestionHistory, QuestionTimeline, TargetHistory } from '../../src-shared/model';
import { chooseTargets } from './choose-targets';
import { JSON_OPTIONS, EXIT, type Command } from './command';
import { withWorkspaceClient } from './workspace-client';

const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)}%`);

function printTarget(history: TargetHistory, out: (line: string) => void): void {
  out(`${history.targetId}: ${history.summary} (${history.runs.length} runs)`);
  const line = (q: QuestionHistory) =>
    `  ${q.state.padEnd(10)} ${q.questionId}  ${q.reason}${q.textChangedAt ? `; text changed at ${q.textChangedAt}` : ''}`;
  for (const question of history.questions) out(line(question));
  for (const tag of history.tags) if (tag.moved) out(`  tag moved  ${tag.sentence}`);
  if (!history.tags.some((tag) => tag.moved)) out('  no tag moved beyond noise');
  out(`  method: ${history.method}`);
}

function printTimeline(timeline: QuestionTimeline, out: (line: string) => void): void {
  out(
    `${timeline.targetId} / ${timeline.questionId}: ${timeline.history ? `${timeline.history.state}, ${timeline.history.reason}` : 'no history'}`,
  );
  for (const point of timeline.points) {
    const verdict = point.trials === 0 ? 'unscored' : `${point.passes}/${point.trials} passed`;
    const score = point.score === null ? '' : ` score ${point.score.toFixed(2)}`;
    out(
      `  ${new Date(point.run.createdAt).toISOString().slice(0, 16)} ${point.run.runId}  ${verdict}${score}  ` +
        `${point.run.provider}/${point.run.model} prompt ${point.run.systemPromptSha256.slice(0, 8)}` +
        `${point.textChanged ? '  (text changed: a new history starts here)' : ''}`,
    );
  }
  if (timeline.history)
    out(`  pass rate ${percent(timeline.history.passRate)}, flip rate ${percent(timeline.history.flipRate)}`);
}

export const historyCommand: Command = {
  name: 'history',
  summary: 'What changed: regressed, flaky and fixed questions and tags that moved, per target',
  usage: 'ai-eval history [--target ID] [--tag T] [--question ID] [--window N] [--recent R] [--workspace DIR] [--json]',
  options: {
    ...JSON_OPTIONS,
    target: { type: 'string', multiple: true },
    tag: { type: 'string' },
    question: { type: 'string' },
    window: { type: 'string' },
    recent: { type: 'string' },
  },
  async run(args, io) {
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const targetIds = chooseTargets(
        await client['targets.list']({}),
        (args.values.target as string[] | undefined) ?? [],
      );
      const numbers = {
        ...(args.values.window ? { window: Number(args.values.window) } : {}),
        ...(args.values.recent ? { recent: Number(args.values.recent) } : {}),
      };
      const question = args.values.question as string | undefined;
      const tag = args.values.tag as string | undefined;
      const answers = [];
      for (const targetId of targetIds) {
        answers.push(
          question
            ? await client['history.question']({ targetId, questionId: question, ...numbers })
            : await client['history.target']({ targetId, tag, ...numbers }),
        );
      }
      if (args.values.json) {
        io.out(JSON.stringify(answers, null, 2));
        return EXIT.ok;
      }
      for (const answer of answers) {
        if ('points' in answer) printTimeline(answer, io.out);
        else printTarget(answer, io.out);
      }
      return EXIT.ok;
    });
  },
};
