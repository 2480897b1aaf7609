// Seeded mutations for the fuzz suite: byte flips, inserts, deletions, duplicated spans and tokens that hostile
// input is made of (aliases, deep nesting, huge numbers, NULs, BOMs, protobuf tags).

const TOKENS = [
  '&a ',
  '*a',
  '&b [*a, *a, *a, *a]',
  '<<: *a',
  '? [k]\n: v\n',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  '- ',
  '\n',
  '\t',
  '#',
  '!!binary ',
  '\u0000',
  '\uFEFF',
  '\uD800',
  'null',
  '-1',
  '1e309',
  '99999999999999999999999',
  'NaN',
  '"intValue":"abc"',
  '"resourceSpans":[null]',
  '"schema_version":"1.0.0"',
  '"score":-3',
  '(a+)+$',
  '(?=x)',
  '\\1',
  '../../etc/passwd',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
].map((token) => Buffer.from(token));

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** One to four mutations of `input`. */
export function mutate(input: Buffer, random: () => number): Buffer {
  let bytes = Buffer.from(input);
  const rounds = 1 + Math.floor(random() * 4);
  for (let round = 0; round < rounds; round++) {
    const at = Math.floor(random() * (bytes.length + 1));
    const kind = Math.floor(random() * 7);
    if (kind === 0 && bytes.length > 0) {
      const copy = Buffer.from(bytes);
      copy[Math.min(at, copy.length - 1)]! ^= 1 << Math.floor(random() * 8);
      bytes = copy;
    } else if (kind === 1) {
      bytes = Buffer.concat([bytes.subarray(0, at), pick(random, TOKENS), bytes.subarray(at)]);
    } else if (kind === 2) {
      const length = Math.floor(random() * 64);
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + length)]);
    } else if (kind === 3) {
      const length = Math.floor(random() * 256);
      const from = Math.floor(random() * Math.max(1, bytes.length));
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(from, from + length), bytes.subarray(at)]);
    } else if (kind === 4) {
      const random8 = Buffer.from(
        Array.from({ length: 1 + Math.floor(random() * 8) }, () => Math.floor(random() * 256)),
      );
      bytes = Buffer.concat([bytes.subarray(0, at), random8, bytes.subarray(at)]);
    } else if (kind === 5) {
      bytes = bytes.subarray(0, at);
    } else {
      const copy = Buffer.from(bytes);
      const byte = pick(random, [0x00, 0x0a, 0x0b, 0x0c, 0x12, 0x7f, 0x80, 0xff, 0x22, 0x5c]);
      if (copy.length > 0) copy[Math.min(at, copy.length - 1)] = byte;
      bytes = copy;
    }
  }
  return bytes;
}
