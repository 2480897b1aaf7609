// The team store's pool of reviewer label lines (label_lines): every line any checkout read or wrote, each once by its id.
import { transaction, type Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

/** A reviewer's label line as its file holds it: its id, the file (path in the workspace) and the line's JSON text. */
export type PooledLine = Readonly<{ id: string; file: string; json: string }>;

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    insertLine: q.prepare((a: { grader: string } & PooledLine) =>
      db
        .insertInto('label_lines')
        .values({ id: a.id, grader_id: a.grader, file: a.file, line_json: a.json })
        .onConflict((oc) => oc.column('id').doNothing()),
    ),
    linesOf: q.prepare((a: { grader: string }) =>
      db
        .selectFrom('label_lines')
        .select(['id', 'file', 'line_json as json'])
        .where('grader_id', '=', a.grader)
        .orderBy('id'),
    ),
    countOf: q.prepare((a: { grader: string }) =>
      db
        .selectFrom('label_lines')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('grader_id', '=', a.grader),
    ),
  };
}

export class LabelLinesRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Adds the lines the pool lacks (a line it holds stays as it is); resolves to how many were new. */
  keep(grader: string, lines: readonly PooledLine[]): Q<number> {
    return transaction(() => this.insert(grader, lines));
  }

  private *insert(grader: string, lines: readonly PooledLine[]): Q<number> {
    let added = 0;
    for (const line of lines) added += (yield* this.statements.insertLine.run({ grader, ...line })).changes;
    return added;
  }

  /** Every line of the judge's reviewers in the pool. */
  of(grader: string): Q<PooledLine[]> {
    return this.statements.linesOf.all({ grader });
  }

  /** How many lines of the judge the pool holds (it only grows, so the count says whether it changed). */
  *count(grader: string): Q<number> {
    return Number((yield* this.statements.countOf.first({ grader }))?.n ?? 0);
  }
}
