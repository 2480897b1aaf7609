import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../../src-main/engine/export/zip';
import { readZip } from '../../../support/read-zip';

describe('zipArchive', () => {
  it('round-trips names (UTF-8, folders) and bytes, empty and compressible files included', () => {
    const entries = [
      { name: 'a.json', data: Buffer.from('{"x":1}') },
      { name: 'data/modèle/b_samples.jsonl', data: Buffer.from('{"row":1}\n'.repeat(1000)) },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ];
    const zip = zipArchive(entries, new Date(2026, 11, 2, 3, 4, 6));
    const read = readZip(zip);
    expect(read.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    read.forEach((entry, index) => expect(entry.data.equals(entries[index]!.data)).toBe(true));
    expect(zip.length).toBeLessThan(2000); // the 10 KB samples file is deflated
  });

  it('stamps the DOS date and time of the given moment', () => {
    const zip = zipArchive([{ name: 'a', data: Buffer.from('a') }], new Date(2026, 11, 2, 3, 4, 6));
    expect(zip.readUInt16LE(10)).toBe((3 << 11) | (4 << 5) | 3);
    expect(zip.readUInt16LE(12)).toBe(((2026 - 1980) << 9) | (12 << 5) | 2);
  });
});
