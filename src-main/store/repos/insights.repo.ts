// Aggregates the results screens need beyond single rows: per-grader statistics of a run, computed in SQL.
import type { GraderStat } from '../../../src-shared/contract/insights.contract';
import type { Db } from '../db';

export class InsightsRepo {
  private readonly graderStats;

  constructor(db: Db) {
    this.graderStats = db.prepare<{ runId: string }, GraderStat>(`
      SELECT g.grader_id AS graderId,
             AVG(CASE WHEN g.status = 'scored' THEN g.score_0_5 END) AS mean,
             SUM(g.status = 'scored') AS scored,
             SUM(g.status = 'skipped') AS skipped,
             SUM(g.status = 'error') AS errors
      FROM grader_results g JOIN question_results q ON q.id = g.result_id
      WHERE q.run_id = @runId
      GROUP BY g.grader_id
      ORDER BY g.grader_id`);
  }

  /** Mean 0-5 score and counts of each grader over one run. */
  graderStatsOf(runId: string): GraderStat[] {
    return this.graderStats.all({ runId });
  }
}
