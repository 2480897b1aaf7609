import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { pathArguments, UsageError, type CliIo } from '../../../src-main/cli/command';

const cwd = join(tmpdir(), 'workspace');
const io = { cwd } as CliIo;

describe('pathArguments', () => {
  it('resolves each file argument against the current folder and keeps absolute ones', () => {
    const absolute = join(tmpdir(), 'spans.jsonl');
    expect(pathArguments({ values: {}, positionals: ['a.json', '../b', absolute] }, io, 'give a file')).toEqual([
      join(cwd, 'a.json'),
      resolve(cwd, '..', 'b'),
      absolute,
    ]);
  });

  it('refuses no arguments with a usage error that says what to give', () => {
    const none = () => pathArguments({ values: {}, positionals: [] }, io, 'give at least one trace file');
    expect(none).toThrow(UsageError);
    expect(none).toThrow('give at least one trace file');
  });
});
