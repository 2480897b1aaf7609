#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, build the UI, then every vitest project (unit, integration, e2e).
// Ends with one plain "N passed, N failed" line and fails when no test ran. The tests' temporary files go under one
// folder of this run (TMPDIR), removed at the end.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['build the UI', 'npm', ['run', '--silent', 'build:web']],
];

for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✕ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

console.log('\n▶ tests (unit, integration, e2e)');
const root = mkdtempSync(join(tmpdir(), 'aieval-test-'));
const report = join(root, 'vitest.json');
const temp = join(root, 'tmp');
const config = join(root, 'config');
mkdirSync(temp);
mkdirSync(config);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: temp, TEMP: temp, TMP: temp, AIEVAL_CONFIG_DIR: config },
  },
);
let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.error('no test report was written');
}
console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`);
rmSync(root, { recursive: true, force: true });
if (summary.numPassedTests === 0) {
  console.error('no test ran');
  process.exit(1);
}
process.exit(result.status ?? 1);
