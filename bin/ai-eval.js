#!/usr/bin/env node
// The `ai-eval` command: runs the CLI bundle in out/cli (plain JavaScript, no TypeScript at run time). `npm ci` builds
// it through the `prepare` script; `npm run build:cli` builds it again after a change to the sources.
// CommonJS (bin/package.json): an ES module here would load Node's ES module loader at every start, for nothing.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const bundle = join(__dirname, '..', 'out', 'cli', 'ai-eval.cjs');
if (!existsSync(bundle)) {
  process.stderr.write(
    `error: ai-eval is not built (${bundle} is missing): run \`npm run build:cli\` in ${join(__dirname, '..')}` +
      ' (`npm ci` builds it through its prepare script)\n',
  );
  process.exit(3);
}
void require(bundle).runCli();
