// A table's columns written once, for both stores: SQLite inserts a row by binding each listed column by name,
// PostgreSQL sends a batch as one array a column (result-arrays.ts), unnested by the server with the array type listed
// beside it.
import type { Row, Schema } from './schema';
import type { Queries, Statement } from './statement';

/** The array type PostgreSQL reads a column's values as. */
export type PgArrayType = 'text' | 'int' | 'bigint' | 'float8';

/** A new row: every column of the table but its generated id, named as the table names it. */
export type NewRow<T extends keyof Schema> = { [K in Exclude<keyof Row<T>, 'id'>]: Row<T>[K] };

/** Every column a new row fills, with its PostgreSQL array type (the compiler asks for each column, and no other). */
export type TableColumns<T extends keyof Schema> = Readonly<Record<Exclude<keyof Row<T>, 'id'>, PgArrayType>>;

const names = <T extends keyof Schema>(columns: TableColumns<T>) => Object.keys(columns) as (keyof NewRow<T>)[];

/** The prepared INSERT of one row (SQLite: statements are cheap in-process), each column bound by its name. */
export function rowInsert<T extends keyof Schema>(
  q: Queries,
  table: T,
  columns: TableColumns<T>,
): Statement<NewRow<T>, unknown> {
  return q.prepare((row: NewRow<T>) => {
    const values = Object.fromEntries(names(columns).map((column) => [column, row[column]]));
    // The table is generic here; its columns were checked against the table by TableColumns.
    return q.db.insertInto(table).values(values as never);
  });
}
