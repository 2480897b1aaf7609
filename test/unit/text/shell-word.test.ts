import { describe, expect, it } from 'vitest';
import { shellWord } from '../../../src-shared/text/shell-word';

describe('shellWord', () => {
  // A plain path stays as it is; one with a space or a shell character is quoted.
  it.each([
    ['/home/ada/work/example', '/home/ada/work/example'],
    ['C:\\Users\\ada\\example', 'C:\\Users\\ada\\example'],
    ['/home/ada/Documents/AI Eval/example', '"/home/ada/Documents/AI Eval/example"'],
    ['/tmp/a$b "c"', '"/tmp/a\\$b \\"c\\""'],
  ])('writes %s as %s', (path, word) => {
    expect(shellWord(path)).toBe(word);
  });
});
