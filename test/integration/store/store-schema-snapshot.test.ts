// A new store is created from the schema snapshot: it must be the store every migration makes, one by one.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb, schemaStatements, type Db } from '../../../src-main/store/db';
import { MIGRATIONS } from '../../../src-main/store/migrations';
import SCHEMA_SNAPSHOT from '../../../src-main/store/migrations/schema-snapshot.json' with { type: 'json' };

/** Everything a migration decides: the schema, the foreign keys, the recorded migrations and the version. */
function describeStore(db: Db) {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  return {
    schema: schemaStatements(db),
    foreignKeys: tables.map((table) => [table, db.pragma(`foreign_key_list(${table})`)]),
    migrations: db.prepare('SELECT version, name, sha256 FROM _migrations ORDER BY version').all(),
    userVersion: db.pragma('user_version', { simple: true }),
  };
}

describe('the schema snapshot new stores are created from', () => {
  it('covers every migration (after adding one, run `npm run store:snapshot`)', () => {
    expect(SCHEMA_SNAPSHOT.version).toBe(MIGRATIONS.length);
  });

  it('makes the same store as the migrations applied one by one', () => {
    const stepByStep = openDb(':memory:', { stepByStep: true });
    const fromSnapshot = openDb(':memory:');
    const expected = describeStore(stepByStep);
    expect(expected.schema.length).toBeGreaterThan(20);
    expect(expected.migrations).toHaveLength(MIGRATIONS.length);
    expect(describeStore(fromSnapshot)).toEqual(expected);
  });

  it('a store created from it opens again as a migrated store: no migration runs, no backup is made', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aieval-snapshot-'));
    const file = join(dir, 'store.sqlite');
    openDb(file).close();
    const again = openDb(file);
    expect(again.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(again.prepare('SELECT count(*) FROM _migrations').pluck().get()).toBe(MIGRATIONS.length);
    again.close();
    expect(readdirSync(dir).filter((name) => name.endsWith('.bak'))).toEqual([]);
    expect(existsSync(file)).toBe(true);
  });

  it('an older store still migrates step by step to the same schema', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-snapshot-')), 'store.sqlite');
    openDb(file, { upTo: 3 }).close();
    const migrated = openDb(file);
    expect(describeStore(migrated).schema).toEqual(describeStore(openDb(':memory:')).schema);
  });
});
