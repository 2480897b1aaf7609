import { describe, expect, it } from 'vitest';
import { shellWord } from '../../../src-shared/text/shell-word';

describe('shellWord', () => {
  it('leaves a plain path alone and quotes one with a space or a shell character', () => {
    expect(shellWord('/home/ada/work/example')).toBe('/home/ada/work/example');
    expect(shellWord('C:\\Users\\ada\\example')).toBe('C:\\Users\\ada\\example');
    expect(shellWord('/home/ada/Documents/AI Eval/example')).toBe('"/home/ada/Documents/AI Eval/example"');
    expect(shellWord('/tmp/a$b "c"')).toBe('"/tmp/a\\$b \\"c\\""');
  });
});
