// Writing finished questions on SQLite: each with its grader scores, tool calls and judge calls, one statement a row,
// all in one transaction (statements are cheap in-process; a commit is not).
import { transaction, type Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';
import { rowInsert } from '../sql/table-columns';
import * as questionRows from './result-rows';
import type { NewQuestionResult, VersionKey } from './result-rows';

export type { NewQuestionResult, QuestionVersion } from './result-rows';

/** Writes a batch of finished questions and returns their ids in order (result-arrays.ts on PostgreSQL). */
export type ResultWriterOf = Readonly<{ insertMany(results: readonly NewQuestionResult[]): Q<number[]> }>;

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    insertResult: rowInsert(q, 'question_results', questionRows.RESULT_COLUMNS),
    insertVersion: q.prepare((a: VersionKey) =>
      db
        .insertInto('question_versions')
        .values({ question_id: a.questionId, text_sha256: a.textSha256, tags_json: a.tagsJson })
        .onConflict((oc) => oc.doNothing()),
    ),
    selectVersion: q.prepare((a: VersionKey) =>
      db
        .selectFrom('question_versions')
        .select('id')
        .where('question_id', '=', a.questionId)
        .where('text_sha256', '=', a.textSha256)
        .where('tags_json', '=', a.tagsJson),
    ),
    insertGrader: rowInsert(q, 'grader_results', questionRows.GRADER_COLUMNS),
    insertToolCall: rowInsert(q, 'tool_calls', questionRows.TOOL_CALL_COLUMNS),
    insertJudgeCall: rowInsert(q, 'judge_calls', questionRows.JUDGE_CALL_COLUMNS),
    releaseAnswer: q.prepare((a: { runId: string; questionId: string; repeatIndex: number }) =>
      db
        .deleteFrom('answered_questions')
        .where('run_id', '=', a.runId)
        .where('question_id', '=', a.questionId)
        .where('repeat_index', '=', a.repeatIndex),
    ),
  };
}

export class ResultInserts implements ResultWriterOf {
  /** Versions are few (one per question and wording): their ids are remembered instead of asked at every result. */
  private readonly versionIds = new Map<string, number>();
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /**
   * Writes finished questions in one transaction (all or none); returns their ids in order. A question's rows are
   * written together: a crash leaves either the whole question or none of it, and the UNIQUE (run_id, question_id,
   * repeat_index) key makes a second write of it fail loudly. Questions that finish together share a transaction:
   * each commit appends whole pages to the WAL, so one commit per question would cost far more than the rows themselves.
   */
  *insertMany(results: readonly NewQuestionResult[]): Q<number[]> {
    // Versions this transaction adds are remembered once it commits: a rolled-back one does not exist.
    const { ids, added } = yield* transaction(() => this.writeAll(results));
    for (const [key, id] of added) this.versionIds.set(key, id);
    return ids;
  }

  private *writeAll(results: readonly NewQuestionResult[]): Q<{ ids: number[]; added: Map<string, number> }> {
    const added = new Map<string, number>();
    const ids: number[] = [];
    for (const result of results) ids.push(yield* this.writeOne(result, added));
    return { ids, added };
  }

  private *versionIdOf(key: VersionKey | null, added: Map<string, number>): Q<number | null> {
    if (!key) return null;
    const cacheKey = questionRows.versionCacheKey(key);
    let id = this.versionIds.get(cacheKey) ?? added.get(cacheKey);
    if (id === undefined) {
      yield* this.statements.insertVersion.run(key);
      id = (yield* this.statements.selectVersion.first(key))!.id;
      added.set(cacheKey, id);
    }
    return id;
  }

  private *writeOne(result: NewQuestionResult, added: Map<string, number>): Q<number> {
    const { runId, questionId, repeatIndex } = result;
    yield* this.statements.releaseAnswer.run({ runId, questionId, repeatIndex });
    const versionId = yield* this.versionIdOf(questionRows.versionKey(result), added);
    const resultId = (yield* this.statements.insertResult.run(questionRows.resultRow(result, versionId)))
      .lastInsertRowid!;
    for (const row of questionRows.graderRows(result, resultId)) yield* this.statements.insertGrader.run(row);
    for (const row of questionRows.toolCallRows(result, resultId)) yield* this.statements.insertToolCall.run(row);
    for (const row of questionRows.judgeCallRows(result, resultId)) yield* this.statements.insertJudgeCall.run(row);
    return resultId;
  }
}
