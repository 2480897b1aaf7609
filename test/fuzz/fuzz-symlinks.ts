// The symlinked-workspace fuzz target: each input byte lays one hostile entry into a copy of a workspace (a link out,
// a dangling link, a loop, a chain, a FIFO, a device), then the workspace is loaded and its trust checked through a
// link to it. Rules: every problem positioned and plain, nothing hangs, and trust follows the link's real folder.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadWorkspace } from '../../src-main/workspace/load-workspace';
import { TrustStore } from '../../src-main/workspace/trust';
import type { WorkspaceIssue } from '../../src-shared/model';

const WORKSPACE = join(import.meta.dirname, '..', 'fixtures', 'hostile', 'trust-symlink');
const PATHS = ['aieval.yaml', 'datasets/d.yaml', 'datasets/extra.yaml', 'rubrics/r.yaml', 'datasets', 'rubrics'];

type Layout = Readonly<{ root: string; ws: string; trusted: string; link: string }>;

let base: { root: string; trusted: string; trust: TrustStore } | undefined;
function fixedParts() {
  if (base) return base;
  const root = mkdtempSync(join(tmpdir(), 'aieval-fuzz-links-'));
  const trusted = join(root, 'trusted');
  cpSync(WORKSPACE, trusted, { recursive: true });
  writeFileSync(join(root, 'outside.yaml'), 'id: outside\nquestions: [{ id: q, input: hi }]\n');
  const trust = new TrustStore(join(root, 'config'));
  mkdirSync(join(root, 'config'));
  trust.trust(trusted);
  return (base = { root, trusted, trust });
}

/** Lays the entry byte `code` asks for at one of PATHS inside `ws`. */
function layEntry(layout: Layout, code: number): void {
  const path = join(layout.ws, PATHS[(code >> 4) % PATHS.length]!);
  rmSync(path, { recursive: true, force: true });
  mkdirSync(dirname(path), { recursive: true });
  const kind = code & 0x0f;
  if (kind === 0) symlinkSync(join(layout.root, 'outside.yaml'), path);
  else if (kind === 1) symlinkSync(join(layout.ws, 'nowhere.yaml'), path);
  else if (kind === 2) symlinkSync(path, path);
  else if (kind === 3) mkdirSync(path);
  else if (kind === 4) symlinkSync(join(layout.ws, 'datasets', 'd.yaml'), path);
  else if (kind === 5) symlinkSync(join(layout.trusted, 'aieval.yaml'), path);
  else if (kind === 6) symlinkSync('/dev/zero', path);
  else if (kind === 7) spawnSync('mkfifo', [path]);
  else if (kind === 8) symlinkSync(layout.ws, path);
  else writeFileSync(path, Buffer.from([code, 0xff, 0xfe, 0x0a]));
}

function expectPlain(issues: readonly WorkspaceIssue[]): void {
  for (const issue of issues) {
    if (!(issue.line >= 1 && issue.column >= 1))
      throw new Error(`an issue without a position: ${JSON.stringify(issue)}`);
    if (/\n\s+at /.test(issue.message)) throw new Error(`a stack trace in an issue: ${issue.message}`);
  }
}

export async function fuzzSymlinkedWorkspace(input: Buffer): Promise<void> {
  const { root, trusted, trust } = fixedParts();
  const scratch = mkdtempSync(join(root, 'case-'));
  try {
    const ws = join(scratch, 'ws');
    cpSync(WORKSPACE, ws, { recursive: true });
    const layout: Layout = { root, ws, trusted, link: join(scratch, 'ws-link') };
    for (const code of input.subarray(1, 9)) {
      try {
        layEntry(layout, code);
      } catch {
        // An entry under a folder an earlier byte replaced by a file or a link: not laid.
      }
    }
    // The first byte picks what the link points to, and whether it is repointed after a first check.
    const first = input[0] ?? 0;
    symlinkSync(first & 1 ? trusted : ws, layout.link);
    const before = trust.isTrusted(layout.link);
    if (first & 2) {
      symlinkSync(first & 1 ? ws : trusted, `${layout.link}.new`);
      renameSync(`${layout.link}.new`, layout.link);
    }
    const after = trust.isTrusted(layout.link);
    const pointsToTrusted = realpathSync(layout.link) === realpathSync(trusted);
    if (after !== pointsToTrusted) throw new Error(`trust ${after} for a link to ${realpathSync(layout.link)}`);
    if (before !== Boolean(first & 1)) throw new Error(`trust ${before} before the link moved`);
    expectPlain(loadWorkspace(layout.link).issues);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
