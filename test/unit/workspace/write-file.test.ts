import { lstatSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  editFile,
  FileChangedError,
  readSnapshot,
  writeFileAtomic,
  writeSnapshot,
} from '../../../src-main/workspace/write-file';

const scratch = () => mkdtempSync(join(tmpdir(), 'write-file-'));

describe('writes to a user file', () => {
  it('write through a symlink: the link stays a link and its target gets the text', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'aieval.yaml'), 'old\n');
    symlinkSync(join('real', 'aieval.yaml'), join(dir, 'aieval.yaml'));
    const snapshot = readSnapshot(join(dir, 'aieval.yaml'));
    expect(writeSnapshot(snapshot, 'new\n')).toBe(true);
    expect(lstatSync(join(dir, 'aieval.yaml')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'aieval.yaml'))).toBe(join('real', 'aieval.yaml'));
    expect(readFileSync(join(dir, 'real', 'aieval.yaml'), 'utf8')).toBe('new\n');
    writeFileAtomic(join(dir, 'aieval.yaml'), 'newer\n');
    expect(lstatSync(join(dir, 'aieval.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'aieval.yaml'), 'utf8')).toBe('newer\n');
  });

  it('a dangling link creates the file it names, a chain of links is followed to its end', () => {
    const dir = scratch();
    symlinkSync('b.yaml', join(dir, 'a.yaml'));
    symlinkSync('c.yaml', join(dir, 'b.yaml'));
    writeSnapshot(readSnapshot(join(dir, 'a.yaml')), 'x: 1\n');
    expect(readFileSync(join(dir, 'c.yaml'), 'utf8')).toBe('x: 1\n');
    expect(lstatSync(join(dir, 'a.yaml')).isSymbolicLink()).toBe(true);
  });

  it.each([
    ['changed since it was read', 'a\n', 'a\nsomeone else\n'],
    ['made since it was found missing', null, 'theirs\n'],
  ])('a file %s is refused, not replaced: the other edit is kept', (_was, before, theirs) => {
    const path = join(scratch(), 'f.yaml');
    if (before !== null) writeFileSync(path, before);
    const snapshot = readSnapshot(path);
    writeFileSync(path, theirs);
    expect(() => writeSnapshot(snapshot, 'mine\n')).toThrow(FileChangedError);
    expect(readFileSync(path, 'utf8')).toBe(theirs);
  });

  it('editFile applies its edit again to a file that changed meanwhile: both edits are kept', () => {
    const dir = scratch();
    const path = join(dir, 'f.txt');
    writeFileSync(path, 'one\n');
    let calls = 0;
    const result = editFile(path, (text) => {
      calls += 1;
      if (calls === 1) writeFileSync(path, `${text}theirs\n`); // a concurrent edit between our read and our write
      return `${text}mine\n`;
    });
    expect(calls).toBe(2);
    expect(result.written).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('one\ntheirs\nmine\n');
  });

  it('no lock file or temporary file is left beside the file', () => {
    const dir = scratch();
    const path = join(dir, 'f.txt');
    editFile(path, () => 'x\n');
    expect(readFileSync(path, 'utf8')).toBe('x\n');
    expect(readSnapshot(join(dir, '.f.txt.lock')).hash).toBeNull();
  });
});
