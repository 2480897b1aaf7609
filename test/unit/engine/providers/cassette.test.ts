// The request hash of cassettes, and a cassette the disk refuses (/dev/full: every write fails with ENOSPC).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCassetteWriter, requestHash, type CassetteEntry } from '../../../../src-main/engine/providers/cassette';

describe('requestHash', () => {
  it('is a sha256 hex digest that ignores key order and absent optionals', () => {
    const hash = requestHash({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ json: false, tools: [], messages: [{ content: 'hi', role: 'user' }], model: 'm' })).toBe(hash);
    expect(requestHash({ model: 'n', messages: [{ role: 'user', content: 'hi' }] })).not.toBe(hash);
  });
});

const entry = (content: string): CassetteEntry => {
  const request = { model: 'm', messages: [{ role: 'user' as const, content }] };
  return {
    hash: requestHash(request),
    provider: 'local',
    request,
    response: { text: 'ok', toolCalls: [], usage: {} },
    usage: {},
  } as unknown as CassetteEntry;
};

describe('openCassetteWriter', () => {
  it('writes whole lines and has no gap while the disk takes them', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'aieval-cassette-')), 'calls.jsonl');
    const writer = openCassetteWriter(file);
    writer.append(entry('a'), 'q1');
    writer.append(entry('b'), 'q2');
    writer.close();
    expect(writer.gap()).toBeUndefined();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it.skipIf(!existsSync('/dev/full'))(
    'keeps a failed write (and every later call) in its gap, without throwing',
    () => {
      const writer = openCassetteWriter('/dev/full');
      expect(() => writer.append(entry('a'), 'q1')).not.toThrow();
      writer.append(entry('b'), 'q2 (repeat 2)');
      writer.append(entry('c'), 'q1');
      writer.append(entry('d'));
      writer.close();
      const gap = writer.gap();
      expect(gap).toMatchObject({ calls: 4, owners: ['q1', 'q2 (repeat 2)'] });
      expect((gap?.error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    },
  );
});
