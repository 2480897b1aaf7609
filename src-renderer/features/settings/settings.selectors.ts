// Pure selectors for the settings screen: key status and connection tests in words, what changed, where problems go.
import type { ConnectionTest } from '../../../src-shared/contract/providers.contract';
import type { KeyStatus } from '../../../src-shared/contract/secrets.contract';
import type { WorkspaceIssue } from '../../../src-shared/model';
import type { FieldIssue } from '../../components/field-issues';
import type { SettingsDraft } from './settings-form';

export type Tone = 'pass' | 'fail' | 'degraded' | 'neutral';

/** Where a connection's key comes from, in words; the key itself is never known to the renderer. */
export function keyStatusText(status: KeyStatus): Readonly<{ tone: Tone; text: string }> {
  if (status.variable === null) return { tone: 'neutral', text: 'No key needed' };
  if (status.restricted) {
    if (status.source === 'keychain') return { tone: 'pass', text: '••• stored in the OS keychain for this address' };
    if (status.source === 'environment')
      return { tone: 'pass', text: `••• from the environment (${status.userVariable})` };
    return {
      tone: 'fail',
      text:
        `Withheld: this workspace is untrusted, so ${status.variable} is not read; trust the workspace, ` +
        `set ${status.userVariable}, or store a key here`,
    };
  }
  if (status.source === 'keychain')
    return { tone: 'pass', text: `••• stored in the OS keychain (as ${status.variable})` };
  if (status.source === 'environment') return { tone: 'pass', text: `••• from the environment (${status.variable})` };
  return { tone: 'fail', text: `Missing: no ${status.variable} in the keychain or the environment` };
}

/**
 * A message without the headline its badge already says ("Unreachable: …" under "✕ unreachable", "OK: connected to …"
 * under "✓ connected"), so nothing reads twice; a headline's parenthesis stays ("Key refused (HTTP 401): …" → "HTTP 401: …").
 */
function withoutHeadline(message: string, word: string): string {
  // The words are letters and spaces ("no API key", "not found"): nothing to escape.
  const headline = new RegExp(`^(?:OK: )?${word}\\s*(?:\\(([^)]*)\\))?(?::\\s*|\\s+)`, 'i');
  const match = headline.exec(message);
  if (!match) return message.replace(/^OK: /, '');
  const rest = message.slice(match[0].length);
  return match[1] ? `${match[1]}: ${rest}` : rest;
}

/** A connection test's outcome as a badge word plus its message (without the headline the word already says). */
export function testLook(test: ConnectionTest): Readonly<{ tone: Tone; word: string; text: string }> {
  if (test.ok)
    return {
      tone: 'pass',
      word: 'connected',
      text: `${withoutHeadline(test.message, 'connected')} (${test.latencyMs} ms)`,
    };
  const word =
    test.problem === 'no_key'
      ? 'no API key'
      : test.problem === 'unauthorized'
        ? 'key refused'
        : (test.problem ?? 'failed').replace('_', ' ');
  return { tone: 'fail', word, text: withoutHeadline(test.message, word) };
}

/** aieval.yaml issues as FieldIssues by their full path (`settings.concurrency`, `providers.local.base_url`). */
export const fieldIssuesOf = (issues: readonly WorkspaceIssue[]): FieldIssue[] =>
  issues.filter((issue) => issue.severity === 'error').map((issue) => ({ path: issue.path, message: issue.message }));

/** Problems no field of the settings screen shows (targets referring to a removed connection), for the banner. */
export function unplacedIssues(issues: readonly WorkspaceIssue[]): WorkspaceIssue[] {
  return issues.filter((issue) => issue.severity === 'error' && !/^(settings|judge|providers)(\.|$)/.test(issue.path));
}

export const changed = <T>(a: T, b: T): boolean => JSON.stringify(a) !== JSON.stringify(b);

/** The draft's value behind a problem's path, to tell whether the user changed it. */
function draftValueAt(draft: SettingsDraft, path: string): unknown {
  const [head, ...rest] = path.split('.');
  if (head === 'judge') return draft.judge;
  if (head === 'providers') return draft.connections.find((row) => row.name === rest[0]);
  const key = rest.join('.');
  return key.startsWith('optimizer.proposer') ? draft.settings.proposer : draft.settings.values[key];
}

/** Client-side problems show once their field changed, and all of them after a save attempt. */
export function visibleDraftIssues(
  issues: readonly FieldIssue[],
  draft: SettingsDraft,
  loaded: SettingsDraft,
  attempted: boolean,
): FieldIssue[] {
  return attempted
    ? [...issues]
    : issues.filter((issue) => changed(draftValueAt(draft, issue.path), draftValueAt(loaded, issue.path)));
}
