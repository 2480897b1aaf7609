// The words and exit codes a newcomer met on the daily walk: history, quarantine, distill, validate, import-envelope,
// merge and the preflight, each said once, in words, with the count in the right number.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../support/cli';
import { closedPort } from '../../support/closed-port';
import { copyExample } from '../../support/workspace';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-walk-config-'));
const cli = (...args: string[]) => runCliInProcess(args, configDir);

describe('history, quarantine and distill on the offline example', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = copyExample();
    for (let i = 0; i < 2; i += 1) {
      const run = await cli('run', '--workspace', dir, '--trust-workspace', '--target', 'helpdesk_chat_offline');
      expect(run.code, run.stderr).toBe(0);
    }
    const repeated = await cli(
      ...['run', '--workspace', dir, '--trust-workspace', '--target', 'helpdesk_chat_offline', '--repeat', '3'],
    );
    expect(repeated.code, repeated.stderr).toBe(0);
  }, 120_000);

  it('history prints its method once, after every target, with plural counts', async () => {
    const history = await cli('history', '--workspace', dir);
    expect(history.code, history.stderr).toBe(0);
    expect(history.stdout.match(/method: /g)).toHaveLength(1);
    expect(history.stdout.trimEnd().split('\n').at(-1)).toMatch(/^method: Regressed \/ fixed: the run is the unit/);
    expect(history.stdout).toContain('helpdesk_chat_offline: 0 regressed, 0 flaky, 0 fixed since');
    expect(history.stdout).toMatch(/\(3 runs\)/);
    expect(history.stdout).toContain('helpdesk_agent_offline: 0 complete runs: a history needs at least two (0 runs)');
  });

  it('history --tag says the counts are of the tagged questions', async () => {
    const tagged = await cli('history', '--workspace', dir, '--target', 'helpdesk_chat_offline', '--tag', 'hours');
    expect(tagged.code, tagged.stderr).toBe(0);
    expect(tagged.stdout).toMatch(/^helpdesk_chat_offline: questions tagged "hours": 0 regressed, 0 flaky, 0 fixed/);
  });

  it('history checks --window, --recent and --question in its own words (exit 2)', async () => {
    const window = await cli('history', '--workspace', dir, '--window', '1');
    expect(window.code).toBe(2);
    expect(window.stderr).toContain('error: --window must be a whole number from 2 to 200, got "1"');
    expect(window.stderr).not.toMatch(/Invalid input|Too small/);
    const recent = await cli('history', '--workspace', dir, '--window', '5', '--recent', '5');
    expect(recent.code).toBe(2);
    expect(recent.stderr).toContain('error: --recent must be a whole number from 1 to 4, got "5"');
    const question = await cli('history', '--workspace', dir, '--question', 'nope');
    expect(question.code).toBe(2);
    expect(question.stderr).toContain(
      'error: target "helpdesk_chat_offline": no question "nope" in dataset "helpdesk" nor in its runs',
    );
    const known = await cli(
      'history',
      '--workspace',
      dir,
      '--target',
      'helpdesk_chat_offline',
      '--question',
      'renew_loan',
    );
    expect(known.code, known.stderr).toBe(0);
    expect(known.stdout).toMatch(/^helpdesk_chat_offline \/ renew_loan: /);
  });

  it('quarantine add takes several ids after --question', async () => {
    const added = await cli(
      ...['quarantine', 'add', '--workspace', dir, '--target', 'helpdesk_chat_offline', '--question', 'renew_loan'],
      'late_fees',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('helpdesk_chat_offline: renew_loan quarantined');
    expect(added.stdout).toContain('helpdesk_chat_offline: late_fees quarantined');
    expect(added.stdout).toContain('helpdesk_chat_offline: quarantine now renew_loan, late_fees');
    const listed = await cli('quarantine', 'list', 'extra', '--workspace', dir);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain('error: list takes no question ids (got extra)');
  });

  it('distill counts the runs a question failed in, and its repeats apart', async () => {
    const distill = await cli('distill', '--workspace', dir);
    expect(distill.code, distill.stderr).toBe(0);
    const failures = distill.stdout.split('\n').filter((line) => / failed in \d+ of /.test(line));
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) {
      const [, failed, runs] = / failed in (\d+) of (\d+) runs?/.exec(line)!;
      expect(Number(failed)).toBeLessThanOrEqual(Number(runs));
      expect(Number(runs)).toBeLessThanOrEqual(3);
    }
    expect(distill.stdout).toMatch(/failed in \d+ of 3 runs \(\d+ of its 5 answers, repeats counted\)/);
  });
});

describe('validate says what the file declares and which form takes a key', () => {
  it('a rubric whose id is not its file name: the rubric and the reference say so, once each', async () => {
    const dir = copyExample({ 'rubrics/hours_json.yaml': (text) => text.replace('id: hours_json', 'id: hours_jsn') });
    const found = await cli('validate', '--workspace', dir);
    expect(found.code).toBe(2);
    expect(found.stderr.split('\n')).toEqual([
      'rubrics/hours_json.yaml:2:1 id "hours_jsn" does not match the file name "hours_json": an id is its file\'s name',
      'datasets/helpdesk.yaml:41:5 questions.3.rubric_ref rubric "hours_json": rubrics/hours_json.yaml declares id "hours_jsn"; make its id and its file name agree',
    ]);
  });

  it('a key of another form names that form and what this one takes; a typo is one problem', async () => {
    const dir = copyExample({
      'rubrics/hours_json.yaml': (text) =>
        text
          .replace('    format: json\n', '    format: json\n    run: echo hi\n')
          .replace('kind: json_schema', 'knd: json_schema'),
    });
    const found = await cli('validate', '--workspace', dir);
    expect(found.code).toBe(2);
    const rubricLines = found.stderr.split('\n').filter((line) => line.startsWith('rubrics/'));
    expect(rubricLines).toEqual([
      'rubrics/hours_json.yaml:8:5 checks.0.knd unknown key "knd"; did you mean "kind"?',
      'rubrics/hours_json.yaml:21:5 checks.1.run key "run" belongs to another form of this entry (kind: command); kind: format takes id, description, weight, kind, format',
    ]);
  });

  it('a value of the wrong type says what was expected and what it got, not zod words', async () => {
    const dir = copyExample({
      'aieval.yaml': (text) => text.replace('question_pass_threshold: 3.5', 'question_pass_threshold:'),
    });
    const found = await cli('validate', '--workspace', dir);
    expect(found.stderr).toBe(
      'aieval.yaml:22:3 settings.question_pass_threshold expected number, got nothing (an empty value)',
    );
  });

  it('counts in the right number', async () => {
    const ok = await cli('validate', '--workspace', copyExample());
    expect(ok.stdout).toBe('ok: 4 targets, 1 dataset (21 questions), 2 rubrics');
  });
});

describe('import-envelope and merge name every problem in words', () => {
  it('a JSON file that is no envelope, and a missing file', async () => {
    const dir = copyExample();
    const notEnvelope = join(dir, 'not-envelope.json');
    writeFileSync(notEnvelope, '{"a": 1}');
    const found = await cli('import-envelope', '--workspace', dir, notEnvelope, join(dir, 'missing.json'));
    expect(found.code).toBe(2);
    expect(found.stderr).toContain('not an Every Eval Ever file: it has no schema_version (an aggregate file has)');
    expect(found.stderr).toMatch(/cannot read the file: no such file$/m);
    expect(found.stderr).not.toContain('schema_version ""');
  });

  it('merge names a shard given twice as well as the one missing', async () => {
    const dir = copyExample();
    const out = mkdtempSync(join(tmpdir(), 'aieval-walk-shards-'));
    const shard = await cli(
      ...['run', '--workspace', dir, '--trust-workspace', '--target', 'helpdesk_chat_offline'],
      ...['--shard', '1/2', '--out', join(out, 's1')],
    );
    expect(shard.code, shard.stderr).toBe(0);
    const merged = await cli('merge', '--workspace', dir, join(out, 's1'), join(out, 's1'));
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/duplicated shard: .*ai-eval-shard-1-of-2\.json is given more than once/);
    expect(merged.stderr).toContain('missing shard: shard 2/2 of helpdesk_chat_offline');
  });
});

describe('the preflight of an unreachable server', () => {
  it('says the subject once, the judges in one clause, and exits 3 (the environment)', async () => {
    const port = await closedPort();
    const dir = copyExample({
      'aieval.yaml': (text) =>
        text
          .replace('http://localhost:11434', `http://127.0.0.1:${port}`)
          .replaceAll('enabled: false # needs the local Ollama (see the top of this file)', 'enabled: true')
          .replace('judge:\n  provider: offline', 'judge:\n  provider: local'),
    });
    mkdirSync(join(dir, 'out'), { recursive: true });
    const run = await cli('run', '--workspace', dir, '--trust-workspace', '--target', 'helpdesk_chat');
    expect(run.code).toBe(3);
    const line = run.stderr.split('\n').find((text) => text.startsWith('preflight:'))!;
    expect(line).toBe(
      `preflight: provider "local" (ollama): not reachable: http://127.0.0.1:${port}/api/tags: network error: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}; fix: start the server, or correct base_url`,
    );
    expect(run.stderr).toContain('error: preflight found 1 problem; nothing was run');
    expect(readFileSync(join(dir, 'aieval.yaml'), 'utf8')).toContain('provider: local');
  });
});

describe('serve on a busy port', () => {
  it('says so in one line with the fix, no stack (exit 3)', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const served = await cli('serve', '--workspace', copyExample(), '--port', String(port));
      expect(served.code).toBe(3);
      expect(served.stderr).toBe(
        `error: port ${port} on 127.0.0.1 is in use (another ai-eval serve?): pass --port N for another, or --port 0 for any free port`,
      );
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
