#!/usr/bin/env node
// The `ai-eval` command: runs the CLI bundle in out/cli (plain JavaScript, no TypeScript at run time). `npm ci` builds
// it through the `prepare` script; `npm run build:cli` builds it again after a change to the sources.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../out/cli/ai-eval.cjs', import.meta.url);
if (!existsSync(bundle)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(
    `error: ai-eval is not built (${fileURLToPath(bundle)} is missing): run \`npm run build:cli\` in ${root}` +
      ' (`npm ci` builds it through its prepare script)\n',
  );
  process.exit(3);
}
const { runCli } = createRequire(import.meta.url)(fileURLToPath(bundle));
await runCli();
