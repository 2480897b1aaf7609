// What `ai-eval distill` summarises, aggregated in SQL per target: runs, grader means, failing questions, frequent reasons.
import { sql } from 'kysely';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

export type DistillRun = Readonly<{
  id: string;
  targetId: string;
  source: string;
  origin: string;
  model: string | null;
  finishedAt: number;
  avgScore: number | null;
  passRate: number | null;
  /** Null for an imported file with no verdict. */
  passed: boolean | null;
  gateType: string | null;
  reason: string | null;
  coverage: number | null;
  correctedPassRate: number | null;
  /** The verdict's judge trust as JSON (at completion); null when it has none. */
  judgesJson: string | null;
}>;

export type DistillGrader = Readonly<{
  targetId: string;
  graderId: string;
  mean: number | null;
  scored: number;
  skipped: number;
  errors: number;
}>;
export type DistillQuestion = Readonly<{
  targetId: string;
  questionId: string;
  /** Runs in which it failed (at least one of its repeats), and in which it was degraded. */
  failed: number;
  degraded: number;
  runs: number;
  /** Its answers (repeats counted) and how many of them failed. */
  answers: number;
  failedAnswers: number;
}>;
export type DistillReason = Readonly<{ targetId: string; graderId: string; reason: string; count: number }>;

// Reasons that differ only in their numbers ("0.54 (weighted_avg < 0.7)", "0.62 (…)") are one pattern: grouped by the
// text without digits (SQLite has no regexp_replace; ten nested replace() calls do it in both), shown by their first example.
const WITHOUT_DIGITS = [...'0123456789'].reduce((text, digit) => `replace(${text}, '${digit}', '')`, 'trim(g.reason)');

// Every query orders fully (ties broken by ids and text) so the same store always gives the same summary, byte for byte.
function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  const identity = sql.ref('identity_json');
  const verdict = sql.ref('verdict_json');
  return {
    selectRuns: q.prepare((a: { since: number }) =>
      db
        .selectFrom('runs')
        .select([
          'id',
          'target_id as targetId',
          'source',
          'origin',
          d.jsonText(identity, ['model']).as('model'),
          'finished_at as finishedAt',
          d.jsonNumber(verdict, ['avg_score']).as('avgScore'),
          d.jsonNumber(verdict, ['pass_rate']).as('passRate'),
          d.jsonFlag(verdict, ['passed']).as('passed'),
          d.jsonText(verdict, ['gate_type']).as('gateType'),
          d.jsonText(verdict, ['reason']).as('reason'),
          d.jsonNumber(verdict, ['coverage']).as('coverage'),
          d.jsonNumber(verdict, ['corrected_pass_rate', 'estimate']).as('correctedPassRate'),
          d.jsonPart(verdict, ['judges']).as('judgesJson'),
        ])
        .where('status', '=', 'complete')
        .where('finished_at', '>=', a.since)
        .orderBy('target_id')
        .orderBy('finished_at')
        .orderBy('id'),
    ),
    selectGraders: q.prepare(
      (a: { since: number }) => sql<DistillGrader>`
      SELECT r.target_id AS "targetId", g.grader_id AS "graderId",
             avg(g.score_0_5) FILTER (WHERE g.status = 'scored') AS mean,
             count(*) FILTER (WHERE g.status = 'scored') AS scored, count(*) FILTER (WHERE g.status = 'skipped') AS skipped,
             count(*) FILTER (WHERE g.status = 'error') AS errors
      FROM grader_results g JOIN question_results q ON q.id = g.result_id JOIN runs r ON r.id = q.run_id
      WHERE r.status = 'complete' AND r.finished_at >= ${a.since}
      GROUP BY r.target_id, g.grader_id
      ORDER BY r.target_id, avg(g.score_0_5) FILTER (WHERE g.status = 'scored') IS NULL,
               avg(g.score_0_5) FILTER (WHERE g.status = 'scored'), g.grader_id`,
    ),
    // The window ranks within a target after grouping, so only the top `limit` of each target leave the store.
    selectQuestions: q.prepare(
      (a: { since: number; limit: number }) => sql<DistillQuestion>`
      SELECT "targetId", "questionId", failed, degraded, runs, answers, "failedAnswers" FROM (
        SELECT r.target_id AS "targetId", q.question_id AS "questionId",
               count(DISTINCT CASE WHEN q.passed = 0 THEN r.id END) AS failed,
               count(DISTINCT CASE WHEN q.status = 'degraded' THEN r.id END) AS degraded,
               count(DISTINCT r.id) AS runs, count(*) AS answers, count(*) FILTER (WHERE q.passed = 0) AS "failedAnswers",
               row_number() OVER (PARTITION BY r.target_id ORDER BY count(*) FILTER (WHERE q.passed = 0) DESC,
                                  count(*) FILTER (WHERE q.status = 'degraded') DESC, q.question_id) AS n
        FROM question_results q JOIN runs r ON r.id = q.run_id
        WHERE r.status = 'complete' AND r.finished_at >= ${a.since}
        GROUP BY r.target_id, q.question_id
        HAVING count(*) FILTER (WHERE q.passed = 0) > 0) AS ranked
      WHERE n <= ${a.limit} ORDER BY "targetId", n`,
    ),
    // A reason counts when its grader errored or scored the answer below the run's pass threshold.
    selectReasons: q.prepare(
      (a: { since: number; limit: number }) => sql<DistillReason>`
      SELECT "targetId", "graderId", reason, count FROM (
        SELECT r.target_id AS "targetId", g.grader_id AS "graderId", min(trim(g.reason)) AS reason, count(*) AS count,
               row_number() OVER (PARTITION BY r.target_id ORDER BY count(*) DESC, g.grader_id, min(trim(g.reason))) AS n
        FROM grader_results g JOIN question_results q ON q.id = g.result_id JOIN runs r ON r.id = q.run_id
        WHERE r.status = 'complete' AND r.finished_at >= ${a.since} AND trim(g.reason) <> ''
          AND (g.status = 'error'
               OR (g.status = 'scored' AND g.score_0_5 < ${d.jsonNumber(sql.ref('r.identity_json'), ['questionPassThreshold'])}))
        GROUP BY r.target_id, g.grader_id, ${sql.raw(WITHOUT_DIGITS)}) AS ranked
      WHERE n <= ${a.limit} ORDER BY "targetId", n`,
    ),
  };
}

export class DistillRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Complete runs finished since `since`, by target, oldest first. */
  *runs(since: number): Q<DistillRun[]> {
    return (yield* this.statements.selectRuns.all({ since })).map((row) => ({
      ...row,
      finishedAt: row.finishedAt!,
      passed: row.passed === null ? null : row.passed === 1,
    }));
  }

  /** Each target's graders over those runs, weakest (lowest mean 0-5) first. */
  graders(since: number): Q<DistillGrader[]> {
    return this.statements.selectGraders.all({ since });
  }

  /** Each target's questions that failed most often (at most `limit` a target). */
  failingQuestions(since: number, limit: number): Q<DistillQuestion[]> {
    return this.statements.selectQuestions.all({ since, limit });
  }

  /** Each target's most frequent reasons of failing or erroring graders, numbers aside (at most `limit` a target). */
  frequentReasons(since: number, limit: number): Q<DistillReason[]> {
    return this.statements.selectReasons.all({ since, limit });
  }
}
