#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, build the CLI (tests spawn bin/ai-eval.js) and the UI, then the vitest projects unit, integration, security and e2e, and
// after them the desktop smoke test (it rebuilds the app; its renderer goes to out/desktop-renderer, not the e2e tests' out/renderer).
// Ends with one plain "N passed, N failed" line and fails when no test ran. The tests' temporary files go under one
// folder of this run (TMPDIR), removed at the end.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// npm and npx are .cmd scripts on Windows, which only a shell runs.
const shell = process.platform === 'win32';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['build the CLI', 'npm', ['run', '--silent', 'build:cli']],
  ['build the UI', 'npm', ['run', '--silent', 'build:web']],
];

for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell });
  if (result.status !== 0) {
    console.error(`✕ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const root = mkdtempSync(join(tmpdir(), 'aieval-test-'));
// Others may pass through (not list): the throwaway PostgreSQL of the team store's tests runs as its own user in here.
chmodSync(root, 0o711);
const temp = join(root, 'tmp');
const config = join(root, 'config');
mkdirSync(temp);
mkdirSync(config);
const summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
let failed = false;
for (const [label, projects] of [
  ['tests (unit, integration, security, e2e)', ['unit', 'integration', 'security', 'e2e']],
  ['desktop smoke test', ['desktop']],
]) {
  console.log(`\n▶ ${label}`);
  const report = join(root, `vitest-${projects.join('-')}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...projects.map((project) => `--project=${project}`),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    {
      stdio: 'inherit',
      shell,
      env: { ...process.env, TMPDIR: temp, TEMP: temp, TMP: temp, AIEVAL_CONFIG_DIR: config },
    },
  );
  failed ||= result.status !== 0;
  try {
    const counts = JSON.parse(readFileSync(report, 'utf8'));
    for (const key of Object.keys(summary)) summary[key] += counts[key];
  } catch {
    console.error(`no test report was written for ${label}`);
    failed = true;
  }
}
console.log(`\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`);
rmSync(root, { recursive: true, force: true });
if (summary.numPassedTests === 0) {
  console.error('no test ran');
  process.exit(1);
}
process.exit(failed ? 1 : 0);
