// Runs store operations on better-sqlite3, synchronously: each statement is prepared once (by its SQL text) and a
// transaction is better-sqlite3's own (a savepoint when nested), so the SQLite store stays synchronous inside.
import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from '../db';
import type { Op, Q, RowShape, StatementOp } from './query';

type Prepared = BetterSqlite3.Statement<unknown[]>;

export class SqliteRunner {
  private readonly prepared: Record<RowShape, Map<string, Prepared>> = {
    objects: new Map(),
    first: new Map(),
    arrays: new Map(),
    none: new Map(),
  };

  constructor(private readonly db: Db) {}

  /** Runs the operation to its end and returns its result (or throws its error). */
  run<T>(task: Q<T>): T {
    let step = task.next();
    while (!step.done) {
      let result: unknown;
      try {
        result = this.execute(step.value);
      } catch (error) {
        step = task.throw(error);
        continue;
      }
      step = task.next(result);
    }
    return step.value;
  }

  private execute(op: Op): unknown {
    if (op.kind === 'transaction') return this.db.transaction(() => this.run(op.body()))();
    return this.statement(op);
  }

  private statement(op: StatementOp): unknown {
    const statement = this.prepare(op.sql, op.rows);
    const params = op.params as unknown[];
    if (op.rows === 'first') return statement.get(params);
    if (op.rows !== 'none') return statement.all(params);
    const { changes, lastInsertRowid } = statement.run(params);
    return { changes, lastInsertRowid: Number(lastInsertRowid) };
  }

  private prepare(sql: string, rows: RowShape): Prepared {
    const cache = this.prepared[rows];
    let statement = cache.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[]>(sql);
      if (rows === 'arrays') statement.raw(true);
      cache.set(sql, statement);
    }
    return statement;
  }
}
