// The engine's layering rule: a planted import up a floor, into a core layer a room's row lacks, or from a room the
// table does not know, is an error; what a row allows, a room's own files and src-shared are not.
import { RuleTester } from 'eslint';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { engineLayers } from '../../../eslint-rules/engine-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const table = { stats: [], scoring: ['engine/stats'], grading: ['engine/scoring', 'engine/stats', 'store'] };
const file = (path: string) => join(process.cwd(), 'src-main', 'engine', path);

tester.run('engine-layers', engineLayers, {
  valid: [
    {
      filename: file('grading/judge/run-judge.ts'),
      code: "import { x } from '../../scoring/verdict';",
      options: [table],
    },
    { filename: file('grading/judge/run-judge.ts'), code: "import { x } from '../rubric/combine';", options: [table] },
    { filename: file('grading/grader.ts'), code: "import type { S } from '../../store/store';", options: [table] },
    { filename: file('stats/wilson.ts'), code: "import { z } from '../../../src-shared/model';", options: [table] },
    { filename: file('stats/wilson.ts'), code: "import { z } from 'zod';", options: [table] },
  ],
  invalid: [
    {
      filename: file('stats/wilson.ts'),
      code: "import { verdict } from '../scoring/verdict';",
      options: [table],
      errors: [{ messageId: 'notAllowed', data: { from: 'engine/stats', to: 'engine/scoring', allowed: 'nothing' } }],
    },
    {
      filename: file('scoring/verdict.ts'),
      code: "export { grade } from '../grading/grader';",
      options: [table],
      errors: [{ messageId: 'notAllowed' }],
    },
    {
      filename: file('scoring/verdict.ts'),
      code: "const store = await import('../../store/store');",
      options: [table],
      errors: [
        { messageId: 'notAllowed', data: { from: 'engine/scoring', to: 'store', allowed: 'only engine/stats' } },
      ],
    },
    {
      filename: file('trust/standing.ts'),
      code: "import { wilson } from '../stats/wilson';",
      options: [table],
      errors: [{ messageId: 'unknownRoom', data: { from: 'engine/trust' } }],
    },
  ],
});
