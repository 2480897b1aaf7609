import { describe, expect, it } from 'vitest';
import { migratedStore, type Db } from '../../support/migrated-store';

const insertItem = (db: Db, id: string, group: string, startedAt: number | null) =>
  db
    .prepare(
      `INSERT INTO review_items (id, trace_id, span_id, group_key, input_json, output_json, started_at, imported_at)
       VALUES (?, ?, 's', ?, '[]', '[]', ?, 0)`,
    )
    .run(id, id, group, startedAt);

/** Items a and b (started 10 and 30) in group conversation:c, item c without a start in group run:c. */
const insertTwoGroups = (db: Db) => {
  insertItem(db, 'a', 'conversation:c', 10);
  insertItem(db, 'b', 'conversation:c', 30);
  insertItem(db, 'c', 'run:c', null);
};

describe('trace review migrations', () => {
  it('0002 keeps spans and review items and adds their new columns, the rebuild queue and the label history', () => {
    const v2 = migratedStore(2, (v1) => {
      v1.prepare(
        `INSERT INTO spans (trace_id, span_id, name, start_ns, end_ns, attributes_json, imported_at) VALUES ('t', 's', 'chat', '1', '2', '{}', 0)`,
      ).run();
      insertItem(v1, 't', 'run:t', 5);
    });
    expect(v2.prepare('SELECT scope_name, dropped_attributes, dropped_events FROM spans').get()).toEqual({
      scope_name: null,
      dropped_attributes: 0,
      dropped_events: 0,
    });
    expect(v2.prepare('SELECT provider, convention, llm_calls, flags_json FROM review_items').get()).toEqual({
      provider: null,
      convention: null,
      llm_calls: 0,
      flags_json: '[]',
    });
    expect(
      v2
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('trace_rebuilds', 'label_history') ORDER BY name",
        )
        .pluck()
        .all(),
    ).toEqual(['label_history', 'trace_rebuilds']);
    v2.close();
  });

  it("0005 gives every item its group's latest start, -1 for a group without times", () => {
    const v5 = migratedStore(5, insertTwoGroups);
    expect(v5.prepare('SELECT id, group_at FROM review_items ORDER BY id').all()).toEqual([
      { id: 'a', group_at: 30 },
      { id: 'b', group_at: 30 },
      { id: 'c', group_at: -1 },
    ]);
    v5.close();
  });
  it('0006 moves the group order into review_groups and keeps the queue order', () => {
    const v6 = migratedStore(6, (v5) => {
      insertTwoGroups(v5);
      insertItem(v5, 'd', 'run:d', 20);
    });
    expect(v6.prepare('SELECT group_key, group_at FROM review_groups ORDER BY group_at DESC, group_key').all()).toEqual(
      [
        { group_key: 'conversation:c', group_at: 30 },
        { group_key: 'run:d', group_at: 20 },
        { group_key: 'run:c', group_at: -1 },
      ],
    );
    const columns = v6.prepare("SELECT name FROM pragma_table_info('review_items')").pluck().all();
    expect(columns).not.toContain('group_at');
    v6.close();
  });
  it('0007 rebuilds review_items with one key, keeping its rows, its indexes and the gold items that reference them', () => {
    const v7 = migratedStore(7, (v6) => {
      insertItem(v6, 'a', 'conversation:c', 10);
      v6.prepare(
        `INSERT INTO gold_items (id, grader_id, review_item_id, question_text, response_text, created_at)
         VALUES ('g', 'judge', 'a', 'q', 'r', 0)`,
      ).run();
    });
    expect(v7.prepare('SELECT id, group_key, started_at FROM review_items').all()).toEqual([
      { id: 'a', group_key: 'conversation:c', started_at: 10 },
    ]);
    const indexes = v7.prepare('SELECT name, "unique" FROM pragma_index_list(\'review_items\') ORDER BY name').all();
    expect(indexes).toEqual([
      { name: 'review_items_group', unique: 0 },
      { name: 'review_items_model', unique: 0 },
      { name: 'review_items_started', unique: 0 },
      { name: 'sqlite_autoindex_review_items_1', unique: 1 },
    ]);
    expect(v7.pragma('foreign_keys', { simple: true })).toBe(1);
    // The reference still points at the rebuilt table, and its ON DELETE action still runs.
    v7.prepare("DELETE FROM review_items WHERE id = 'a'").run();
    expect(v7.prepare("SELECT review_item_id FROM gold_items WHERE id = 'g'").pluck().get()).toBeNull();
    v7.close();
  });
  it('0008 numbers the traces in import order and keys their spans by number, keeping every column', () => {
    const v8 = migratedStore(8, (v7) => {
      const span = v7.prepare(
        `INSERT INTO spans (trace_id, span_id, name, start_ns, end_ns, attributes_json, resource_json, source_file, imported_at,
           scope_name, dropped_events) VALUES (?, ?, 'chat', '1', '2', '{"k":1}', '{}', 'f.jsonl', ?, 'sdk', 3)`,
      );
      span.run('tb', 's1', 10);
      span.run('ta', 's2', 20);
      span.run('tb', 's3', 10);
    });
    expect(v8.prepare('SELECT seq, trace_id FROM traces ORDER BY seq').all()).toEqual([
      { seq: 1, trace_id: 'tb' },
      { seq: 2, trace_id: 'ta' },
    ]);
    expect(
      v8
        .prepare(
          'SELECT trace_seq, span_id, attributes_json, source_file, scope_name, dropped_events FROM spans ORDER BY span_id',
        )
        .all(),
    ).toEqual([
      {
        trace_seq: 1,
        span_id: 's1',
        attributes_json: '{"k":1}',
        source_file: 'f.jsonl',
        scope_name: 'sdk',
        dropped_events: 3,
      },
      {
        trace_seq: 2,
        span_id: 's2',
        attributes_json: '{"k":1}',
        source_file: 'f.jsonl',
        scope_name: 'sdk',
        dropped_events: 3,
      },
      {
        trace_seq: 1,
        span_id: 's3',
        attributes_json: '{"k":1}',
        source_file: 'f.jsonl',
        scope_name: 'sdk',
        dropped_events: 3,
      },
    ]);
    // The key still makes a re-import idempotent.
    expect(
      v8
        .prepare(
          `INSERT OR IGNORE INTO spans (trace_seq, span_id, name, start_ns, end_ns, attributes_json, imported_at)
        VALUES (1, 's1', 'chat', '1', '2', '{}', 0)`,
        )
        .run().changes,
    ).toBe(0);
    v8.close();
  });
  it('0009 drops the copy of each conversation from review items, keeping the rest of their rows', () => {
    const v9 = migratedStore(9, (v8) => {
      insertItem(v8, 'a', 'conversation:c', 10);
    });
    const columns = v9.prepare("SELECT name FROM pragma_table_info('review_items')").pluck().all();
    expect(columns).not.toContain('input_json');
    expect(columns).not.toContain('output_json');
    expect(columns).not.toContain('system_text');
    expect(v9.prepare('SELECT id, group_key, started_at FROM review_items').all()).toEqual([
      { id: 'a', group_key: 'conversation:c', started_at: 10 },
    ]);
    v9.close();
  });
});
