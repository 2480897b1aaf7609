// Calls to list, read and save the workspace's dataset files.
import { z } from 'zod';
import { int, nullableString, optionalString, string } from '../model/fields';
import { call, noInput } from '../rpc/define';
import { dataset, snakeId, workspaceIssue } from '../model';

export const datasetSummary = z.object({
  id: string,
  file: string,
  version: nullableString,
  description: nullableString,
  questionCount: int,
  disabledCount: int,
  errorCount: int,
});
export type DatasetSummary = z.infer<typeof datasetSummary>;

export const datasetDocument = z.object({
  id: string,
  file: string,
  /** The file's text exactly as on disk. */
  text: string,
  /** A fingerprint of that text; a save names it so a file changed on disk since is not overwritten. */
  hash: string,
  /** The parsed dataset, or null while the file has errors. */
  dataset: dataset.nullable(),
  issues: z.array(workspaceIssue),
});
export type DatasetDocument = z.infer<typeof datasetDocument>;

export const datasetsContract = {
  /** Every dataset file of the workspace, valid or not. */
  'datasets.list': call(() => ({ input: noInput, output: z.array(datasetSummary) })),
  /** One dataset file: its text, the parsed dataset and its issues. */
  'datasets.get': call(() => ({ input: z.object({ id: snakeId }), output: datasetDocument })),
  /**
   * Write a dataset file's text (kept even when invalid, so nothing typed is lost) and return its issues. With
   * `baseHash` (the hash the text was opened with), a file changed on disk since is refused with a conflict.
   */
  'datasets.save': call(() => ({
    input: z.object({ id: snakeId, text: string.max(20_000_000), baseHash: optionalString }),
    output: datasetDocument,
  })),
  /** Validate unsaved text as if it were the file (the same checks as `ai-eval validate`), writing nothing. */
  'datasets.check': call(() => ({
    input: z.object({ id: snakeId, text: string.max(20_000_000) }),
    output: z.object({ issues: z.array(workspaceIssue) }),
  })),
  /**
   * Create `datasets/<id>.yaml`, a minimal file: its id, version 1.0.0 and one question (`first_question`): the
   * `question` given (with its criteria when given), else a placeholder to overwrite. An existing id is a conflict.
   */
  'datasets.create': call(() => ({
    input: z.object({
      id: snakeId,
      description: string.max(10_000).optional(),
      question: z
        .object({
          input: string.trim().min(1, 'write the first question').max(100_000),
          criteria: string.trim().max(100_000).optional(),
        })
        .optional(),
    }),
    output: datasetDocument,
  })),
} as const;
