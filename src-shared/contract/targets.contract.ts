// Calls to list, read and save targets (entries of aieval.yaml) and the workspace settings.
import { z } from 'zod';
import { boolean, number, string } from '../model/fields';
import { call, noInput } from '../rpc/define';
import { modelRef, settings, snakeId, target, targetMode, workspaceIssue } from '../model';

/** A live target whose LLM graders are judged by a replay-only connection: every answer would be degraded. */
export const judgeMismatch = z.object({
  message: string,
  fix: modelRef
    .nullable()
    .describe('The default judge that would work, for a one-click change; null when only overrides are at fault.'),
});
export type JudgeMismatch = z.infer<typeof judgeMismatch>;

export const targetSummary = z.object({
  id: string,
  label: string,
  mode: targetMode,
  enabled: boolean,
  provider: string,
  model: string,
  dataset: string,
  graders: z.array(string),
  gate: z.object({ metric: string, bound: z.enum(['point', 'lower']).optional(), threshold: number, type: string }),
  warnings: z.array(string),
  judgeMismatch: judgeMismatch.nullable(),
  datasetLoaded: boolean.describe(
    'Whether its dataset loaded: false when the file has errors or is missing (nothing can run, and no warning is drawn from it).',
  ),
  replay: boolean.describe(
    'Whether the target answers from a recording (a replay connection): it can answer only the prompts it recorded.',
  ),
});
export type TargetSummary = z.infer<typeof targetSummary>;

const saved = z.object({ issues: z.array(workspaceIssue) });

export const targetsContract = {
  /** Every target of aieval.yaml, with warnings such as "Text only". */
  'targets.list': call(() => ({ input: noInput, output: z.array(targetSummary) })),
  /** One target as written in aieval.yaml (defaults applied). */
  'targets.get': call(() => ({ input: z.object({ id: snakeId }), output: target })),
  /** Validate an unsaved target as `targets.save` would (writing nothing), with its warnings such as "Text only". */
  'targets.check': call(() => ({
    input: z.object({ target, previousId: snakeId.optional() }),
    output: z.object({
      issues: z.array(workspaceIssue),
      warnings: z.array(string),
      judgeMismatch: judgeMismatch.nullable(),
    }),
  })),
  /** Create or replace a target in aieval.yaml, keeping the file's comments and key order. */
  'targets.save': call(() => ({ input: z.object({ target, previousId: snakeId.optional() }), output: saved })),
  /** The workspace settings with every default filled in. */
  'settings.get': call(() => ({ input: noInput, output: settings })),
  /** Replace the workspace settings in aieval.yaml (comments kept). */
  'settings.set': call(() => ({ input: z.object({ settings }), output: saved })),
} as const;
