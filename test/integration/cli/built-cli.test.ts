// The built CLI as a user runs it after `npm ci`: `node bin/ai-eval.js` over the bundle in out/cli, not the sources.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer } from '../../fixtures/fake-provider-server';
import { copyHostile } from '../../support/hostile';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BUILT = join(ROOT, 'out', 'cli');
const configDir = mkdtempSync(join(tmpdir(), 'aieval-built-cli-config-'));

const aiEval = (bin: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
    timeout: 60_000,
  });
const cli = (...args: string[]) => aiEval(join(ROOT, 'bin', 'ai-eval.js'), ...args);

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

describe('the built ai-eval', () => {
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
      .filter((file) => file.endsWith('.cjs'))
      .flatMap((file) => [
        ...readFileSync(join(BUILT, file), 'utf8').matchAll(/workerEntry\([^,]+, "[^"]+", "([^"]+)"\)/g),
      ])
      .map((match) => `${match[1]}.cjs`);
    expect([...new Set(wanted)].sort()).toEqual(['store-checkpointer.cjs', 'trace-decoder.cjs']);
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

describe('the built ai-eval against a hostile workspace', () => {
  it('a json_schema pattern ^(a+)+$ against 34 a and "!" ends the run (gate failed, exit 1), never hangs', async () => {
    const reply = JSON.stringify({ a: `${'a'.repeat(34)}!` });
    const server = await startFakeProviderServer({ script: () => ({ text: reply }) });
    try {
      const dir = copyHostile('schema-pattern', server.url);
      const results = join(dir, 'results.json');
      const args = ['run', '--workspace', dir, '--json', results];
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'ai-eval.js'), ...args], {
        env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
      });
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      clearTimeout(killer);
      expect(code).toBe(1);
      const report = JSON.parse(readFileSync(results, 'utf8')) as {
        runs: { questions: { status: string; graders: { checks: unknown[] }[] }[] }[];
      };
      const [question] = report.runs[0]!.questions;
      expect(question!.status).toBe('scored');
      expect(question!.graders[0]!.checks).toEqual([expect.objectContaining({ kind: 'json_schema', passed: false })]);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe("the built ai-eval's compile cache", () => {
  const exampleCopy = () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'aieval-compile-cache-ws-')), 'ws');
    cpSync(join(ROOT, 'resources', 'example'), dir, { recursive: true });
    return dir;
  };
  const withCache = (cacheRoot: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [join(ROOT, 'bin', 'ai-eval.js'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, AIEVAL_CACHE_DIR: cacheRoot, CI: 'true', ...env },
      timeout: 60_000,
    });
  const nodeFolder = (cacheRoot: string) => join(cacheRoot, 'v8', `${process.version}-${process.arch}`);
  /** Every cache file with what changes when it is written again (a new file renamed over it). */
  const cacheFiles = (cacheRoot: string) => {
    const [build, ...others] = readdirSync(nodeFolder(cacheRoot));
    expect(others).toEqual([]);
    const folder = join(nodeFolder(cacheRoot), build!);
    return readdirSync(folder)
      .sort()
      .map((name) => {
        const stat = statSync(join(folder, name));
        const mode = stat.mode & 0o777;
        return { name, path: join(folder, name), inode: stat.ino, mtime: stat.mtimeMs, mode, size: stat.size };
      });
  };

  it('a successful command leaves the compiled code of the chunks it ran, and the next start uses it', () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'aieval-compile-cache-'));
    const workspace = exampleCopy();
    const first = withCache(cacheRoot, ['validate', '--workspace', workspace]);
    expect(first.status, first.stderr).toBe(0);
    const written = cacheFiles(cacheRoot);
    expect(written.map((file) => file.name)).toContainEqual(
      expect.stringMatching(/^validate\.command-.+\.cjs\.validate\.bin$/),
    );
    expect(written.every((file) => file.name.endsWith('.cjs.validate.bin'))).toBe(true);
    if (process.platform !== 'win32') expect(new Set(written.map((file) => file.mode))).toEqual(new Set([0o600]));

    const second = withCache(cacheRoot, ['validate', '--workspace', workspace]);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    // V8 took every file: a refused one would have been compiled from source and written again.
    expect(cacheFiles(cacheRoot)).toEqual(written);
  }, 60_000);

  it('a damaged file is refused by V8, the chunk compiles from source and the file is written again', () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'aieval-compile-cache-'));
    const workspace = exampleCopy();
    const clean = withCache(cacheRoot, ['validate', '--workspace', workspace]);
    const [target] = cacheFiles(cacheRoot).sort((a, b) => b.size - a.size);
    writeFileSync(target!.path, 'not V8 cached data');
    const damaged = withCache(cacheRoot, ['validate', '--workspace', workspace]);
    expect(damaged.status, damaged.stderr).toBe(0);
    expect(damaged.stdout).toBe(clean.stdout);
    expect(readFileSync(target!.path).length).toBeGreaterThan(10_000);
  }, 60_000);

  it('--help, a failed command and AIEVAL_DISABLE_COMPILE_CACHE=1 leave nothing behind', () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'aieval-compile-cache-'));
    expect(withCache(cacheRoot, ['validate', '--help']).status).toBe(0);
    expect(withCache(cacheRoot, ['validate', '--workspace', join(cacheRoot, 'no-such-workspace')]).status).toBe(2);
    const off = withCache(cacheRoot, ['validate', '--workspace', exampleCopy()], { AIEVAL_DISABLE_COMPILE_CACHE: '1' });
    expect(off.status, off.stderr).toBe(0);
    expect(readdirSync(cacheRoot)).toEqual([]);
  }, 60_000);

  it('keeps the folders of the two most recently written other builds and removes the rest', () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'aieval-compile-cache-'));
    const folder = nodeFolder(cacheRoot);
    const days = [1, 2, 3, 4];
    for (const day of days) {
      mkdirSync(join(folder, `old-build-${day}`), { recursive: true });
      const when = new Date(Date.now() - day * 86_400_000);
      utimesSync(join(folder, `old-build-${day}`), when, when);
    }
    const run = withCache(cacheRoot, ['validate', '--workspace', exampleCopy()]);
    expect(run.status, run.stderr).toBe(0);
    const builds = readdirSync(folder).sort();
    expect(builds).toHaveLength(3);
    expect(builds.filter((name) => name.startsWith('old-build-'))).toEqual(['old-build-1', 'old-build-2']);
  }, 60_000);
});
