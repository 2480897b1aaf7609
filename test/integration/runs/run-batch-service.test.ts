// The calls `ai-eval run` and `ai-eval merge` make around their runs (runs.share, runs.plan, runs.planStored,
// runs.reports, runs.shardBundle, runs.merge), through the typed client as the CLI and an HTTP caller reach them.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import { createApp } from '../../../src-main/app/create-app';
import { TrustStore } from '../../../src-main/workspace/trust';
import type { Contract } from '../../../src-shared/contract';
import type { RunFinished } from '../../../src-shared/model';
import { createClient } from '../../../src-shared/rpc/client';
import type { Client } from '../../../src-shared/rpc/define';
import { inProcessTransport } from '../../../src-shared/rpc/in-process-transport';
import { createTestApp, silentLogger } from '../../support/app';
import { copyExample } from '../../support/workspace';

const OFFLINE = 'helpdesk_chat_offline';
const opened: App[] = [];

function clients(app: App) {
  opened.push(app);
  const as = (transport: 'cli' | 'http') =>
    createClient<Contract>(inProcessTransport(app.dispatch, app.events, { transport }));
  return { cli: as('cli'), http: as('http') };
}

/** Starts a run through the client and waits for its end. */
async function ran(
  client: Client<Contract>,
  input: Parameters<Client<Contract>['runs.start']>[0],
): Promise<RunFinished> {
  let stop = () => {};
  const ended = new Promise<RunFinished>((resolve) => {
    stop = client.on('runs.finished', (end) => resolve(end));
  });
  const { runId } = await client['runs.start']({ ...input, skipPreflight: true });
  const end = await ended;
  stop();
  expect(end.runId).toBe(runId);
  return end;
}

afterEach(async () => {
  for (const app of opened.splice(0)) await app.dispose();
});

describe('runs.share', () => {
  it('names this process part of the rate limits, null when it runs alone, and refuses an invalid workspace', async () => {
    const limited = (text: string) =>
      text.replace('settings:\n', 'settings:\n  rate_limit: { requests_per_minute: 600 }\n');
    const dir = copyExample({ 'aieval.yaml': limited });
    const shared = createApp({
      workspaceDir: dir,
      resourcesDir: join(import.meta.dirname, '..', '..', '..', 'resources'),
      trust: new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-'))),
      logger: silentLogger,
      checkOutputs: true,
      rateShare: 4,
    });
    expect(await clients(shared).cli['runs.share']({})).toEqual({
      share: 4,
      line: 'rate limits shared by 4 processes: this one uses requests_per_minute 150 (--rate-share 1 for the whole limits)',
    });
    expect(await clients(createTestApp(dir)).cli['runs.share']({})).toEqual({ share: 1, line: null });
    const broken = copyExample({ 'aieval.yaml': (text) => `${text}\nnot_a_key: [` });
    await expect(clients(createTestApp(broken)).cli['runs.share']({})).rejects.toMatchObject({
      code: 'invalid_workspace',
    });
  });
});

describe('runs.plan', () => {
  it('spreads --question ids over the targets, and returns ids in none of their datasets as stray with no plan', async () => {
    const { cli } = clients(createTestApp(copyExample(), { trusted: true }));
    const planned = await cli['runs.plan']({ targetIds: [OFFLINE], questionIds: ['sunday_hours', 'late_fees'] });
    expect(planned.stray).toEqual([]);
    expect(planned.preflight).toBeNull();
    expect(planned.plans).toHaveLength(1);
    const [plan] = planned.plans;
    expect(plan).toMatchObject({
      targetId: OFFLINE,
      datasetId: 'helpdesk',
      questions: 2,
      total: 2,
      selection: { questionIds: ['sunday_hours', 'late_fees'], repeat: 1, shard: null },
      warning: null,
    });
    expect(plan!.estimatedCalls.target).toBe(2);
    expect(plan!.whole).toBeUndefined();
    expect(plan!.identity).toBeUndefined();
    const stray = await cli['runs.plan']({ targetIds: [OFFLINE], questionIds: ['sunday_hours', 'no_such_question'] });
    expect(stray).toEqual({ stray: ['no_such_question'], plans: [], preflight: null });
  });

  it('gives every shard its share of the whole plan with `shards`, and an empty slice the identity the merge checks', async () => {
    const { cli } = clients(createTestApp(copyExample(), { trusted: true }));
    const planned = await cli['runs.plan']({
      targetIds: [OFFLINE],
      repeat: 2,
      shard: { index: 1, count: 3 },
      shards: true,
    });
    const [plan] = planned.plans;
    expect(plan!.whole!.shardSizes).toHaveLength(3);
    expect(plan!.whole!.shardSizes.reduce((a, b) => a + b, 0)).toBe(plan!.whole!.questions);
    expect(plan!.whole!.total).toBe(plan!.whole!.questions * 2);
    expect(plan!.questions).toBe(plan!.whole!.shardSizes[0]);
    // One question over as many shards as it takes for shard 1 to hold none of it.
    let empty;
    for (let count = 2; count < 40 && !empty; count += 1) {
      const [slice] = (
        await cli['runs.plan']({ targetIds: [OFFLINE], questionIds: ['sunday_hours'], shard: { index: 1, count } })
      ).plans;
      if (slice!.total === 0) empty = slice;
    }
    expect(empty?.identity).toMatchObject({ targetId: OFFLINE });
  });

  it('refuses an unknown target as the run would, and with `preflight` reports what would break the runs', async () => {
    const dir = copyExample({
      'aieval.yaml': (text) => text.replace('http://localhost:11434', 'http://127.0.0.1:9'),
    });
    const { cli } = clients(createTestApp(dir, { trusted: true }));
    await expect(cli['runs.plan']({ targetIds: ['no_such_target'] })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('unknown target "no_such_target"'),
    });
    const sound = await cli['runs.plan']({ targetIds: [OFFLINE], preflight: true });
    expect(sound.preflight).toEqual({ problems: [], findings: [] });
    const broken = await cli['runs.plan']({ targetIds: ['helpdesk_chat'], preflight: true });
    expect(broken.preflight!.problems[0]).toMatchObject({ subject: expect.stringContaining('provider "local"') });
    expect(broken.preflight!.findings).toEqual([]);
  }, 30_000);
});

describe('runs.cancelPreflight', () => {
  let silent: Server;
  afterEach(() => silent?.close());

  it('stops a preflight waiting on a server that never answers, long before its timeout', async () => {
    // Takes the connection and never answers: the preflight would wait out its 5 s timeout.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const dir = copyExample({
      'aieval.yaml': (text) => text.replace('http://localhost:11434', `http://127.0.0.1:${port}`),
    });
    const { cli } = clients(createTestApp(dir, { trusted: true }));
    const asked = new Promise<void>((resolve) => silent.once('connection', () => resolve()));
    const planning = cli['runs.plan']({ targetIds: ['helpdesk_chat'], preflight: true, preflightId: 'p1' });
    await asked; // the preflight now waits on the server
    expect(await cli['runs.cancelPreflight']({ preflightId: 'p1' })).toEqual({ cancelled: true });
    const planned = await planning;
    expect(planned.preflight!.problems.length).toBeGreaterThan(0);
    // Stopped by the cancel, not by waiting out its timeout ("no answer within 5000 ms").
    for (const { problem } of planned.preflight!.problems) expect(problem).not.toMatch(/no answer within/);
    expect(await cli['runs.cancelPreflight']({ preflightId: 'p1' })).toEqual({ cancelled: false });
  }, 30_000);
});

describe('runs.planStored, runs.reports, runs.shardBundle and runs.merge', () => {
  it('says nothing of a run not in the store, and plans a stored run as its resume and regrade would', async () => {
    const { cli } = clients(createTestApp(copyExample(), { trusted: true }));
    expect(await cli['runs.planStored']({ runId: 'nope', purpose: 'resume', preflight: true })).toEqual({
      warning: null,
      preflight: null,
    });
    const end = await ran(cli, { targetId: OFFLINE, questionIds: ['sunday_hours'] });
    expect(await cli['runs.planStored']({ runId: end.runId, purpose: 'resume', preflight: true })).toEqual({
      warning: null,
      preflight: { problems: [], findings: [] },
    });
    expect(await cli['runs.planStored']({ runId: end.runId, purpose: 'regrade', preflight: false })).toEqual({
      warning: null,
      preflight: null,
    });
  }, 60_000);

  it('writes the reports where the CLI says, and keeps any other caller inside the workspace', async () => {
    const { cli, http } = clients(createTestApp(copyExample(), { trusted: true }));
    const end = await ran(cli, { targetId: OFFLINE, questionIds: ['sunday_hours', 'late_fees'] });
    const out = mkdtempSync(join(tmpdir(), 'aieval-reports-'));
    const written = await cli['runs.reports']({
      runIds: [end.runId],
      json: join(out, 'report.json'),
      junit: join(out, 'junit.xml'),
    });
    expect(written).toEqual({ json: join(out, 'report.json'), junit: join(out, 'junit.xml') });
    expect(JSON.stringify(JSON.parse(readFileSync(written.json!, 'utf8')))).toContain(end.runId);
    expect(readFileSync(written.junit!, 'utf8')).toContain('<testsuite');
    await expect(http['runs.reports']({ runIds: [end.runId], json: join(out, 'other.json') })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('outside the workspace'),
    });
    expect(existsSync(join(out, 'other.json'))).toBe(false);
  }, 60_000);

  it('bundles a shard that merges into one run, once; a folder with no manifest is a problem, nothing merged', async () => {
    const { cli } = clients(createTestApp(copyExample(), { trusted: true }));
    const shard = { index: 1, count: 1 };
    const end = await ran(cli, { targetId: OFFLINE, questionIds: ['sunday_hours', 'late_fees'], shard });
    const out = mkdtempSync(join(tmpdir(), 'aieval-bundle-'));
    const bundle = await cli['runs.shardBundle']({ dir: out, shard, finished: [end], empty: [] });
    expect(bundle).toEqual({ manifestPath: join(out, 'ai-eval-shard-1-of-1.json'), problems: [] });
    const merged = await cli['runs.merge']({ paths: [out] });
    expect(merged.problems).toEqual([]);
    expect(merged.merged).toHaveLength(1);
    expect(merged.merged[0]).toMatchObject({ targetId: OFFLINE, shard: '1/1', again: false });
    expect(merged.merged[0]!.finished).toMatchObject({ targetId: OFFLINE, status: 'complete' });
    const again = await cli['runs.merge']({ paths: [out] });
    expect(again.merged[0]).toMatchObject({ again: true, finished: { runId: merged.merged[0]!.finished.runId } });
    const nothing = await cli['runs.merge']({ paths: [mkdtempSync(join(tmpdir(), 'aieval-empty-'))] });
    expect(nothing.merged).toEqual([]);
    expect(nothing.problems[0]).toMatch(/no shard manifest/);
  }, 90_000);
});
