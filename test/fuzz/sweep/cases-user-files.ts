// Files a user wrote: a quarantine edit of aieval.yaml through a symlink, next to comments, and racing other writers
// (other ai-eval processes, and a program appending to the file in place) never loses a line it does not own.
import { appendFileSync, lstatSync, mkdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { bad, brokenRun, held, type Kit, type Outcome, type SweepCase } from './sweep-kit';

const QUESTIONS = ['sunday_hours', 'late_fees', 'card_for_resident', 'hours_as_json', 'renew_loan', 'search_catalogue'];
const add = (kit: Kit, ws: string, question: string) =>
  kit.cli(['quarantine', 'add', '-w', ws, '--target', 'helpdesk_chat', '--question', question]);

async function symlinked(kit: Kit): Promise<Outcome> {
  const ws = kit.workspace();
  mkdirSync(join(ws, 'shared'));
  renameSync(join(ws, 'aieval.yaml'), join(ws, 'shared', 'aieval.yaml'));
  symlinkSync(join('shared', 'aieval.yaml'), join(ws, 'aieval.yaml'));
  const run = await add(kit, ws, 'late_fees');
  const broken = brokenRun(run, 'quarantine add');
  if (broken) return broken;
  if (!lstatSync(join(ws, 'aieval.yaml')).isSymbolicLink()) return bad('lost', 'the symlink became a regular file');
  if (!/late_fees/.test(readFileSync(join(ws, 'shared', 'aieval.yaml'), 'utf8')))
    return bad('lost', "the link's target did not get the edit");
  return held('the link stays, its target is edited');
}

async function neighbourComments(kit: Kit): Promise<Outcome> {
  const ws = kit.workspace({
    'aieval.yaml': (text) =>
      text.replace(
        /( {2}- id: helpdesk_chat\n)/,
        `$1    quarantine:\n      # flaky since march\n      - sunday_hours\n      # the vendor's bug 123\n      - late_fees\n      # trailing note\n`,
      ),
  });
  const run = await kit.cli([
    'quarantine',
    'remove',
    '-w',
    ws,
    '--target',
    'helpdesk_chat',
    '--question',
    'sunday_hours',
    'late_fees',
  ]);
  const broken = brokenRun(run, 'quarantine remove');
  if (broken) return broken;
  const after = readFileSync(join(ws, 'aieval.yaml'), 'utf8');
  const chat = after.slice(after.indexOf('- id: helpdesk_chat'), after.indexOf('- id: helpdesk_agent'));
  if (!/provider:/.test(chat)) return bad('lost', 'a key after the emptied list was deleted');
  if (/sunday_hours|late_fees/.test(chat)) return bad('accepted', `not removed (exit ${run.code})`);
  return held('the other lines stay');
}

async function race(kit: Kit): Promise<Outcome> {
  const ws = kit.workspace();
  const file = join(ws, 'aieval.yaml');
  let appended = 0;
  const appender = setInterval(() => appendFileSync(file, `# note ${(appended += 1)}\n`), 250);
  const runs = await Promise.all(QUESTIONS.map((question) => add(kit, ws, question)));
  clearInterval(appender);
  for (const run of runs) {
    const broken = brokenRun(run, 'quarantine add');
    if (broken) return broken;
  }
  const after = readFileSync(file, 'utf8');
  const notes = [...Array(appended).keys()].filter((n) => !after.includes(`# note ${n + 1}\n`));
  if (notes.length > 0) return bad('lost', `${notes.length} of ${appended} lines appended meanwhile are gone`);
  const refusedRuns = runs.filter((run) => run.code !== 0).length;
  const missing = QUESTIONS.filter((question) => !quarantined(after, question));
  if (missing.length > refusedRuns) return bad('lost', `${missing.join(', ')} not quarantined although exit 0`);
  return held(`${QUESTIONS.length - missing.length} of ${QUESTIONS.length} written, ${appended} appended lines kept`);
}

/** Whether `question` is in helpdesk_chat's quarantine list. */
function quarantined(config: string, question: string): boolean {
  const targets = (parse(config) as { targets: { id: string; quarantine?: unknown[] }[] }).targets;
  return (targets.find((target) => target.id === 'helpdesk_chat')?.quarantine ?? []).includes(question);
}

export const CASES: readonly SweepCase[] = [
  { area: 'user files', name: 'quarantine add through a symlinked aieval.yaml', run: symlinked },
  { area: 'user files', name: 'quarantine remove next to comments and a following key', run: neighbourComments },
  ...[1, 2, 3].map((n) => ({
    area: 'user files' as const,
    name: `six quarantine adds racing an in-place appender, round ${n}`,
    timeoutMs: 180_000,
    run: race,
  })),
];
