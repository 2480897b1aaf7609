// Runs store operations on PostgreSQL through a pg pool: a statement at a time on any pooled connection, a
// transaction on one connection of its own (a savepoint inside another), run again when a concurrent writer made a
// serializable one fail or a deadlock chose it.
import type { Pool, PoolClient, QueryArrayConfig, QueryConfig } from 'pg';
import type { Op, Q, StatementOp, TransactionOp } from '../sql/query';
import { teamStoreError } from './team-store-errors';

/** serialization_failure, deadlock_detected: the transaction lost a race and may simply run again. */
const RETRY_CODES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

type Connection = Pick<PoolClient, 'query'>;

export class PostgresRunner {
  /** Statements compiled once get a name, so each connection parses and plans them once. */
  private readonly names = new Map<string, string>();

  constructor(
    private readonly pool: Pool,
    private readonly where: string,
  ) {}

  /** Runs the operation to its end (outside any transaction) and returns its result. */
  run<T>(task: Q<T>): Promise<T> {
    return this.drive(task, undefined, 0);
  }

  private async drive<T>(task: Q<T>, client: Connection | undefined, depth: number): Promise<T> {
    let step = task.next();
    while (!step.done) {
      let result: unknown;
      try {
        result = await this.execute(step.value, client, depth);
      } catch (error) {
        step = task.throw(error);
        continue;
      }
      step = task.next(result);
    }
    return step.value;
  }

  private execute(op: Op, client: Connection | undefined, depth: number): Promise<unknown> {
    if (op.kind === 'statement') return this.statement(op, client ?? this.pool);
    return client ? this.savepoint(op, client, depth) : this.transaction(op);
  }

  private async statement(op: StatementOp, connection: Connection): Promise<unknown> {
    const query: QueryArrayConfig | QueryConfig = {
      text: op.sql,
      values: op.params as unknown[],
      ...(op.prepared ? { name: this.nameOf(op.sql) } : {}),
      ...(op.rows === 'arrays' ? { rowMode: 'array' as const } : {}),
    };
    try {
      const result = await connection.query(query as QueryConfig);
      if (op.rows === 'first') return result.rows[0];
      return op.rows === 'none' ? { changes: result.rowCount ?? 0 } : result.rows;
    } catch (error) {
      throw teamStoreError(error, this.where);
    }
  }

  private nameOf(sql: string): string {
    let name = this.names.get(sql);
    if (name === undefined) this.names.set(sql, (name = `aieval_${this.names.size + 1}`));
    return name;
  }

  private async transaction(op: TransactionOp): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.connect();
      let broken = false;
      try {
        await client.query(op.serializable ? 'BEGIN ISOLATION LEVEL SERIALIZABLE' : 'BEGIN');
        const value = await this.drive(op.body(), client, 1);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        // A connection that cannot even roll back is not given back to the pool.
        await client.query('ROLLBACK').catch(() => (broken = true));
        const code = Reflect.get(error as object, 'code') as unknown;
        if (attempt < MAX_ATTEMPTS && typeof code === 'string' && RETRY_CODES.has(code)) continue;
        throw teamStoreError(error, this.where);
      } finally {
        client.release(broken);
      }
    }
  }

  private async savepoint(op: TransactionOp, client: Connection, depth: number): Promise<unknown> {
    const name = `aieval_s${depth}`;
    await client.query(`SAVEPOINT ${name}`);
    try {
      const value = await this.drive(op.body(), client, depth + 1);
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (error) {
      await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  }

  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw teamStoreError(error, this.where);
    }
  }
}
