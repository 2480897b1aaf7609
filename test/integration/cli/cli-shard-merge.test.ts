import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { shardOf } from '../../../src-main/engine/run/shard';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { runCliInProcess, spawnCli, type CliExit } from '../../support/cli';
import { exampleOn } from '../../support/online-example';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-shard-config-'));
const SHARDS = 4;
// Five processes at once, each starting the CLI through tsx: slow on a loaded two-core machine.
const TARGET = ['--target', 'helpdesk_chat'];

type Report = {
  runs: {
    id: string;
    target: string;
    status: string;
    verdict: Record<string, unknown> & { passed: boolean; pass_rate_ci: [number, number] | null };
    questions: { id: string; repeat_index: number; status: string; score: number | null; passed: boolean | null }[];
  }[];
};

const readReport = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Report;
const questionScores = (report: Report) =>
  report.runs[0]!.questions.map((q) => [q.id, q.repeat_index, q.status, q.score, q.passed]).sort();

/** A copy of the example on the fake server; `gate` replaces helpdesk_chat's gate threshold. */
function workspace(url: string, threshold = 3.5, prompt?: (text: string) => string): string {
  return exampleOn(url, (text) => {
    let edited = text.replace(
      'gate: { metric: avg_score, threshold: 3.5, type: hard }',
      `gate: { metric: avg_score, threshold: ${threshold}, type: hard }`,
    );
    if (prompt) edited = prompt(edited);
    return edited;
  });
}

/** The questions of the example's chat dataset that fall in shard 1 of 4: the slice the judge scores low. */
function unluckyInputs(dir: string): string[] {
  const dataset = parse(readFileSync(join(dir, 'datasets', 'helpdesk.yaml'), 'utf8')) as {
    questions: { id: string; input: string | { role: string; content: string }[] }[];
  };
  return dataset.questions
    .filter((question) => shardOf(question.id, SHARDS) === 1)
    .map((question) => (typeof question.input === 'string' ? question.input : (question.input.at(-1)?.content ?? '')));
}

/** Runs the N shards as N parallel processes, each in its own copy of the workspace (its own machine), into `out`. */
async function runShards(dirs: readonly string[], out: string): Promise<CliExit[]> {
  return Promise.all(
    dirs.map((dir, i) =>
      spawnCli(['run', '--workspace', dir, ...TARGET, '--shard', `${i + 1}/${SHARDS}`, '--out', out], configDir),
    ),
  );
}

describe('ai-eval run --shard I/N --out, then ai-eval merge (child processes, fake provider)', () => {
  let server: FakeProviderServer;
  let unlucky: string[] = [];

  beforeAll(async () => {
    server = await startFakeProviderServer({ script: () => ({ text: '' }) });
    unlucky = unluckyInputs(workspace(server.url));
    // The target echoes the question; the judges fail every answer of shard 1 and like the others.
    server.script = judgeScript((request) => {
      const prompt = request.messages.map((message) => message.content).join('\n');
      const low = unlucky.some((input) => prompt.includes(input));
      return low ? { score: 1, reason: 'wrong' } : { score: 5, reason: 'right' };
    });
  });
  afterAll(async () => {
    await server.close();
  });

  for (const scenario of [
    { name: 'the whole passes though shard 1 alone fails', threshold: 3.2, exit: 0 },
    { name: 'a failing hard gate exits 1 only at the merge', threshold: 4.9, exit: 1 },
  ]) {
    it(`merged verdict, scores, interval and exit code equal the unsharded run's: ${scenario.name}`, async () => {
      expect(unlucky.length).toBeGreaterThan(0);
      const whole = workspace(server.url, scenario.threshold);
      const shardDirs = Array.from({ length: SHARDS }, () => workspace(server.url, scenario.threshold));
      const out = mkdtempSync(join(tmpdir(), 'aieval-shards-'));
      const [unsharded, shards] = await Promise.all([
        spawnCli(['run', '--workspace', whole, ...TARGET, '--json', join(whole, 'whole.json')], configDir),
        runShards(shardDirs, out),
      ]);
      expect(unsharded.code).toBe(scenario.exit);
      for (const shard of shards) {
        expect(shard.stderr).not.toMatch(/^error:/m);
        expect(shard.code).toBe(0);
        expect(shard.stdout).toContain('gate deferred to the merge');
      }
      // The unlucky slice would fail on its own: its run says so, and still exits 0.
      expect(shards[0]!.stdout).toMatch(/helpdesk_chat: this slice alone: avg_score \d\.\d\d < /);

      const mergeDir = workspace(server.url, scenario.threshold);
      const merged = await runCliInProcess(
        [
          'merge',
          out,
          '--workspace',
          mergeDir,
          '--json',
          join(mergeDir, 'merged.json'),
          '--junit',
          join(mergeDir, 'merged.xml'),
        ],
        configDir,
      );
      expect(merged.stderr).toContain('helpdesk_chat: merged shards 1,2,3,4/4 into run ');
      expect(merged.code).toBe(scenario.exit);
      const a = readReport(join(whole, 'whole.json'));
      const b = readReport(join(mergeDir, 'merged.json'));
      expect(b.runs).toHaveLength(1);
      expect(b.runs[0]!.status).toBe('complete');
      expect(b.runs[0]!.verdict).toEqual(a.runs[0]!.verdict);
      expect(b.runs[0]!.verdict.passed).toBe(scenario.exit === 0);
      expect(b.runs[0]!.verdict.pass_rate_ci).not.toBeNull();
      expect(questionScores(b)).toEqual(questionScores(a));
      expect(readFileSync(join(mergeDir, 'merged.xml'), 'utf8')).toContain('<testsuite');

      // Merging again finds the run it made and applies the same gate.
      const again = await runCliInProcess(['merge', out, '--workspace', mergeDir], configDir);
      expect(again.code).toBe(scenario.exit);
      expect(again.stderr).toContain('were merged before, as run ');
    }, 300_000);
  }

  it("--dry-run --shard I/N prints each shard's question count and expected calls, calling no model", async () => {
    const dir = workspace(server.url);
    const before = server.requests.length;
    const dry = await runCliInProcess(
      ['run', '--workspace', dir, ...TARGET, '--dry-run', '--shard', '2/4', '--repeat', '2'],
      configDir,
    );
    expect(dry.code).toBe(0);
    const sizes = [1, 2, 3, 4].map((i) => {
      const line = dry.stdout.split('\n').find((l) => l.startsWith(`  shard ${i}/4: `)) ?? '';
      const match = /: (\d+) questions?, about (\d+) target calls, (\d+) judge calls/.exec(line);
      expect(match, line).not.toBeNull();
      // helpdesk_chat: one target call and four judge calls per question and repeat.
      expect(Number(match![2])).toBe(Number(match![1]) * 2);
      expect(Number(match![3])).toBe(Number(match![1]) * 2 * 4);
      return Number(match![1]);
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(21); // the example dataset's 21 questions
    expect(dry.stdout).toMatch(/shard 2\/4: .*<- this shard/);
    expect(server.requests.length).toBe(before);
  });

  it('refuses a set with a missing, a duplicated or a foreign shard (exit 2, with the reason)', async () => {
    const dirs = Array.from({ length: SHARDS }, () => workspace(server.url));
    const out = mkdtempSync(join(tmpdir(), 'aieval-shards-'));
    const shards = await runShards(dirs, out);
    expect(shards.map((shard) => shard.code)).toEqual([0, 0, 0, 0]);
    const mergeDir = workspace(server.url);
    const manifest = (i: number) => join(out, `ai-eval-shard-${i}-of-${SHARDS}.json`);

    const missing = await runCliInProcess(
      ['merge', manifest(1), manifest(2), manifest(4), '--workspace', mergeDir],
      configDir,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`missing shard: shard 3/4 of helpdesk_chat (no ai-eval-shard-3-of-4.json`);

    const copy = mkdtempSync(join(tmpdir(), 'aieval-shards-copy-'));
    cpSync(out, copy, { recursive: true });
    const duplicated = await runCliInProcess(
      ['merge', out, manifest(2).replace(out, copy), '--workspace', mergeDir],
      configDir,
    );
    expect(duplicated.code).toBe(2);
    expect(duplicated.stderr).toContain('duplicated shard: shard 2/4 of helpdesk_chat is given 2 times');

    // Shard 3 again, from a workspace whose prompt was edited in between.
    const other = workspace(server.url, 3.5, (text) => text.replace('briefly and politely', 'briefly'));
    const otherOut = mkdtempSync(join(tmpdir(), 'aieval-shards-other-'));
    const rerun = await spawnCli(
      ['run', '--workspace', other, ...TARGET, '--shard', '3/4', '--out', otherOut],
      configDir,
    );
    expect(rerun.code).toBe(0);
    const foreign = await runCliInProcess(
      ['merge', manifest(1), manifest(2), manifest(4), otherOut, '--workspace', mergeDir],
      configDir,
    );
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(
      /foreign shard: shard 3\/4 of helpdesk_chat \(.*\) was run with another system prompt/,
    );

    const notManifest = join(mergeDir, 'not-a-shard.json');
    writeFileSync(notManifest, '{"schema_version": "0.3.0"}');
    const wrong = await runCliInProcess(['merge', notManifest, '--workspace', mergeDir], configDir);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('not an ai-eval shard manifest');
    // Nothing was stored by the refused merges.
    expect(missing.stdout + duplicated.stdout + foreign.stdout).not.toContain('helpdesk_chat ');
  }, 300_000);
});
