import { describe, expect, it } from 'vitest';
import { migratedStore, versionOf } from '../../support/migrated-store';

const VERSION = versionOf('envelope-imports');

describe('migration envelope-imports', () => {
  it('adds the import provenance and metrics tables to a store that already holds runs; they go with their run', () => {
    const db = migratedStore(VERSION, (before) =>
      before.exec(
        `INSERT INTO runs (id, target_id, status, source, dataset_id, dataset_version, dataset_sha256, total, identity_json, created_at)
         VALUES ('r1', 't1', 'complete', 'import', 'd1', '1.0.0', 'abc', 1, '{}', 1)`,
      ),
    );

    expect(db.prepare('SELECT count(*) FROM runs').pluck().get()).toBe(1);
    db.prepare(
      `INSERT INTO envelope_imports (evaluation_id, run_id, file_name, aggregate_sha256, schema_version, eval_library, source_type,
         source_organization, model_id, imported_at)
       VALUES ('e1', 'r1', 'x.json', 'sha', '0.3.0', 'lib 1', 'evaluation_run', 'org', 'o/m', 2)`,
    ).run();
    db.prepare(
      `INSERT INTO envelope_metrics (evaluation_id, result_id, run_id, seq, name, lower_is_better, score) VALUES ('e1', 'd1.gate', 'r1', 0, 'd1.gate', 0, 1)`,
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO envelope_imports (evaluation_id, run_id, file_name, aggregate_sha256, schema_version, eval_library, source_type, source_organization, model_id, imported_at) VALUES ('e2', 'nope', 'x', 's', 'v', 'l', 't', 'o', 'm', 1)",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM runs WHERE id = 'r1'").run();
    expect(db.prepare('SELECT count(*) FROM envelope_imports').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM envelope_metrics').pluck().get()).toBe(0);
    db.close();
  });
});
