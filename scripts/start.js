#!/usr/bin/env node
// `npm start`: builds the app and opens the desktop window; where the Electron binary is missing or cannot be
// downloaded, says so in one line and opens the same UI through `ai-eval serve` in the default browser.
// `npm run serve` (--browser) goes straight to the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const aiEval = join(root, 'bin', 'ai-eval.js');

const browserOnly = process.argv.includes('--browser');
const serveArgs = process.argv.slice(2).filter((arg) => arg !== '--browser');

/** The desktop build and the Electron binary, or '' when the binary is missing or cannot be downloaded. */
function electronBinary() {
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Resolving `electron` downloads its binary on first use; do it in a child so a failed download stays quiet.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120000,
  });
  return probe.status === 0 ? probe.stdout.trim() : '';
}

const electronPath = browserOnly ? '' : electronBinary();

/** The workspace the browser fallback opens: $AIEVAL_WORKSPACE, else the example the desktop app creates on first start. */
function fallbackWorkspace() {
  const dir = process.env.AIEVAL_WORKSPACE ?? join(homedir(), 'Documents', 'AI Eval', 'example');
  if (!existsSync(join(dir, 'aieval.yaml'))) spawnSync(process.execPath, [aiEval, 'init', dir], { stdio: 'inherit' });
  return dir;
}

function serveInBrowser() {
  if (!browserOnly) {
    console.log(
      'Electron is not available on this machine (its binary could not be downloaded); opening the same UI in your browser.',
    );
  }
  return spawn(process.execPath, [aiEval, 'serve', '--open', '--workspace', fallbackWorkspace(), ...serveArgs], {
    stdio: 'inherit',
  });
}

const child =
  electronPath && existsSync(electronPath) ? spawn(electronPath, [root], { stdio: 'inherit' }) : serveInBrowser();
child.on('exit', (code) => process.exit(code ?? 0));
