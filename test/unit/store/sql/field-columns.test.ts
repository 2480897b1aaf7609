import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from '../../../../src-main/store/sql/field-columns';

const COLUMNS = { runId: 'run_id', samplesRows: 'samples_rows', shard: 'shard' } as const;

describe('a model mapped to its row field for column', () => {
  it('reads a row into the model, in the map order, leaving the columns the map does not name', () => {
    const row = { shard: null, extra: 'x', samples_rows: 3, run_id: 'r1' };
    const file = fromColumns(COLUMNS, row);
    expect(file).toEqual({ runId: 'r1', samplesRows: 3, shard: null });
    expect(Object.keys(file)).toEqual(['runId', 'samplesRows', 'shard']);
  });

  it('writes the model as its columns, and back again unchanged', () => {
    const model = { runId: 'r2', samplesRows: null, shard: '1/2' };
    const row = toColumns(COLUMNS, model);
    expect(row).toEqual({ run_id: 'r2', samples_rows: null, shard: '1/2' });
    expect(Object.keys(row)).toEqual(['run_id', 'samples_rows', 'shard']);
    expect(fromColumns(COLUMNS, row)).toEqual(model);
  });
});
