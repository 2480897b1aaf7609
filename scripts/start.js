#!/usr/bin/env node
// `npm start`: builds the app and opens the desktop window; where the Electron binary is missing or cannot be
// downloaded, says so in one line and opens the same UI through `ai-eval serve` in the default browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

// Resolving `electron` downloads its binary on first use; do it in a child so a failed download stays quiet.
const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
  encoding: 'utf8',
  timeout: 120000,
});
const electronPath = probe.status === 0 ? probe.stdout.trim() : '';

const child =
  electronPath && existsSync(electronPath)
    ? spawn(electronPath, ['.'], { stdio: 'inherit' })
    : (console.log(
        'Electron is not available on this machine (its binary could not be downloaded); opening the same UI in your browser.',
      ),
      spawn(process.execPath, ['bin/ai-eval.js', 'serve', '--open', ...process.argv.slice(2)], { stdio: 'inherit' }));
child.on('exit', (code) => process.exit(code ?? 0));
