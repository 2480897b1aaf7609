// What an envelope import says about each file, in words: the CLI prints these lines and the app shows them.
import type { ImportOutcome } from '../model';

export type OutcomeLine = Readonly<{ level: 'error' | 'warning' | 'info'; text: string }>;

/** A refused file's reasons (indented under it), a kept file's warnings, then what became of it. */
export function importOutcomeLines(outcome: ImportOutcome): OutcomeLine[] {
  if (outcome.status === 'refused')
    return [
      { level: 'error', text: `error: ${outcome.path} refused:` },
      ...outcome.reasons.map((reason) => ({ level: 'error' as const, text: `  ${reason}` })),
    ];
  const warnings = outcome.warnings.map((warning) => ({
    level: 'warning' as const,
    text: `warning: ${outcome.path}: ${warning}`,
  }));
  const result =
    outcome.status === 'unchanged'
      ? `${outcome.path}: unchanged (${outcome.reasons.join('; ')})`
      : `${outcome.path}: ${outcome.status} as run ${outcome.runId} (${outcome.questions} question results)`;
  return [...warnings, { level: 'info', text: result }];
}
