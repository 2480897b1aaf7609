// The plan of one run: which questions (narrowed, sharded, repeated), which graders, and how many calls to expect.
import {
  GRADER_CATALOG,
  type GraderId,
  type Question,
  type ShardSpec,
  type Target,
  type WorkspaceConfig,
} from '../../../src-shared/model';
import type { Grader } from '../grading/grader';
import type { Workspace } from '../../workspace/load-workspace';
import type { LoadedDataset } from '../../workspace/loaded-dataset';
import { inShard } from './shard';
import { refusal } from '../../../src-shared/rpc/wire';

export type ValidWorkspace = Workspace & { config: WorkspaceConfig };

export type Selection = Readonly<{
  questionIds: readonly string[] | null;
  repeat: number;
  shard: ShardSpec | null;
  /** `--adaptive`: a question's repeats stop once its verdict is settled. */
  adaptive?: boolean;
}>;

export type RunPlan = Readonly<{
  target: Target;
  dataset: LoadedDataset;
  /** The selected questions, in dataset order. */
  questions: readonly Question[];
  selection: Selection;
  /** questions × repeat: what coverage is measured against. */
  total: number;
  graders: readonly Grader[];
  passThreshold: number;
  /** Target calls: exact for chat and external agents; for tool-using agents, one per step up to max_steps. */
  estimatedCalls: Readonly<{ target: number; targetMax: number; judges: number }>;
}>;

export type PlanItem = Readonly<{ question: Question; repeatIndex: number }>;

/** A run that cannot start as asked: unknown target or question, missing grader, untrusted tools. */
export class PlanError extends refusal('bad_input', 'PlanError') {}

export function planRun(
  workspace: ValidWorkspace,
  targetId: string,
  selection: Selection,
  registry: ReadonlyMap<GraderId, Grader>,
  trusted: boolean,
): RunPlan {
  const { config } = workspace;
  const target = config.targets.find((candidate) => candidate.id === targetId);
  if (!target)
    throw new PlanError(
      `unknown target "${targetId}"; known: ${config.targets.map((t) => t.id).join(', ') || '(none)'}`,
    );
  const dataset = workspace.datasets.get(target.dataset);
  if (!dataset) throw new PlanError(`target "${target.id}": dataset "${target.dataset}" did not load`);
  if (selection.adaptive && selection.repeat < 2)
    throw new PlanError(
      `target "${target.id}": adaptive repeats stop a question's repeats early; they need a repeat of 2 or more`,
    );
  const questions = selectQuestions(target, dataset, selection);
  const graders = target.graders.map((id) => {
    const grader = registry.get(id);
    if (!grader) throw new PlanError(`target "${target.id}": grader "${id}" is not available in this build`);
    return grader;
  });
  checkTrust(target, trusted);
  const total = questions.length * selection.repeat;
  const stepsPerQuestion = target.mode === 'agent' && !target.endpoint && target.tools?.length ? target.max_steps : 1;
  const judges = target.graders.filter((id) => GRADER_CATALOG[id].kind === 'llm_judge').length;
  return {
    target,
    dataset,
    questions,
    selection,
    total,
    graders,
    passThreshold: target.question_pass_threshold ?? config.settings.question_pass_threshold,
    estimatedCalls: { target: total, targetMax: total * stepsPerQuestion, judges: total * judges },
  };
}

/** Every (question, repeat) of the plan, lazily: a 100,000-question run never holds a list of work items. */
export function* planItems(plan: RunPlan): Generator<PlanItem> {
  for (let repeatIndex = 0; repeatIndex < plan.selection.repeat; repeatIndex += 1) {
    for (const question of plan.questions) yield { question, repeatIndex };
  }
}

function selectQuestions(target: Target, dataset: LoadedDataset, selection: Selection): Question[] {
  let questions: Question[] = [...dataset.questions];
  if (selection.questionIds) {
    const wanted = new Set(selection.questionIds);
    const known = new Set(questions.map((question) => question.id));
    const unknown = [...wanted].filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const disabled = new Set(
        dataset.dataset.questions.filter((question) => question.disabled).map((question) => question.id),
      );
      const why = unknown.map((id) => (disabled.has(id) ? `${id} (disabled)` : id)).join(', ');
      throw new PlanError(`target "${target.id}": no question ${why} in dataset "${dataset.dataset.id}"`);
    }
    questions = questions.filter((question) => wanted.has(question.id));
  }
  return questions.filter((question) => inShard(question.id, selection.shard));
}

function checkTrust(target: Target, trusted: boolean): void {
  if (trusted || target.mode !== 'agent') return;
  const stdio = (target.tools ?? []).filter((server) => 'command' in server);
  if (stdio.length === 0) return;
  const names = stdio.map((server) => server.name).join(', ');
  throw new PlanError(
    `untrusted workspace: target "${target.id}" starts MCP servers (${names}) from commands; ` +
      'run `ai-eval trust` once, or pass --trust-workspace for this invocation',
  );
}
