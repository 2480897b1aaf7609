// Answers a phased run holds between its phases (target calls first, judges after): written as each answer comes,
// removed by the transaction that writes the question's result (results.repo).
import type { Q } from '../sql/query';
import { fromExcluded, type Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

export type AnsweredRow = Readonly<{
  questionId: string;
  repeatIndex: number;
  /** The Answered of the engine, as JSON. */
  answeredJson: string;
  /** Grader outcomes of the judge groups already run on it, as JSON; null before the first. */
  gradedJson: string | null;
}>;

type Key = { runId: string; questionId: string; repeatIndex: number };

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    upsert: q.prepare((a: Key & { answeredJson: string; createdAt: number }) =>
      db
        .insertInto('answered_questions')
        .values({
          run_id: a.runId,
          question_id: a.questionId,
          repeat_index: a.repeatIndex,
          answered_json: a.answeredJson,
          created_at: a.createdAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['run_id', 'question_id', 'repeat_index'])
            .doUpdateSet({ ...fromExcluded(['answered_json']), graded_json: null }),
        ),
    ),
    updateGraded: q.prepare((a: Key & { gradedJson: string }) =>
      db
        .updateTable('answered_questions')
        .set({ graded_json: a.gradedJson })
        .where('run_id', '=', a.runId)
        .where('question_id', '=', a.questionId)
        .where('repeat_index', '=', a.repeatIndex),
    ),
    selectPage: q.prepare((a: { runId: string; afterQuestion: string; afterRepeat: number; limit: number }) =>
      db
        .selectFrom('answered_questions')
        .select(['question_id', 'repeat_index', 'answered_json', 'graded_json'])
        .where('run_id', '=', a.runId)
        .where((eb) => eb(eb.refTuple('question_id', 'repeat_index'), '>', eb.tuple(a.afterQuestion, a.afterRepeat)))
        .orderBy('question_id')
        .orderBy('repeat_index')
        .limit(a.limit),
    ),
    selectKeys: q.prepare((a: { runId: string }) =>
      db.selectFrom('answered_questions').select(['question_id', 'repeat_index']).where('run_id', '=', a.runId),
    ),
  };
}

export class AnsweredRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  *put(runId: string, questionId: string, repeatIndex: number, answeredJson: string, createdAt: number): Q<void> {
    yield* this.statements.upsert.run({ runId, questionId, repeatIndex, answeredJson, createdAt });
  }

  *setGraded(runId: string, questionId: string, repeatIndex: number, gradedJson: string): Q<void> {
    yield* this.statements.updateGraded.run({ runId, questionId, repeatIndex, gradedJson });
  }

  /** Up to `limit` held answers after the key (question id, repeat), in key order: a whole run in flat memory. */
  *page(runId: string, after: readonly [string, number] | null, limit: number): Q<AnsweredRow[]> {
    const [afterQuestion, afterRepeat] = after ?? ['', -1];
    return (yield* this.statements.selectPage.all({ runId, afterQuestion, afterRepeat, limit })).map((row) => ({
      questionId: row.question_id,
      repeatIndex: row.repeat_index,
      answeredJson: row.answered_json,
      gradedJson: row.graded_json,
    }));
  }

  /** [question_id, repeat_index] of every answer held for a run. */
  keys(runId: string): Q<[string, number][]> {
    return this.statements.selectKeys.arrays<[string, number]>({ runId });
  }
}
