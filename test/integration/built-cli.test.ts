// The built CLI as a user runs it after `npm ci`: `node bin/ai-eval.js` over the bundle in out/cli, not the sources.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BUILT = join(ROOT, 'out', 'cli');
const configDir = mkdtempSync(join(tmpdir(), 'aieval-built-cli-config-'));

const aiEval = (bin: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
    timeout: 60_000,
  });
const cli = (...args: string[]) => aiEval(join(ROOT, 'bin', 'ai-eval.js'), ...args);

describe('the built ai-eval', () => {
  beforeAll(() => {
    // Built from the sources as they are now, as `npm ci` does through `prepare`.
    const build = spawnSync('npm', ['run', '-s', 'build:cli'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      shell: process.platform === 'win32', // npm is a .cmd there
    });
    expect(build.status, build.stderr).toBe(0);
  }, 150_000);

  it('is plain JavaScript: neither bin/ai-eval.js nor the bundle loads tsx', () => {
    const files = ['bin/ai-eval.js', ...readdirSync(BUILT).map((file) => `out/cli/${file}`)];
    const loadsTsx = files.filter((file) =>
      /(?:from\s*|import\(\s*)["']tsx(?:\/[^"']*)?["']/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(2);
    expect(loadsTsx).toEqual([]);
  });

  it('finds its worker threads beside the chunks that start them', () => {
    const wanted = readdirSync(BUILT)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [
        ...readFileSync(join(BUILT, file), 'utf8').matchAll(
          /workerEntry\(import\.meta\.url, "[^"]+", "\.\/([^"]+)"\)/g,
        ),
      ])
      .map((match) => match[1]);
    expect([...new Set(wanted)].sort()).toEqual(['store-checkpointer.js', 'trace-decoder.js']);
    for (const file of wanted) expect(readdirSync(BUILT)).toContain(file);
  });

  it('init, validate and an offline run of the example, each exit 0', () => {
    expect(cli('--version').stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const dir = join(mkdtempSync(join(tmpdir(), 'aieval-built-cli-')), 'ws');
    const init = cli('init', dir);
    expect(init.status, init.stderr).toBe(0);
    const validate = cli('validate', '--workspace', dir);
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/^ok: 4 targets/);
    const results = join(dir, 'results.json');
    const run = cli('run', '--workspace', dir, '--target', 'helpdesk_chat_offline', '--json', results);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(results, 'utf8')) as {
      runs: { status: string; verdict: { passed: boolean } }[];
    };
    expect(report.runs.map((r) => [r.status, r.verdict.passed])).toEqual([['complete', true]]);
  }, 120_000);

  it('a missing build says which command builds it, exit 3', () => {
    const copy = mkdtempSync(join(tmpdir(), 'aieval-unbuilt-'));
    mkdirSync(join(copy, 'bin'));
    cpSync(join(ROOT, 'bin', 'ai-eval.js'), join(copy, 'bin', 'ai-eval.js'));
    const result = aiEval(join(copy, 'bin', 'ai-eval.js'), '--version');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/^error: ai-eval is not built \(.+ is missing\): run `npm run build:cli` in /);
  });
});
