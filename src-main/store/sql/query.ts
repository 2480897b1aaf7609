// A repository method is written once, as a generator that yields the statements it needs; a runner executes them:
// synchronously through better-sqlite3 (sqlite-runner.ts) or asynchronously through pg (postgres-runner.ts).
// The same body then reads and writes both stores, and SQLite's transactions stay plain synchronous functions.

/**
 * How a statement's rows come back: objects by column name, the first of them (or undefined), arrays in column order,
 * or none (a count of changes).
 */
export type RowShape = 'objects' | 'first' | 'arrays' | 'none';

/**
 * One statement to execute: its SQL in the store's dialect and its values in placeholder order. `prepared`: a
 * statement compiled once (statement.ts), which a server may keep parsed and planned for the next call.
 */
export type StatementOp = Readonly<{
  kind: 'statement';
  sql: string;
  params: readonly unknown[];
  rows: RowShape;
  prepared?: boolean;
}>;

/**
 * A transaction: `body` runs in one (a savepoint inside another). `retry` (PostgreSQL): a body that read what it then
 * writes runs at SERIALIZABLE and is run again when a concurrent writer made it fail; SQLite has one writer at a time.
 */
export type TransactionOp = Readonly<{ kind: 'transaction'; body: () => Q<unknown>; serializable: boolean }>;

export type Op = StatementOp | TransactionOp;

/** A store operation returning T: yields Ops, receives their results. */
export type Q<T> = Generator<Op, T, unknown>;

/** What a statement without rows reports; SQLite also says the rowid an INSERT gave its row. */
export type Changes = Readonly<{ changes: number; lastInsertRowid?: number }>;

/** Runs one statement; its result is typed by the caller's shape. */
export function* execute<T>(op: StatementOp): Q<T> {
  return (yield op) as T;
}

/** Runs `body` in one transaction: all of its writes or none. */
export function* transaction<T>(body: () => Q<T>, options: Readonly<{ serializable?: boolean }> = {}): Q<T> {
  return (yield { kind: 'transaction', body, serializable: options.serializable ?? false }) as T;
}

/** Whether a repository method returned a store operation (a generator) rather than a plain value. */
export function isOperation(value: unknown): value is Q<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { next?: unknown }).next === 'function' &&
    typeof (value as { throw?: unknown }).throw === 'function'
  );
}

type Methods<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T];

/** A repository's methods as a runner exposes them: an operation's result in place of the operation. */
export type RunMethods<T, Wrap extends 'sync' | 'async'> = {
  [K in Methods<T>]: T[K] extends (...args: infer A) => infer R
    ? (
        ...args: A
      ) => Wrap extends 'sync' ? (R extends Q<infer V> ? V : R) : Promise<Awaited<R extends Q<infer V> ? V : R>>
    : never;
};

/** Binds every method of every repository to a runner: `call` runs what a method returned. */
export function bindRepos<Repos extends Record<string, object>, Bound>(
  repos: Repos,
  call: (result: unknown) => unknown,
): Bound {
  const bindOne = (repo: object) => {
    const bound: Record<string, unknown> = {};
    for (let proto: object | null = repo; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        const member = Reflect.get(repo, name) as unknown;
        if (name === 'constructor' || name in bound || typeof member !== 'function') continue;
        bound[name] = (...args: unknown[]) => call((member as (...a: unknown[]) => unknown).apply(repo, args));
      }
    }
    return bound;
  };
  return Object.fromEntries(Object.entries(repos).map(([name, repo]) => [name, bindOne(repo)])) as Bound;
}
