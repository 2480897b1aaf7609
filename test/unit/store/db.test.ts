import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MigrationError, openDb } from '../../../src-main/store/db';
import { MIGRATIONS } from '../../../src-main/store/migrations';

describe('openDb', () => {
  it('applies every migration to a new file with WAL and foreign keys on', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-db-')), 'store.sqlite');
    const db = openDb(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'runs',
        'question_results',
        'grader_results',
        'judge_calls',
        'tool_calls',
        'spans',
        'review_items',
        'labels',
        'judge_validations',
        'optimizer_candidates',
      ]),
    );
    db.close();
  });

  it('runs a table rebuild with foreign keys off, and rolls it back when it would leave a reference dangling', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-db-')), 'store.sqlite');
    const base = {
      version: 1,
      name: 'base',
      sql: `CREATE TABLE parent (id TEXT PRIMARY KEY) STRICT;
        CREATE TABLE child (parent_id TEXT REFERENCES parent(id) ON DELETE SET NULL) STRICT;
        INSERT INTO parent VALUES ('p'); INSERT INTO child VALUES ('p');`,
    };
    const rebuild = {
      version: 2,
      name: 'rebuild',
      foreignKeysOff: true,
      sql: `CREATE TABLE parent_new (id TEXT PRIMARY KEY, note TEXT) STRICT; INSERT INTO parent_new (id) SELECT id FROM parent;
        DROP TABLE parent; ALTER TABLE parent_new RENAME TO parent;`,
    };
    const db = openDb(file, { migrations: [base, rebuild] });
    // Dropping the old table did not run the ON DELETE action: the child keeps its reference.
    expect(db.prepare('SELECT parent_id FROM child').pluck().get()).toBe('p');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();

    const dangling = { version: 3, name: 'dangling', foreignKeysOff: true, sql: "DELETE FROM parent WHERE id = 'p';" };
    expect(() => openDb(file, { migrations: [base, rebuild, dangling] })).toThrow(/would break 1 reference/);
    const after = openDb(file, { migrations: [base, rebuild] });
    expect(after.prepare('SELECT id FROM parent').pluck().all()).toEqual(['p']);
    after.close();
  });

  it('refuses to open a store whose applied migration changed', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-db-')), 'store.sqlite');
    openDb(file, { migrations: [{ version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER) STRICT;' }] }).close();
    expect(() =>
      openDb(file, { migrations: [{ version: 1, name: 'one', sql: 'CREATE TABLE a (y INTEGER) STRICT;' }] }),
    ).toThrow(MigrationError);
  });

  it('backs up an existing store before migrating it further', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-db-'));
    const file = join(dir, 'store.sqlite');
    const one = { version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER) STRICT;' };
    const two = { version: 2, name: 'two', sql: 'ALTER TABLE a ADD COLUMN y INTEGER;' };
    const db1 = openDb(file, { migrations: [one] });
    db1.prepare('INSERT INTO a (x) VALUES (1)').run();
    db1.close();
    const db2 = openDb(file, { migrations: [one, two] });
    expect(db2.prepare('SELECT x, y FROM a').get()).toEqual({ x: 1, y: null });
    db2.close();
    const backup = openDb(`${file}.v1.bak`, { migrations: [one] });
    expect(backup.prepare('SELECT count(*) FROM a').pluck().get()).toBe(1);
    backup.close();
  });

  it('keeps only the backup made before the latest migration', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-db-'));
    const file = join(dir, 'store.sqlite');
    const steps = [
      'CREATE TABLE a (x INTEGER) STRICT;',
      'ALTER TABLE a ADD COLUMN y INTEGER;',
      'CREATE TABLE b (z INTEGER) STRICT;',
    ];
    const migrations = steps.map((sql, i) => ({ version: i + 1, name: `m${i + 1}`, sql }));
    writeFileSync(join(dir, 'other.sqlite.v1.bak'), 'not ours');
    for (let upTo = 1; upTo <= 3; upTo++) openDb(file, { migrations, upTo }).close();
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.bak'))
        .sort(),
    ).toEqual(['other.sqlite.v1.bak', 'store.sqlite.v2.bak']);
  });
});
