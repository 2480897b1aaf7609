// The two SQL dialects of the store: a query builder that only compiles (Kysely over a driver that never connects), and
// the few expressions whose SQL differs between SQLite and PostgreSQL. Everything else is written once.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type DatabaseIntrospector,
  type DialectAdapter,
  type Expression,
  type QueryCompiler,
  type RawBuilder,
} from 'kysely';
import type { Schema } from './schema';

export type DialectName = 'sqlite' | 'postgres';

type Sql = Expression<unknown>;

/** A JSON path as a list of keys: ['counts', 'scored'] is SQLite's '$.counts.scored' and PostgreSQL's '{counts,scored}'. */
type JsonPath = readonly string[];

/** The expressions whose SQL differs; each returns a fragment for Kysely's `sql` templates and builders. */
export type SqlDialect = Readonly<{
  name: DialectName;
  /** Compiles queries (never connects): `db.selectFrom(...)` etc. */
  db: Kysely<Schema>;
  /** A JSON value at `path` as text (JSON null and a missing key are SQL NULL). */
  jsonText(json: Sql, path: JsonPath): RawBuilder<string | null>;
  /** A JSON number at `path`. */
  jsonNumber(json: Sql, path: JsonPath): RawBuilder<number | null>;
  /** A JSON boolean at `path` as 1 or 0 (SQLite's json_extract gives these; PostgreSQL is told to). */
  jsonFlag(json: Sql, path: JsonPath): RawBuilder<number | null>;
  /** A JSON object or array at `path`, as JSON text. */
  jsonPart(json: Sql, path: JsonPath): RawBuilder<string | null>;
  /** The elements of a JSON array (a parameter holding JSON text, or a column) as a one-column set, for IN. */
  jsonValues<T extends 'text' | 'int'>(json: Sql, as: T): RawBuilder<T extends 'int' ? number : string>;
  /** A table source of a JSON array's elements, named `alias`, its column `value` (text). */
  jsonElements(json: Sql, alias: string): RawBuilder<unknown>;
  /** A table source of a JSON object's keys, named `alias`, its column `key`. */
  jsonKeys(json: Sql, alias: string): RawBuilder<unknown>;
  /** `text LIKE pattern` ignoring ASCII case (SQLite's LIKE; PostgreSQL's ILIKE), with `\` escaping. */
  likeAnyCase(text: Sql, pattern: Sql): RawBuilder<boolean>;
  /** The larger of two values. */
  greatest(a: Sql, b: Sql): RawBuilder<number>;
  /** The distinct non-null values of `value` over a group, as JSON array text (NULL when none). */
  jsonArrayOfDistinct(value: Sql): RawBuilder<string | null>;
  /** An inner join that keeps its left table the outer loop (SQLite's CROSS JOIN … ON; PostgreSQL plans joins itself). */
  joinInOrder: RawBuilder<unknown>;
}>;

/** A query builder over a driver that never connects, from the dialect's adapter, query compiler and introspector. */
const compilerOf = (
  Adapter: new () => DialectAdapter,
  Compiler: new () => QueryCompiler,
  Introspector: new (db: Kysely<unknown>) => DatabaseIntrospector,
) =>
  new Kysely<Schema>({
    dialect: {
      createAdapter: () => new Adapter(),
      createQueryCompiler: () => new Compiler(),
      createIntrospector: (db) => new Introspector(db),
      createDriver: () => new DummyDriver(),
    },
  });

const sqlitePath = (path: JsonPath) => sql.lit(`$.${path.join('.')}`);
const postgresPath = (path: JsonPath) => sql.lit(`{${path.join(',')}}`);

export const SQLITE: SqlDialect = {
  name: 'sqlite',
  db: compilerOf(SqliteAdapter, SqliteQueryCompiler, SqliteIntrospector),
  jsonText: (json, path) => sql`json_extract(${json}, ${sqlitePath(path)})`,
  jsonNumber: (json, path) => sql`json_extract(${json}, ${sqlitePath(path)})`,
  jsonFlag: (json, path) => sql`json_extract(${json}, ${sqlitePath(path)})`,
  jsonPart: (json, path) => sql`json_extract(${json}, ${sqlitePath(path)})`,
  jsonValues: (json) => sql`(SELECT value FROM json_each(${json}))`,
  jsonElements: (json, alias) => sql`json_each(${json}) AS ${sql.id(alias)}`,
  jsonKeys: (json, alias) => sql`json_each(${json}) AS ${sql.id(alias)}`,
  likeAnyCase: (text, pattern) => sql`${text} LIKE ${pattern} ESCAPE '\\'`,
  greatest: (a, b) => sql`max(${a}, ${b})`,
  jsonArrayOfDistinct: (value) => sql`json_group_array(DISTINCT ${value}) FILTER (WHERE ${value} IS NOT NULL)`,
  joinInOrder: sql`CROSS JOIN`,
};

// JSON columns are text in both stores (what was written is what is read back); PostgreSQL parses them where a query
// looks inside, which the few rows those queries read afford. One value at a path is read through `json`, not `jsonb`:
// json's operators scan the text for the path, where a cast to jsonb first builds the whole document (five times
// slower over a run's identity, measured with EXPLAIN ANALYZE on the run list and the history's runs).
export const POSTGRES: SqlDialect = {
  name: 'postgres',
  db: compilerOf(PostgresAdapter, PostgresQueryCompiler, PostgresIntrospector),
  jsonText: (json, path) => sql`(${json}::json #>> ${postgresPath(path)})`,
  jsonNumber: (json, path) => sql`(${json}::json #>> ${postgresPath(path)})::double precision`,
  // The value's JSON text: a boolean is bare `true`/`false`, the string "true" keeps its quotes.
  jsonFlag: (json, path) =>
    sql`(CASE (${json}::json #> ${postgresPath(path)})::text WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`,
  jsonPart: (json, path) => sql`(${json}::json #> ${postgresPath(path)})::text`,
  jsonValues: (json, as) =>
    as === 'int'
      ? sql`(SELECT value::bigint FROM jsonb_array_elements_text(${json}::jsonb) AS t(value))`
      : sql`(SELECT value FROM jsonb_array_elements_text(${json}::jsonb) AS t(value))`,
  jsonElements: (json, alias) => sql`jsonb_array_elements_text(${json}::jsonb) AS ${sql.id(alias)}(value)`,
  jsonKeys: (json, alias) => sql`jsonb_object_keys(${json}::jsonb) AS ${sql.id(alias)}(key)`,
  likeAnyCase: (text, pattern) => sql`${text} ILIKE ${pattern} ESCAPE '\\'`,
  greatest: (a, b) => sql`greatest(${a}, ${b})`,
  jsonArrayOfDistinct: (value) => sql`(json_agg(DISTINCT ${value}) FILTER (WHERE ${value} IS NOT NULL))::text`,
  joinInOrder: sql`JOIN`,
};

/** Text matched literally by a LIKE pattern (with ESCAPE '\\'): its wildcards and the escape itself escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const dialectOf = (name: DialectName): SqlDialect => (name === 'sqlite' ? SQLITE : POSTGRES);
