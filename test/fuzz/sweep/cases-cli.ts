// Crashes, hangs and exit codes of the commands: input files that are FIFOs or devices, output paths that are
// folders, files or impossible, a corrupt trust list, flags that would be ignored. One clear line, exit 2, no trace.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bad, brokenRun, held, refused, type Kit, type Outcome, type SweepCase } from './sweep-kit';

const OFFLINE = ['--target', 'helpdesk_chat_offline'];

function fifo(kit: Kit): string {
  const path = join(kit.dir('fifo'), 'input.json');
  execFileSync('mkfifo', [path]);
  return path;
}

const inputCase = (name: string, args: (kit: Kit, ws: string, file: string) => string[], device: boolean) => ({
  area: 'cli' as const,
  name: `${name} of a ${device ? 'device (/dev/zero)' : 'FIFO'}`,
  timeoutMs: 60_000,
  run: async (kit: Kit) => {
    const ws = kit.workspace();
    const file = device ? '/dev/zero' : fifo(kit);
    return refused(await kit.cli(args(kit, ws, file), { timeoutMs: 30_000 }), name, [2], /regular file/);
  },
});

const INPUTS = [
  ['merge', (_: Kit, ws: string, file: string) => ['merge', file, '-w', ws]],
  ['import-envelope', (_: Kit, ws: string, file: string) => ['import-envelope', file, '-w', ws]],
  [
    'validate-judge --labels',
    (_: Kit, ws: string, file: string) => [
      'validate-judge',
      '--grader',
      'relevance_grader',
      '--labels',
      file,
      '-w',
      ws,
    ],
  ],
] as const;

async function outputCase(kit: Kit, flags: (ws: string) => string[], what: string): Promise<Outcome> {
  const ws = kit.workspace();
  mkdirSync(join(ws, 'a-folder'));
  writeFileSync(join(ws, 'a-file'), 'x');
  return refused(await kit.cli(['run', '-w', ws, ...OFFLINE, ...flags(ws)], { timeoutMs: 120_000 }), what);
}

async function corruptTrust(kit: Kit, make: (file: string) => void, what: string): Promise<Outcome> {
  const ws = kit.workspace();
  const config = kit.dir('config');
  make(join(config, 'trusted-workspaces.json'));
  const run = await kit.cli(['run', '-w', ws, ...OFFLINE], { env: { AIEVAL_CONFIG_DIR: config }, timeoutMs: 120_000 });
  const broken = brokenRun(run, what);
  if (broken) return broken;
  if (!/trust list .* cannot be read/.test(run.stderr)) return bad('accepted', `${what}: nothing said about the file`);
  return held(`exit ${run.code}, said what to do`);
}

export const CASES: readonly SweepCase[] = [
  ...INPUTS.flatMap(([name, args]) => [inputCase(name, args, false), inputCase(name, args, true)]),
  {
    area: 'cli',
    name: 'run --json <a folder>',
    timeoutMs: 150_000,
    run: (kit) => outputCase(kit, (ws) => ['--json', join(ws, 'a-folder')], '--json folder'),
  },
  {
    area: 'cli',
    name: 'run --shard 1/2 --out <a file>',
    timeoutMs: 150_000,
    run: (kit) => outputCase(kit, (ws) => ['--shard', '1/2', '--out', join(ws, 'a-file')], '--out file'),
  },
  {
    area: 'cli',
    name: 'run --shard 1/2 --out <a path that cannot be created>',
    timeoutMs: 150_000,
    run: (kit) => outputCase(kit, () => ['--shard', '1/2', '--out', '/proc/no-such/bundle'], '--out /proc'),
  },
  {
    area: 'cli',
    name: 'run with a folder in place of the trust list',
    timeoutMs: 150_000,
    run: (kit) => corruptTrust(kit, (file) => mkdirSync(file), 'trust folder'),
  },
  {
    area: 'cli',
    name: 'run with a trust list that is not JSON',
    timeoutMs: 150_000,
    run: (kit) => corruptTrust(kit, (file) => writeFileSync(file, '["/a", '), 'trust JSON'),
  },
  {
    area: 'cli',
    name: 'run --rate-share without --shard',
    run: async (kit) => refused(await kit.cli(['run', '--rate-share', '2', '-w', kit.workspace()]), '--rate-share'),
  },
  {
    area: 'cli',
    name: 'history --window ""',
    run: async (kit) => refused(await kit.cli(['history', '--window', '', '-w', kit.workspace()]), '--window ""'),
  },
];
