// `ai-eval history`: what changed for each target: regressed, flaky and fixed questions and the tags that moved.
import {
  DEFAULT_HISTORY_SETTINGS,
  type QuestionHistory,
  type QuestionTimeline,
  type TargetHistory,
} from '../../src-shared/model';
import { plural } from '../../src-shared/text/plural';
import { RpcError } from '../../src-shared/rpc/wire';
import { chooseTargets } from './choose-targets';
import { JSON_OPTIONS, EXIT, type Command } from './command';
import { intArg, shareArg } from './judge-cli';
import { withWorkspaceClient } from './workspace-client';

const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value * 100)}%`);

function printTarget(history: TargetHistory, out: (line: string) => void): void {
  out(`${history.targetId}: ${history.summary} (${plural(history.runs.length, 'run')})`);
  const line = (q: QuestionHistory) =>
    `  ${q.state.padEnd(10)} ${q.questionId}  ${q.reason}${q.textChangedAt ? `; text changed at ${q.textChangedAt}` : ''}`;
  for (const question of history.questions) out(line(question));
  for (const tag of history.tags) if (tag.moved) out(`  tag moved  ${tag.sentence}`);
  if (!history.tags.some((tag) => tag.moved)) out('  no tag moved beyond noise');
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
  usage:
    'ai-eval history [--target ID] [--tag T] [--question ID] [--window N] [--recent R] [--min-drop D] [--workspace DIR] [--json]',
  options: {
    ...JSON_OPTIONS,
    target: { type: 'string', multiple: true },
    tag: { type: 'string' },
    question: { type: 'string' },
    window: { type: 'string' },
    recent: { type: 'string' },
    'min-drop': { type: 'string' },
  },
  async run(args, io) {
    return withWorkspaceClient(args, io, { requireValid: true }, async (client) => {
      const targetIds = chooseTargets(
        await client['targets.list']({}),
        (args.values.target as string[] | undefined) ?? [],
      );
      const window = intArg(args, 'window', DEFAULT_HISTORY_SETTINGS.window, 2, 200);
      const recent = intArg(args, 'recent', Math.min(DEFAULT_HISTORY_SETTINGS.recent, window - 1), 1, window - 1);
      const minDrop = shareArg(args, 'min-drop', DEFAULT_HISTORY_SETTINGS.minDrop);
      const numbers = { window, recent, minDrop };
      const question = args.values.question as string | undefined;
      const tag = args.values.tag as string | undefined;
      const answers: (TargetHistory | QuestionTimeline)[] = [];
      const unknown: RpcError[] = [];
      for (const targetId of targetIds) {
        if (!question) answers.push(await client['history.target']({ targetId, tag, ...numbers }));
        else
          await client['history.question']({ targetId, questionId: question, ...numbers }).then(
            (timeline) => answers.push(timeline),
            (error: unknown) => {
              if (!(error instanceof RpcError) || error.code !== 'not_found') throw error;
              unknown.push(error);
            },
          );
      }
      // A question that one target's dataset lacks is fine when another has it; one no target knows is a mistake.
      if (answers.length === 0 && unknown.length > 0) {
        for (const error of unknown) io.err(`error: ${error.message}`);
        return EXIT.invalid;
      }
      if (args.values.json) {
        io.out(JSON.stringify(answers, null, 2));
        return EXIT.ok;
      }
      for (const answer of answers) {
        if ('points' in answer) printTimeline(answer, io.out);
        else printTarget(answer, io.out);
      }
      // The method is the same for every target: said once, after them.
      const method = answers.find((answer) => 'method' in answer)?.method;
      if (method) io.out(`method: ${method}`);
      return EXIT.ok;
    });
  },
};
