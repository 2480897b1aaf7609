// A model type that is one table's row field for column: the map from its fields to their columns is written once and
// read both ways (a row into the model, the model into an INSERT's values), and the compiler checks every field's column.
import type { Row, Schema } from './schema';

/** The columns of row R whose type is exactly V. */
type ColumnsOfType<R, V> = { [C in keyof R]: [R[C]] extends [V] ? ([V] extends [R[C]] ? C : never) : never }[keyof R];

/** For each field of model M, the column of table T that holds it (a column of the field's own type). */
export type FieldColumns<M, T extends keyof Schema> = Readonly<{ [F in keyof M]-?: ColumnsOfType<Row<T>, M[F]> }>;

/** The model a row holds. */
export const fromColumns = <R, C extends Readonly<Record<string, keyof R>>>(columns: C, row: R) =>
  Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, row[column]])) as {
    -readonly [F in keyof C]: R[C[F]];
  };

/** The model's fields as the values of its row's columns. */
export const toColumns = <M, C extends Readonly<Record<keyof M, string>>>(columns: C, model: M) =>
  Object.fromEntries(Object.entries(columns).map(([field, column]) => [column, model[field as keyof M]])) as {
    -readonly [F in keyof M as C[F]]: M[F];
  };
