import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceCache } from '../../../src-main/workspace/workspace-cache';
import { copyExample } from '../../support/workspace';

describe('WorkspaceCache', () => {
  it('returns the same workspace while no file changed, and reloads after an edit or invalidate', () => {
    const dir = copyExample();
    const cache = new WorkspaceCache();
    const first = cache.load(dir);
    expect(cache.load(dir)).toBe(first);
    appendFileSync(join(dir, 'datasets', 'helpdesk.yaml'), '\n# a comment\n');
    const second = cache.load(dir);
    expect(second).not.toBe(first);
    cache.invalidate();
    expect(cache.load(dir)).not.toBe(second);
  });
});
