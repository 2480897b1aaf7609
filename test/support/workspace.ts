// Test helper: a fresh copy of the example workspace in a temp dir, optionally with files edited; a one-dataset
// workspace written from its config.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ValidWorkspace } from '../../src-main/engine/run/plan';
import { loadWorkspace } from '../../src-main/workspace/load-workspace';

export const EXAMPLE_DIR = join(import.meta.dirname, '..', '..', 'resources', 'example');

export function copyExample(edits: Readonly<Record<string, (text: string) => string>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-ws-'));
  cpSync(EXAMPLE_DIR, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file);
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // a new file
    }
    writeFileSync(path, edit(text));
  }
  return dir;
}

/** A copy of the example judged by its `local` provider instead of the offline cassette, with `judges` as its
 * settings.judges block (a flow mapping such as `{ gold_target_n: 10 }`). */
export function exampleJudgedLocally(judges: string): string {
  return copyExample({
    'aieval.yaml': (text) =>
      text
        .replace('judge:\n  provider: offline', 'judge:\n  provider: local')
        .replace('  concurrency: 4\n', `  concurrency: 4\n  judges: ${judges}\n`),
  });
}

const QUARANTINE_FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'quarantine-workspace');

/** A copy of the quarantine fixture workspace (four JSON questions, a format check) whose provider is the fake server. */
export function quarantineWorkspaceOn(url: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-quarantine-'));
  cpSync(QUARANTINE_FIXTURE, dir, { recursive: true });
  const config = join(dir, 'aieval.yaml');
  writeFileSync(config, readFileSync(config, 'utf8').replace('http://127.0.0.1:9/v1', `${url}/v1`));
  return dir;
}

/** Writes `config` as aieval.yaml and `questions` as datasets/ds.yaml into `dir` and loads it; throws on any error. */
export function writeValidWorkspace(dir: string, config: object, questions: readonly object[]): ValidWorkspace {
  mkdirSync(join(dir, 'datasets'), { recursive: true });
  writeFileSync(join(dir, 'aieval.yaml'), stringify(config));
  writeFileSync(join(dir, 'datasets', 'ds.yaml'), stringify({ id: 'ds', version: '1.0.0', questions }));
  const workspace = loadWorkspace(dir);
  const errors = workspace.issues.filter((issue) => issue.severity === 'error');
  if (!workspace.config || errors.length > 0) throw new Error(`test workspace invalid: ${JSON.stringify(errors)}`);
  return workspace as ValidWorkspace;
}
