import { describe, expect, it } from 'vitest';
import { GRADER_CATALOG, GRADER_IDS } from '../../../../src-shared/model';
import { GRADERS } from '../../../../src-main/engine/grading/registry';

describe('GRADERS', () => {
  it('registers all ten graders, each with its catalogue entry', () => {
    expect([...GRADERS.keys()].sort()).toEqual([...GRADER_IDS].sort());
    for (const [id, grader] of GRADERS) expect(grader.info).toBe(GRADER_CATALOG[id]);
  });
});
