#!/usr/bin/env node
// `npm start`: builds the app, prepares better-sqlite3 for Electron's ABI in a folder of its own the first time
// (scripts/electron-native.ts, one line), and opens the desktop window; where the Electron binary is missing or
// cannot be downloaded, says so in one line and opens the same UI through `ai-eval serve` in the default browser.
// `npm run serve` (--browser) goes straight to the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const aiEval = join(root, 'bin', 'ai-eval.js');

// npm and npx are .cmd scripts on Windows, which only a shell runs.
const shell = process.platform === 'win32';
const browserOnly = process.argv.includes('--browser');
const serveArgs = process.argv.slice(2).filter((arg) => arg !== '--browser');

/** The desktop build and the Electron binary, or '' when the binary is missing or cannot be downloaded. */
function electronBinary() {
  const build = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: root,
    shell,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Resolving `electron` downloads its binary on first use; do it in a child so a failed download stays quiet.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120000,
  });
  return probe.status === 0 ? probe.stdout.trim() : '';
}

/** The Electron build of better-sqlite3 (made once; the Node build stays as it is); false when it cannot be made. */
function electronSqlite() {
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'electron-native.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  return prepared.status === 0;
}

const electronPath = browserOnly ? '' : electronBinary();
const desktop = Boolean(electronPath) && existsSync(electronPath) && electronSqlite();

/** The workspace the browser fallback opens: $AIEVAL_WORKSPACE, else the example the desktop app creates on first start. */
function fallbackWorkspace() {
  const dir = process.env.AIEVAL_WORKSPACE ?? join(homedir(), 'Documents', 'AI Eval', 'example');
  if (!existsSync(join(dir, 'aieval.yaml'))) spawnSync(process.execPath, [aiEval, 'init', dir], { stdio: 'inherit' });
  return dir;
}

function serveInBrowser() {
  if (!browserOnly) {
    console.log(
      electronPath && existsSync(electronPath)
        ? 'The desktop window cannot open without better-sqlite3 for Electron (above); opening the same UI in your browser.'
        : 'Electron is not available on this machine (its binary could not be downloaded); opening the same UI in your browser.',
    );
    // `npm run serve` built the CLI already; here the browser fallback needs it too.
    const build = spawnSync('npm', ['run', '--silent', 'build:cli'], {
      shell,
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return spawn(process.execPath, [aiEval, 'serve', '--open', '--workspace', fallbackWorkspace(), ...serveArgs], {
    stdio: 'inherit',
  });
}

const child = desktop ? spawn(electronPath, [root], { stdio: 'inherit' }) : serveInBrowser();
child.on('exit', (code) => process.exit(code ?? 0));
