import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample } from '../../support/workspace';
import { CLI_FROM_SOURCES } from '../../support/cli';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-cli-config-'));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [CLI_FROM_SOURCES, ...args], {
    encoding: 'utf8',
    env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
  });

describe('ai-eval (foundation commands)', () => {
  it('prints help and version', () => {
    expect(cli('--help').stdout).toContain('usage: ai-eval <command>');
    expect(cli('--version').stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(cli('frobnicate').status).toBe(2);
  });

  it('finishes with its own exit code when the reader of its output stops early (| head)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'aieval-pipe-')), 'ws');
    expect(cli('init', dir).status).toBe(0);
    const out = join(dir, 'run.json');
    const child = spawn(
      process.execPath,
      [CLI_FROM_SOURCES, 'run', '--workspace', dir, '--target', 'helpdesk_chat_offline', '--json', out],
      {
        env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
      },
    );
    // Closed before the command writes its first line: every write to stdout fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).not.toMatch(/EPIPE/);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      runs: { status: string; verdict: { passed: boolean } }[];
    };
    expect(report.runs.map((run) => [run.status, run.verdict.passed])).toEqual([['complete', true]]);
  }, 60_000);

  it('init then validate exits 0, and init refuses to overwrite', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'aieval-init-')), 'ws');
    expect(cli('init', dir).status).toBe(0);
    const validate = cli('validate', '--workspace', dir);
    expect(validate.status).toBe(0);
    expect(validate.stdout).toMatch(/^ok: 4 targets/);
    expect(cli('init', dir).status).toBe(2);
    expect(readFileSync(join(configDir, 'trusted-workspaces.json'), 'utf8')).toContain(dir);
  });

  const broken: readonly [string, Record<string, (t: string) => string>, RegExp][] = [
    [
      'a key typo',
      { 'datasets/helpdesk.yaml': (t) => t.replace('    expected_tools:', '    expected_tool:') },
      /^datasets\/helpdesk\.yaml:\d+:5 questions\.4\.expected_tool unknown key "expected_tool"; did you mean "expected_tools"\?$/,
    ],
    [
      'a YAML syntax error',
      { 'aieval.yaml': (t) => t.replace('version: 1', 'version: [1') },
      /^aieval\.yaml:\d+:\d+ \(file\) YAML syntax error: /,
    ],
    [
      'a dataset without questions',
      { 'datasets/empty.yaml': () => 'id: empty\nquestions: []\n' },
      /^datasets\/empty\.yaml:2:1 questions a dataset needs at least one question$/,
    ],
    [
      'an unknown provider',
      { 'aieval.yaml': (t) => t.replace('judge:\n  provider: offline', 'judge:\n  provider: cloud') },
      /^aieval\.yaml:\d+:3 judge\.provider unknown provider "cloud"; known: local, offline$/,
    ],
  ];
  for (const [what, edits, line] of broken) {
    it(`validate exits 2 on ${what}, one line per error`, () => {
      const result = cli('validate', '--workspace', copyExample(edits));
      expect(result.status).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines[0]).toMatch(line);
      expect(lines.every((l) => /^[\w/.-]+:\d+:\d+ \S+ .+/.test(l))).toBe(true);
    });
  }
});
