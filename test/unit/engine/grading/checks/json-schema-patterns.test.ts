// json_schema patterns (pattern, patternProperties, propertyNames) match in linear time: a pattern that backtracks for
// ever on a backtracking engine answers at once, and one RE2 cannot run is a validate error and a check error.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../../../src-shared/model';
import { loadWorkspace } from '../../../../../src-main/workspace/load-workspace';
import { copyHostile, HOSTILE_DIR } from '../../../../support/hostile';
import { runOne } from './run-one';

const EVIL = `${'a'.repeat(34)}!`;

describe('json_schema patterns run on the linear-time engine', () => {
  it.each([
    ['pattern', { properties: { a: { type: 'string', pattern: '^(a+)+$' } } }, { a: EVIL }],
    ['patternProperties', { patternProperties: { '^(a+)+$': { type: 'number' } } }, { [EVIL.slice(0, -1)]: 'x' }],
    ['propertyNames', { propertyNames: { pattern: '^(a+)+$' } }, { [EVIL]: 1 }],
  ])(
    '%s: ^(a+)+$ against 34 a and "!" answers (a backtracking engine would take hours)',
    async (_keyword, schema, reply) => {
      const result = await runOne(
        { kind: 'json_schema', schema: { type: 'object', ...schema } },
        { response: JSON.stringify(reply) },
      );
      expect(result).toMatchObject({ executed: true, passed: false });
    },
  );

  it('still matches what the pattern means', async () => {
    const check = { kind: 'json_schema', schema: { properties: { a: { type: 'string', pattern: '^(a+)+$' } } } };
    expect((await runOne(check, { response: '{"a":"aaaa"}' })).passed).toBe(true);
    expect((await runOne(check, { response: '{"a":"aab"}' })).reason).toMatch(/must match pattern "\^\(a\+\)\+\$"/);
  });

  it('a pattern RE2 cannot run is an error of the question at run time, not a failed answer', async () => {
    const check = { kind: 'json_schema', schema: { properties: { a: { type: 'string', pattern: '^(a+)\\1$' } } } };
    expect(await runOne(check, { response: '{"a":"aa"}' })).toMatchObject({
      executed: false,
      reason: expect.stringMatching(/the schema does not compile: .*cannot be matched in linear time/),
    });
  });

  it('a pattern RE2 cannot run is a validate error at file:line:col', () => {
    const dir = copyHostile('schema-pattern');
    copyFileSync(join(HOSTILE_DIR, 'rubrics', 'backref-pattern.yaml'), join(dir, 'rubrics', 'redos.yaml'));
    const errors = loadWorkspace(dir).issues.filter((issue) => issue.severity === 'error');
    expect(errors.map(formatIssue)).toEqual([
      expect.stringMatching(/^rubrics\/redos\.yaml:7:5 checks\.0\.schema .*cannot be matched in linear time/),
    ]);
  });

  it('the committed hostile workspace validates: RE2 runs ^(a+)+$', () => {
    expect(loadWorkspace(copyHostile('schema-pattern')).issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
});
