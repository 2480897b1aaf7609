// The .gitignore `ai-eval init` writes: the store stays out of git; the label files go in unless the user says no.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS_DIR } from '../../src-shared/model';
import { writeFileAtomic } from './write-file';

/** Each block by the lines that show a .gitignore has it (a user may have taken the # off the labels line). */
const BLOCKS: ReadonlyArray<Readonly<{ keys: readonly string[]; lines: readonly string[] }>> = [
  {
    keys: ['.aieval/', '/.aieval/'],
    lines: [
      '# ai-eval: the store is this machine’s cache of runs and traces and its index of labels/; never commit it.',
      '.aieval/',
    ],
  },
  {
    keys: ['.*.lock'],
    lines: [
      '# ai-eval: a write in progress holds .NAME.lock beside the file it writes (.aieval.yaml.lock); never commit one.',
      '.*.lock',
    ],
  },
  {
    keys: [`# ${LABELS_DIR}/`, `${LABELS_DIR}/`, `/${LABELS_DIR}/`],
    lines: [
      `# ${LABELS_DIR}/ holds each judge’s gold set and every reviewer’s labels, meant to be committed so a team labels`,
      '# together (docs/labels.md). Its items hold the answers the judge saw, which may contain your users’ data: to keep',
      '# them on this machine only, remove the # in front of the next line.',
      `# ${LABELS_DIR}/`,
    ],
  },
];

const text = (blocks: typeof BLOCKS) => [...blocks.flatMap((block) => block.lines), ''].join('\n');

export const WORKSPACE_GITIGNORE = text(BLOCKS);

/** Writes the workspace's .gitignore, or adds the blocks of these lines that one does not have yet. */
export function writeWorkspaceGitignore(dir: string): void {
  const path = join(dir, '.gitignore');
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const present = new Set(before.split(/\r?\n/).map((line) => line.trim()));
  const missing = BLOCKS.filter((block) => !block.keys.some((key) => present.has(key)));
  if (missing.length === 0) return;
  const joined = before === '' || before.endsWith('\n') ? before : `${before}\n`;
  writeFileAtomic(path, `${joined}${joined === '' ? '' : '\n'}${text(missing)}`);
}
