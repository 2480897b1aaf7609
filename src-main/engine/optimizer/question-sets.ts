// Which questions drive proposals (the `train` split when splits exist) and which decide acceptance (a held-out split).
import type { Question } from '../../../src-shared/model';
import { refusal } from '../../../src-shared/rpc/wire';

export type QuestionSets = Readonly<{
  /** The questions whose failures the proposer sees. */
  proposal: readonly Question[];
  /** The held-out questions that decide acceptance; empty when acceptance is decided on `proposal`. */
  heldOut: readonly Question[];
  /** The held-out split's name, or null. */
  split: string | null;
  /** The questions every baseline and candidate run asks (proposal ∪ held-out, in dataset order); null: all of them. */
  runQuestionIds: readonly string[] | null;
}>;

/** A dataset that cannot be optimized as asked: too small, or a split that does not exist. */
export class OptimizerRefusal extends refusal('bad_input', 'OptimizerRefusal') {}

export const TRAIN_SPLIT = 'train';
export const DEFAULT_HELD_OUT_SPLIT = 'test';

/**
 * Splits the enabled questions: acceptance is decided on `requestedSplit` (or `test` when some question has it),
 * proposals come from the `train` split when it exists, else from every question not held out.
 */
export function questionSets(
  datasetId: string,
  questions: readonly Question[],
  requestedSplit: string | undefined,
  minSize: number,
): QuestionSets {
  const splits = [...new Set(questions.flatMap((question) => (question.split ? [question.split] : [])))];
  const known = splits.length > 0 ? `its splits: ${splits.join(', ')}` : 'it has no splits';
  if (requestedSplit === TRAIN_SPLIT) {
    throw new OptimizerRefusal(
      `--split ${TRAIN_SPLIT}: the held-out split must differ from the ${TRAIN_SPLIT} split the proposals come from`,
    );
  }
  if (requestedSplit !== undefined && !splits.includes(requestedSplit)) {
    throw new OptimizerRefusal(`dataset "${datasetId}" has no question in split "${requestedSplit}" (${known})`);
  }
  const split = requestedSplit ?? (splits.includes(DEFAULT_HELD_OUT_SPLIT) ? DEFAULT_HELD_OUT_SPLIT : null);
  const heldOut = split === null ? [] : questions.filter((question) => question.split === split);
  const proposal = splits.includes(TRAIN_SPLIT)
    ? questions.filter((question) => question.split === TRAIN_SPLIT)
    : questions.filter((question) => split === null || question.split !== split);
  const where = splits.includes(TRAIN_SPLIT)
    ? `in its ${TRAIN_SPLIT} split`
    : split === null
      ? ''
      : `outside the held-out split "${split}"`;
  if (proposal.length < minSize) {
    throw new OptimizerRefusal(
      `dataset "${datasetId}" has ${proposal.length} enabled question${proposal.length === 1 ? '' : 's'}${where ? ` ${where}` : ''}; ` +
        `the optimizer needs at least ${minSize} (settings.optimizer.min_dataset_size) to tell a better prompt from noise`,
    );
  }
  const asked = new Set([...proposal, ...heldOut].map((question) => question.id));
  const runQuestionIds =
    asked.size === questions.length
      ? null
      : questions.filter((question) => asked.has(question.id)).map((question) => question.id);
  return { proposal, heldOut, split, runQuestionIds };
}

/** The ids of the questions that decide acceptance: the held-out split, else the proposal questions. */
export const decidingIds = (sets: QuestionSets): ReadonlySet<string> =>
  new Set((sets.heldOut.length > 0 ? sets.heldOut : sets.proposal).map((question) => question.id));
