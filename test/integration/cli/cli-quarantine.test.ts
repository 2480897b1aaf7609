// `ai-eval quarantine` and the gate: a quarantined question still runs and is scored, the gate leaves it out and the
// verdict, the --json dump, the JUnit report and the EEE envelope all say so.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { lastUserText } from '../../fixtures/fake-scripts';
import { runCliInProcess } from '../../support/cli';
import { quarantineWorkspaceOn } from '../../support/workspace';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-quarantine-config-'));
const cli = (...args: string[]) => runCliInProcess(args, configDir);

type Report = {
  runs: {
    quarantined: string[];
    verdict: { passed: boolean; reason: string; pass_rate: number; quarantined?: string[]; counts: { scored: number } };
    questions: { id: string; quarantined: boolean; status: string; passed: boolean }[];
  }[];
};

describe('ai-eval quarantine and the gate (fake provider server)', { timeout: 60_000 }, () => {
  let server: FakeProviderServer;
  let dir: string;

  /** The options that name the flaky question of the json_bot target in the workspace. */
  const flakyOneArgs = () => ['--workspace', dir, '--target', 'json_bot', '--question', 'flaky_one'];

  beforeAll(async () => {
    // Every question answers JSON except the flaky one: 3 of 4 pass, under the 80 % gate.
    server = await startFakeProviderServer({
      script: (request) => ({ text: lastUserText(request).includes('flaky') ? 'not json' : '{"ok": true}' }),
    });
    dir = quarantineWorkspaceOn(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('fails the gate, then passes it once the failing question is quarantined, and says so everywhere', async () => {
    const before = await cli('run', '--workspace', dir, '--target', 'json_bot', '--json', join(dir, 'before.json'));
    expect(before.stderr).not.toMatch(/^error:/m);
    expect(before.code).toBe(1);
    const failed = (JSON.parse(readFileSync(join(dir, 'before.json'), 'utf8')) as Report).runs[0]!;
    expect(failed.verdict.pass_rate).toBe(0.75);
    expect(failed.quarantined).toEqual([]);

    const text = readFileSync(join(dir, 'aieval.yaml'), 'utf8');
    const added = await cli('quarantine', 'add', ...flakyOneArgs());
    // The file's other warnings come with the answer (the disabled question it already quarantined).
    expect(added.stderr).toBe(
      'aieval.yaml:20:9 targets.0.quarantine.0 quarantined question "retired_one" is disabled: it does not run anyway',
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('json_bot: flaky_one quarantined');
    const after = readFileSync(join(dir, 'aieval.yaml'), 'utf8');
    expect(after).toBe(
      text.replace('      - retired_one # kept: only the edited line may change\n', '$&      - flaky_one\n'),
    );

    const json = join(dir, 'after.json');
    const junit = join(dir, 'after.xml');
    const run = await cli('run', '--workspace', dir, '--target', 'json_bot', '--json', json, '--junit', junit);
    expect(run.stderr).not.toMatch(/^error:/m);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 quarantined question left out: flaky_one');

    const report = (JSON.parse(readFileSync(json, 'utf8')) as Report).runs[0]!;
    expect(report.quarantined).toEqual(['flaky_one']);
    expect(report.verdict).toMatchObject({ passed: true, pass_rate: 1, quarantined: ['flaky_one'] });
    expect(report.verdict.reason).toBe('pass_rate 100.0% ≥ 80.0%; 1 quarantined question left out: flaky_one');
    // The question still ran and was scored: in the counts and the dump, marked, never hidden.
    expect(report.verdict.counts.scored).toBe(4);
    const flaky = report.questions.find((question) => question.id === 'flaky_one');
    expect(flaky).toMatchObject({ quarantined: true, status: 'scored', passed: false });
    expect(report.questions.filter((question) => question.quarantined)).toHaveLength(1);

    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuite [^>]*tests="4" failures="0" errors="0" skipped="1"/);
    expect(xml).toMatch(
      /<testcase [^>]*name="flaky_one"[^>]*>\s*<skipped message="quarantined">score 0\.00 &lt; 3\.50: failed; left out of the gate/,
    );
    expect(xml).toContain('1 quarantined question left out: flaky_one');

    // history.target reports the quarantine.
    const history = await cli('history', ...flakyOneArgs(), '--json');
    const [timeline] = JSON.parse(history.stdout) as { history: { quarantined: boolean } | null }[];
    expect(timeline!.history?.quarantined).toBe(true);

    // The envelope: the gate result names the quarantine, the instance rows of the question carry it, and it imports.
    const outputDir = mkdtempSync(join(tmpdir(), 'aieval-quarantine-eee-'));
    const exported = await cli('export-envelope', '--workspace', dir, '--output-dir', outputDir, '--json');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const files = (JSON.parse(exported.stdout) as { runs: { files: { kind: string; path: string }[] }[] }).runs
      .at(-1)!
      .files.map((file) => file.path);
    const aggregate = JSON.parse(
      readFileSync(
        files.find((path) => path.endsWith('.json'))!,
        'utf8',
      ),
    ) as {
      evaluation_results: {
        metric_config: { metric_id?: string };
        score_details: { details?: Record<string, string> };
      }[];
    };
    const gate = aggregate.evaluation_results.find((result) => result.score_details.details?.verdict !== undefined);
    expect(gate?.score_details.details).toMatchObject({ quarantined: 'flaky_one', verdict: 'pass' });
    const rows = readFileSync(
      files.find((path) => path.endsWith('.jsonl'))!,
      'utf8',
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sample_id: string; metadata: Record<string, string> });
    expect(
      rows.filter((row) => row.metadata.quarantined === 'true').every((row) => row.sample_id === 'flaky_one'),
    ).toBe(true);
    expect(rows.some((row) => row.sample_id === 'flaky_one' && row.metadata.quarantined === 'true')).toBe(true);
    const fresh = quarantineWorkspaceOn(server.url);
    const imported = await cli(
      'import-envelope',
      '--workspace',
      fresh,
      files.find((path) => path.endsWith('.json'))!,
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);

    // Out of quarantine: the file is as it was, and the gate fails again.
    const removed = await cli('quarantine', 'remove', ...flakyOneArgs());
    expect(removed.code).toBe(0);
    expect(readFileSync(join(dir, 'aieval.yaml'), 'utf8')).toBe(text);
    expect((await cli('run', '--workspace', dir, '--target', 'json_bot')).code).toBe(1);
  });

  it('refuses an unknown question (exit 2) and lists the quarantine', async () => {
    const unknown = await cli('quarantine', 'add', '--workspace', dir, '--target', 'json_bot', '--question', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no question "nope" in dataset "formats" to quarantine');
    const listed = await cli('quarantine', 'list', '--workspace', dir);
    expect(listed.stdout).toContain('json_bot: retired_one');
    expect(listed.stdout).toContain('other_bot: nothing quarantined');
    const bad = await cli('quarantine', 'add', '--workspace', dir, '--question', 'flaky_one');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('add takes one --target and at least one --question');
  });

  it('validate warns, with file:line:col, about a quarantined id that is disabled or not in the dataset', async () => {
    const copy = quarantineWorkspaceOn(server.url);
    const config = join(copy, 'aieval.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('      - retired_one', '      - retired_one\n      - gone_one'),
    );
    const result = await cli('validate', '--workspace', copy);
    expect(result.code).toBe(0);
    const all = `${result.stdout}\n${result.stderr}`;
    expect(all).toMatch(/aieval\.yaml:20:9 .*quarantined question "retired_one" is disabled/);
    expect(all).toMatch(/aieval\.yaml:21:9 .*quarantined question "gone_one" is not in dataset "formats"/);
  });
});
