// The .gitignore `ai-eval init` writes: the store stays out of git; the label files go in unless the user says no.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABELS_DIR } from '../../src-shared/model';
import { writeFileAtomic } from './write-file';

export const WORKSPACE_GITIGNORE = [
  '# ai-eval: the store is this machine’s cache of runs and traces and its index of labels/; never commit it.',
  '.aieval/',
  `# ${LABELS_DIR}/ holds each judge’s gold set and every reviewer’s labels, meant to be committed so a team labels`,
  '# together (docs/labels.md). Its items hold the answers the judge saw, which may contain your users’ data: to keep',
  '# them on this machine only, remove the # in front of the next line.',
  `# ${LABELS_DIR}/`,
  '',
].join('\n');

/** Writes the workspace's .gitignore, or adds these lines to one that does not have them yet. */
export function writeWorkspaceGitignore(dir: string): void {
  const path = join(dir, '.gitignore');
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (before.includes('ai-eval:')) return;
  const joined = before === '' || before.endsWith('\n') ? before : `${before}\n`;
  writeFileAtomic(path, `${joined}${joined === '' ? '' : '\n'}${WORKSPACE_GITIGNORE}`);
}
