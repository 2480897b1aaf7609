// Statements compiled once for the store's dialect with named arguments (`prepare`), and queries compiled per call
// where their shape depends on the call (optional filters, a chosen order). Both become StatementOps.
import { sql, type Compilable, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { SqlDialect } from './dialect';
import { execute, type Changes, type Q, type RowShape, type StatementOp } from './query';
import type { Schema } from './schema';

/** A query of the builder, or raw SQL (Kysely's `sql` template) for what the builder does not say. */
export type Query<R> = Compilable<R> | RawBuilder<R>;

// A builder's query compiles for the Kysely that made it; raw SQL compiles for the one it is given.
const compile = (db: Kysely<Schema>, query: Query<unknown>): CompiledQuery =>
  (query as { compile(db: Kysely<Schema>): CompiledQuery }).compile(db);

/** A named argument's place in a statement being compiled: Kysely passes it through as a value, we bind it later. */
class Argument {
  constructor(readonly name: string) {}
}

/** Where each placeholder's value comes from: a named argument, or a value the statement itself holds. */
type Slot = Readonly<{ name: string }> | Readonly<{ value: unknown }>;

/** A statement's values in placeholder order (undefined is bound as NULL: drivers refuse it). */
function bind(slots: readonly Slot[], args: object): unknown[] {
  const values = new Array<unknown>(slots.length);
  for (let i = 0; i < slots.length; i += 1) {
    const slot = slots[i]!;
    values[i] = 'name' in slot ? ((args as Record<string, unknown>)[slot.name] ?? null) : slot.value;
  }
  return values;
}

// Any use of the stand-ins but reading one argument (spreading them, passing them whole to `values`) would compile a
// statement without those columns: it throws instead.
const argumentNames = new Proxy(
  {},
  {
    get: (_target, name) => new Argument(String(name)),
    ownKeys: () => {
      throw new Error('a prepared statement names its arguments one by one (its stand-ins cannot be spread or listed)');
    },
  },
);

/**
 * A statement compiled once, bound by name at every call: the store's hot paths never build a query again.
 * `build` receives stand-ins for its arguments (typed as the arguments themselves) and returns a Kysely query.
 */
export class Statement<A extends object, R> {
  readonly sql: string;
  private readonly slots: readonly Slot[];

  constructor(db: Kysely<Schema>, build: (args: A) => Query<R>) {
    const compiled = compile(db, build(argumentNames as A));
    this.sql = compiled.sql;
    this.slots = compiled.parameters.map((value) => (value instanceof Argument ? { name: value.name } : { value }));
  }

  private op(args: A, rows: RowShape): StatementOp {
    return { kind: 'statement', sql: this.sql, params: bind(this.slots, args), rows, prepared: true };
  }

  all(args: A): Q<R[]> {
    return execute<R[]>(this.op(args, 'objects'));
  }

  first(args: A): Q<R | undefined> {
    return execute<R | undefined>(this.op(args, 'first'));
  }

  /** The rows as arrays in column order: no object per row where a query returns many. */
  arrays<T extends readonly unknown[]>(args: A): Q<T[]> {
    return execute<T[]>(this.op(args, 'arrays'));
  }

  /** The first column of every row. */
  *column<T>(args: A): Q<T[]> {
    return (yield* execute<unknown[][]>(this.op(args, 'arrays'))).map((row) => row[0] as T);
  }

  run(args: A): Q<Changes> {
    return execute<Changes>(this.op(args, 'none'));
  }
}

const opOf = (query: CompiledQuery, rows: RowShape): StatementOp => ({
  kind: 'statement',
  sql: query.sql,
  params: query.parameters,
  rows,
});

/** The store's SQL in one dialect: its builder and expressions, statements compiled once, queries compiled per call. */
export class Queries {
  readonly db: Kysely<Schema>;

  constructor(readonly dialect: SqlDialect) {
    this.db = dialect.db;
  }

  prepare<A extends object, R>(build: (args: A) => Query<R>): Statement<A, R> {
    return new Statement(this.db, build);
  }

  all<R>(query: Query<R>): Q<R[]> {
    return execute<R[]>(opOf(compile(this.db, query), 'objects'));
  }

  /**
   * As all(), for a query built at each call whose SQL is the same at every call (its values alone change, as arrays
   * do): a server keeps it parsed and planned. A query whose SQL varies would be kept once per variant.
   */
  allOfOneShape<R>(query: Query<R>): Q<R[]> {
    return execute<R[]>({ ...opOf(compile(this.db, query), 'objects'), prepared: true });
  }

  first<R>(query: Query<R>): Q<R | undefined> {
    return execute<R | undefined>(opOf(compile(this.db, query), 'first'));
  }

  *column<T>(query: Query<unknown>): Q<T[]> {
    return (yield* execute<unknown[][]>(opOf(compile(this.db, query), 'arrays'))).map((row) => row[0] as T);
  }

  run(query: Query<unknown>): Q<Changes> {
    return execute<Changes>(opOf(compile(this.db, query), 'none'));
  }
}

/** An upsert's `DO UPDATE SET` of these columns to the values the INSERT brought (`excluded.column`). */
export const fromExcluded = <C extends string>(columns: readonly C[]) =>
  Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)])) as Record<C, RawBuilder<never>>;
