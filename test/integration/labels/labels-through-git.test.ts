// Two reviewers on two clones of one workspace label the same gold set, one through the CLI, one through the API the
// workbench uses; git merges their branches without a conflict, and every figure equals one machine's where both
// labelled. Deleting .aieval/ loses no label: the next start rebuilds the index and every figure is the same.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src-main/app/create-app';
import { loadJudgeTemplate } from '../../../src-main/engine/grading/judge/judge-templates';
import { TrustStore } from '../../../src-main/workspace/trust';
import { UserSettingsStore } from '../../../src-main/workspace/user-settings';
import { writeWorkspaceGitignore } from '../../../src-main/workspace/workspace-gitignore';
import { callApp, silentLogger } from '../../support/app';
import { runCliInProcess } from '../../support/cli';
import { exampleJudgedLocally } from '../../support/workspace';
import { halfPassedCalls, storeJudgeCalls } from '../../unit/engine/trust/store-fixture';

const GRADER = 'accuracy_grader';
const root = mkdtempSync(join(tmpdir(), 'aieval-git-labels-'));

/** git with no user or system configuration of this machine, and an author of its own. */
function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (run.error) throw new Error(`git is needed for this test (apt-get install git): ${run.error.message}`);
  expect(run.status, `git ${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

/** A HOME of its own (the per-user config folder) with a reviewer name in its settings. */
function home(name: string, reviewer: string): string {
  const dir = join(root, `home-${name}`);
  mkdirSync(dir, { recursive: true });
  new UserSettingsStore(dir).update({ reviewer });
  return dir;
}

/** The service over `dir` as the desktop app runs it, for the user whose config folder is `configDir`. */
const appOf = (dir: string, configDir: string): App =>
  createApp({
    workspaceDir: dir,
    resourcesDir: join(import.meta.dirname, '..', '..', '..', 'resources'),
    trust: new TrustStore(configDir),
    userSettings: new UserSettingsStore(configDir),
    logger: silentLogger,
    checkOutputs: true,
    watchWorkspace: false,
  });

type GoldItem = { id: string; judge_score: number };
const judgePasses = (item: GoldItem) => item.judge_score >= 3.5;

/** Ana agrees with the judge on every item. */
const anaVerdict = (item: GoldItem) => (judgePasses(item) ? 'pass' : 'fail');
/** Ben agrees but on the first judge-pass item, which he fails: that item is disputed. */
const benVerdict = (item: GoldItem, items: readonly GoldItem[]) =>
  item.id === items.find(judgePasses)!.id ? 'fail' : anaVerdict(item);

const labelAsAna = async (app: App, items: readonly GoldItem[]) => {
  for (const item of items)
    await callApp(app, 'labels.submit', { subjectType: 'gold_item', subjectId: item.id, verdict: anaVerdict(item) });
};

const labelAsBen = async (dir: string, configDir: string, items: readonly GoldItem[]) => {
  const pairs = items.map((item) => `${item.id.slice(0, 8)}=${benVerdict(item, items)}`);
  const labelled = await runCliInProcess(['label', '--workspace', dir, '--grader', GRADER, ...pairs], configDir);
  expect(labelled.code, labelled.stderr).toBe(0);
  expect(labelled.stdout).toBe(`Labelled ${items.length} items as ben in labels/${GRADER}/reviewers/ben.jsonl.`);
};

/** Every figure the labels make: the validation (without its time), κ with its interval, the corrected pass rate. */
async function figures(app: App, dir: string, configDir: string) {
  const validate = await runCliInProcess(
    ['validate-judge', '--workspace', dir, '--grader', GRADER, '--json'],
    configDir,
  );
  expect(validate.code, validate.stderr).toBe(0);
  const { validated_at: _at, ...validation } = JSON.parse(validate.stdout) as Record<string, unknown>;
  return {
    validation,
    agreement: await callApp(app, 'judges.agreement', {}),
    corrected: await callApp(app, 'judges.correctedPassRate', { grader: GRADER, n: 40, passed: 30 }),
  };
}

/** What the judges screen shows of the judge from its labels (the judge calls counted there are runs, not labels). */
async function judgeRow(app: App) {
  const rows = await callApp<{ grader: string; judgeCalls: number; cochranN: number; validatedAt: number }[]>(
    app,
    'judges.list',
    {},
  );
  const { judgeCalls: _calls, cochranN: _n, ...row } = rows.find((r) => r.grader === GRADER)!;
  return row;
}

describe('labels travel through git', () => {
  let origin: string;
  let items: GoldItem[];
  const anaHome = home('ana', 'ana');
  const benHome = home('ben', 'ben');
  const apps: App[] = [];
  const open = (dir: string, configDir: string) => {
    const app = appOf(dir, configDir);
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  beforeAll(async () => {
    // Ana's workspace: a judge whose calls are in her store; she samples its gold set and commits it.
    origin = exampleJudgedLocally('{ gold_target_n: 8, min_per_class: 3 }');
    writeWorkspaceGitignore(origin);
    const template = `judge@${loadJudgeTemplate('judge', origin).version}`;
    storeJudgeCalls(origin, halfPassedCalls(GRADER, 12, { template }));
    const sampled = await runCliInProcess(
      ['sample-traces', '--workspace', origin, '--grader', GRADER, '--n', '10', '--seed', '3'],
      anaHome,
    );
    expect(sampled.code, sampled.stderr).toBe(0);
    expect(sampled.stdout).toContain(`10 new in labels/${GRADER}/items/.`);
    git(origin, 'init', '-q', '-b', 'main');
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'The gold set of accuracy_grader');
    expect(git(origin, 'ls-files')).not.toContain('.aieval');
    const app = open(origin, anaHome);
    items = await callApp<GoldItem[]>(app, 'judges.goldItems', { grader: GRADER });
    expect(items).toHaveLength(10);
    expect(items.filter(judgePasses)).toHaveLength(5);
  });

  it('merges two reviewers’ branches with no conflict; the merged figures equal one machine’s', async () => {
    // Ben clones the workspace (no store: everything he sees comes from the files) and labels on the command line.
    const ben = join(root, 'ben');
    git(root, 'clone', '-q', origin, ben);
    await labelAsBen(ben, benHome, items);
    git(ben, 'add', '-A');
    git(ben, 'commit', '-q', '-m', "Ben's labels");

    // Meanwhile Ana labels in the app, and commits.
    const ana = apps[0]!;
    await labelAsAna(ana, items);
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', "Ana's labels");

    // One machine where both labelled the same, in the other order (Ana first): the reference. Which labels count
    // does not depend on who labelled last.
    const single = join(root, 'single');
    git(root, 'clone', '-q', origin, single, '--branch', 'main');
    git(single, 'reset', '-q', '--hard', 'HEAD~1');
    const singleApp = open(single, anaHome);
    await labelAsAna(singleApp, items);
    await labelAsBen(single, benHome, items);
    const expected = await figures(singleApp, single, anaHome);

    // Ana pulls Ben's branch: git merges it without a conflict (each wrote only their own file).
    git(origin, 'pull', '-q', '--no-rebase', '--no-edit', ben, 'main');
    expect(git(origin, 'status', '--porcelain')).toBe('');
    const reviewers = join(origin, 'labels', GRADER, 'reviewers');
    expect(readdirSync(reviewers).sort()).toEqual(['ana.jsonl', 'ben.jsonl']);
    for (const file of readdirSync(reviewers)) {
      const lines = readFileSync(join(reviewers, file), 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(10);
      expect(lines.join('\n')).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
    }

    // Her running app sees Ben's labels at once, with no restart, and every figure equals the single machine's.
    const merged = await figures(ana, origin, anaHome);
    expect(merged).toEqual(expected);
    expect(merged.validation).toMatchObject({ n_pos: 4, n_neg: 5, tpr: 1, tnr: 1, n_disputed: 1, state: 'trusted' });
    expect(merged.agreement).toEqual([
      expect.objectContaining({
        scope: 'grader',
        group: GRADER,
        statistic: 'cohen_kappa',
        items: 10,
        reviewers: ['ana', 'ben'],
        disagreements: 1,
      }),
    ]);
    expect(merged.corrected).toMatchObject({ grader: GRADER, observed: 0.75, theta: 0.75 });
  });

  it('loses no label when .aieval/ is deleted: the next start rebuilds the index, every figure the same', async () => {
    const before = apps[0]!;
    const row = await judgeRow(before);
    const shown = await callApp(before, 'judges.goldItems', { grader: GRADER });
    const agreement = await callApp(before, 'judges.agreement', {});
    const corrected = await callApp(before, 'judges.correctedPassRate', { grader: GRADER, n: 40, passed: 30 });
    // 9 labelled: the item Ana and Ben disagree on has no agreed label.
    expect(row).toMatchObject({ state: 'trusted', gold: { items: 10, labelled: 9 } });
    await before.dispose();
    apps.shift();

    rmSync(join(origin, '.aieval'), { recursive: true, force: true });
    const after = open(origin, anaHome);
    expect(await judgeRow(after)).toEqual(row);
    expect(await callApp(after, 'judges.goldItems', { grader: GRADER })).toEqual(
      (shown as { judge_saw: unknown; tool_calls: unknown }[]).map((item) => ({
        ...item,
        // What the judge saw was read from its call, which was in the deleted store; the item itself is all there.
        judge_saw: null,
        tool_calls: null,
        judge_call_id: null,
      })),
    );
    expect(await callApp(after, 'judges.agreement', {})).toEqual(agreement);
    expect(await callApp(after, 'judges.correctedPassRate', { grader: GRADER, n: 40, passed: 30 })).toEqual(corrected);
  });

  it('marks the judge stale on a clone that never ran it, when the team edits its template: the files keep the version', async () => {
    // Ana commits her validation (a line of validations.jsonl); a colleague clones the workspace.
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'Validated accuracy_grader');
    const fresh = join(root, 'fresh');
    git(root, 'clone', '-q', origin, fresh);
    const app = open(fresh, benHome);
    expect(await judgeRow(app)).toMatchObject({ state: 'trusted', staleReason: null });
    const template = loadJudgeTemplate('judge', fresh);
    mkdirSync(join(fresh, 'judge-templates'), { recursive: true });
    writeFileSync(join(fresh, 'judge-templates', 'judge.md'), `${readFileSync(template.file, 'utf8')}\nBe strict.\n`);
    expect(await judgeRow(app)).toMatchObject({
      state: 'stale',
      staleReason: expect.stringMatching(
        new RegExp(
          `^the judge template changed from judge@${template.version.replace(/\./g, '\\.')} to judge@[\\d.]+\\+workspace\\.[0-9a-f]{12} since validation$`,
        ),
      ),
    });
    expect(await callApp(app, 'judges.correctedPassRate', { grader: GRADER, n: 40, passed: 30 })).toBeNull();
  });

  it('keeps both sides’ lines when one reviewer labelled on two machines (union merge), the latest line winning', async () => {
    const laptop = join(root, 'laptop');
    git(root, 'clone', '-q', origin, laptop);
    const [first, second] = items;
    const relabel = (dir: string, item: GoldItem, verdict: string) =>
      runCliInProcess(['label', '--workspace', dir, '--grader', GRADER, `${item.id}=${verdict}`], anaHome);
    expect((await relabel(laptop, first!, 'defer')).code).toBe(0);
    git(laptop, 'commit', '-q', '-am', 'Ana on her laptop');
    expect((await relabel(origin, second!, 'defer')).code).toBe(0);
    git(origin, 'commit', '-q', '-am', 'Ana on her desktop');
    git(origin, 'pull', '-q', '--no-rebase', '--no-edit', laptop, 'main');
    const lines = readFileSync(join(origin, 'labels', GRADER, 'reviewers', 'ana.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(12);
    const app = open(origin, anaHome);
    const mine = await callApp<{ id: string; human_label: string }[]>(app, 'judges.goldItems', { grader: GRADER });
    expect(mine.find((item) => item.id === first!.id)!.human_label).toBe('defer');
    expect(mine.find((item) => item.id === second!.id)!.human_label).toBe('defer');
  });
});

describe('a reviewer file edited by hand', () => {
  it('shows a line added outside the app without a restart, and names a bad line without losing the others', async () => {
    const dir = exampleJudgedLocally('{ gold_target_n: 8, min_per_class: 3 }');
    storeJudgeCalls(dir, halfPassedCalls(GRADER, 4));
    const configDir = home('cara', 'cara');
    const app = appOf(dir, configDir);
    try {
      const sampled = await callApp<{ items: GoldItem[] }>(app, 'judges.sample', { grader: GRADER, n: 4, seed: 1 });
      const [a, b] = sampled.items;
      await callApp(app, 'labels.submit', { subjectType: 'gold_item', subjectId: a!.id, verdict: 'pass' });
      const file = join(dir, 'labels', GRADER, 'reviewers', 'cara.jsonl');
      const line = {
        id: 'abcdefabcdefabcd',
        item: b!.id,
        verdict: 'fail',
        reviewer: 'cara',
        at: new Date().toISOString(),
      };
      writeFileSync(file, `${readFileSync(file, 'utf8')}${JSON.stringify(line)}\n{"id": oops\n`);
      const labels = await callApp<{ id: string; human_label: string | null }[]>(app, 'judges.goldItems', {
        grader: GRADER,
      });
      expect(labels.filter((item) => item.human_label !== null).map((item) => [item.id, item.human_label])).toEqual(
        expect.arrayContaining([
          [a!.id, 'pass'],
          [b!.id, 'fail'],
        ]),
      );
      const where = await callApp<{ reviewerFile: string; issues: { line: number; message: string }[] }>(
        app,
        'judges.goldSetFiles',
        { grader: GRADER },
      );
      expect(where.reviewerFile).toBe(`labels/${GRADER}/reviewers/cara.jsonl`);
      expect(where.issues).toEqual([
        expect.objectContaining({ file: where.reviewerFile, line: 3, message: 'not a JSON object on one line' }),
      ]);
      const [row] = (await callApp<{ grader: string; warnings: string[] }[]>(app, 'judges.list', {})).filter(
        (j) => j.grader === GRADER,
      );
      expect(row!.warnings).toContain(`labels/${GRADER}/reviewers/cara.jsonl:3:1 (file) not a JSON object on one line`);
    } finally {
      await app.dispose();
    }
  });
});
