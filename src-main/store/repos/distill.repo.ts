// What `ai-eval distill` summarises, aggregated in SQL per target: runs, grader means, failing questions, frequent reasons.
import type { Db } from '../db';

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

type RunRow = Omit<DistillRun, 'passed'> & { passed: number | null };

// Reasons that differ only in their numbers ("0.54 (weighted_avg < 0.7)", "0.62 (…)") are one pattern: grouped by the
// text without digits (SQLite has no regexp_replace; ten nested replace() calls do it), shown by their first example.
const WITHOUT_DIGITS = [...'0123456789'].reduce((sql, digit) => `replace(${sql}, '${digit}', '')`, 'trim(g.reason)');

// Every query orders fully (ties broken by ids and text) so the same store always gives the same summary, byte for byte.
export class DistillRepo {
  private readonly selectRuns;
  private readonly selectGraders;
  private readonly selectQuestions;
  private readonly selectReasons;

  constructor(db: Db) {
    this.selectRuns = db.prepare<{ since: number }, RunRow>(
      `SELECT id, target_id AS targetId, source, origin, json_extract(identity_json, '$.model') AS model, finished_at AS finishedAt,
              json_extract(verdict_json, '$.avg_score') AS avgScore, json_extract(verdict_json, '$.pass_rate') AS passRate,
              json_extract(verdict_json, '$.passed') AS passed, json_extract(verdict_json, '$.gate_type') AS gateType,
              json_extract(verdict_json, '$.reason') AS reason, json_extract(verdict_json, '$.coverage') AS coverage,
              json_extract(verdict_json, '$.corrected_pass_rate.estimate') AS correctedPassRate,
              json_extract(verdict_json, '$.judges') AS judgesJson
       FROM runs WHERE status = 'complete' AND finished_at >= @since ORDER BY target_id, finished_at, id`,
    );
    this.selectGraders = db.prepare<{ since: number }, DistillGrader>(
      `SELECT r.target_id AS targetId, g.grader_id AS graderId, avg(CASE WHEN g.status = 'scored' THEN g.score_0_5 END) AS mean,
              sum(g.status = 'scored') AS scored, sum(g.status = 'skipped') AS skipped, sum(g.status = 'error') AS errors
       FROM grader_results g JOIN question_results q ON q.id = g.result_id JOIN runs r ON r.id = q.run_id
       WHERE r.status = 'complete' AND r.finished_at >= @since
       GROUP BY r.target_id, g.grader_id
       ORDER BY r.target_id, mean IS NULL, mean, g.grader_id`,
    );
    // The window ranks within a target after grouping, so only the top `limit` of each target leave SQLite.
    this.selectQuestions = db.prepare<{ since: number; limit: number }, DistillQuestion>(
      `SELECT targetId, questionId, failed, degraded, runs, answers, failedAnswers FROM (
         SELECT r.target_id AS targetId, q.question_id AS questionId,
                count(DISTINCT CASE WHEN q.passed = 0 THEN r.id END) AS failed,
                count(DISTINCT CASE WHEN q.status = 'degraded' THEN r.id END) AS degraded,
                count(DISTINCT r.id) AS runs, count(*) AS answers, sum(q.passed = 0) AS failedAnswers,
                row_number() OVER (PARTITION BY r.target_id ORDER BY sum(q.passed = 0) DESC, sum(q.status = 'degraded') DESC, q.question_id) AS n
         FROM question_results q JOIN runs r ON r.id = q.run_id
         WHERE r.status = 'complete' AND r.finished_at >= @since
         GROUP BY r.target_id, q.question_id
         HAVING sum(q.passed = 0) > 0)
       WHERE n <= @limit ORDER BY targetId, n`,
    );
    // A reason counts when its grader errored or scored the answer below the run's pass threshold.
    this.selectReasons = db.prepare<{ since: number; limit: number }, DistillReason>(
      `SELECT targetId, graderId, reason, count FROM (
         SELECT r.target_id AS targetId, g.grader_id AS graderId, min(trim(g.reason)) AS reason, count(*) AS count,
                row_number() OVER (PARTITION BY r.target_id ORDER BY count(*) DESC, g.grader_id, min(trim(g.reason))) AS n
         FROM grader_results g JOIN question_results q ON q.id = g.result_id JOIN runs r ON r.id = q.run_id
         WHERE r.status = 'complete' AND r.finished_at >= @since AND trim(g.reason) <> ''
           AND (g.status = 'error' OR (g.status = 'scored' AND g.score_0_5 < json_extract(r.identity_json, '$.questionPassThreshold')))
         GROUP BY r.target_id, g.grader_id, ${WITHOUT_DIGITS})
       WHERE n <= @limit ORDER BY targetId, n`,
    );
  }

  /** Complete runs finished since `since`, by target, oldest first. */
  runs(since: number): DistillRun[] {
    return this.selectRuns
      .all({ since })
      .map((row) => ({ ...row, passed: row.passed === null ? null : row.passed === 1 }));
  }

  /** Each target's graders over those runs, weakest (lowest mean 0-5) first. */
  graders(since: number): DistillGrader[] {
    return this.selectGraders.all({ since });
  }

  /** Each target's questions that failed most often (at most `limit` a target). */
  failingQuestions(since: number, limit: number): DistillQuestion[] {
    return this.selectQuestions.all({ since, limit });
  }

  /** Each target's most frequent reasons of failing or erroring graders, numbers aside (at most `limit` a target). */
  frequentReasons(since: number, limit: number): DistillReason[] {
    return this.selectReasons.all({ since, limit });
  }
}
