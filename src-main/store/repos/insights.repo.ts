// Aggregates the results screens need beyond single rows: per-grader statistics of a run, computed in SQL.
import type { GraderStat } from '../../../src-shared/contract/insights.contract';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

function prepareStatements(q: Queries) {
  return {
    graderStats: q.prepare((a: { runId: string }) =>
      q.db
        .selectFrom('grader_results as g')
        .innerJoin('question_results as q', 'q.id', 'g.result_id')
        .select((eb) => [
          'g.grader_id as graderId',
          eb.fn.avg<number | null>('g.score_0_5').filterWhere('g.status', '=', 'scored').as('mean'),
          eb.fn.countAll<number>().filterWhere('g.status', '=', 'scored').as('scored'),
          eb.fn.countAll<number>().filterWhere('g.status', '=', 'skipped').as('skipped'),
          eb.fn.countAll<number>().filterWhere('g.status', '=', 'error').as('errors'),
        ])
        .where('q.run_id', '=', a.runId)
        .groupBy('g.grader_id')
        .orderBy('g.grader_id'),
    ),
  };
}

export class InsightsRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Mean 0-5 score and counts of each grader over one run. */
  graderStatsOf(runId: string): Q<GraderStat[]> {
    return this.statements.graderStats.all({ runId });
  }
}
