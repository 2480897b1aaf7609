// Calls to export runs as EEE envelopes, import envelopes (ours or other tools'), and distill the store into markdown.
import { z } from 'zod';
import { int, string } from '../model/fields';
import { call } from '../rpc/define';
import { exportOutcome, importedFile, importedMetric, importOutcome } from '../model';

const runId = string.min(1).max(200);

export const exportContract = {
  /**
   * Exports one complete run as an EEE 0.3.0 aggregate file and its samples file, both validated first; an invalid
   * export writes nothing and returns its problems. `outputDir` is relative to the workspace (default
   * `.aieval/envelopes`) and may not leave it. With `baselineRunId` (a matrix column exported against its baseline)
   * the aggregate also carries the paired comparison with that run as two more results.
   */
  'export.run': call(() => ({
    input: z.object({ runId, outputDir: string.min(1).max(1000).optional(), baselineRunId: runId.optional() }),
    output: exportOutcome,
  })),
  /**
   * Exports every complete run (imports excluded) of one target, or of all, finished since `since` (as
   * `distill.summary` reads it), oldest first, or else the runs `runIds` names, in that order; each outcome says
   * written or refused. An unknown target with no runs is refused (not_found), as are a named run that is unknown or
   * not complete and an unknown baseline, before anything is written. With `baselineRunId` every run but the baseline
   * carries the comparison with it, as for `export.run`. `outputDir` as for `export.run`.
   */
  'export.runs': call(() => ({
    input: z
      .object({
        targetId: string.min(1).max(200).nullable().default(null),
        since: string.min(1).max(40).nullable().default(null),
        runIds: z.array(runId).min(1).max(1000).optional(),
        baselineRunId: runId.optional(),
        outputDir: string.min(1).max(4096).optional(),
      })
      .refine((input) => input.runIds === undefined || (input.targetId === null && input.since === null), {
        message: 'name runs, or select them by target and since, not both',
        path: ['runIds'],
      }),
    output: z.object({ outputDir: string, runs: z.array(exportOutcome) }),
  })),
  /**
   * The files of one export (the paths `export.run` returned) as a zip archive, for a download or a "Save as…":
   * only EEE envelope files (`<uuid>.json`, `<uuid>_samples.jsonl`) inside the workspace.
   */
  'export.archive': call(() => ({
    input: z.object({ files: z.array(string.min(1).max(4096)).min(1).max(10) }),
    output: z.object({ name: string, base64: string }),
  })),
  /**
   * Imports EEE aggregate files (with their `_samples.jsonl` beside them when present) as runs with source "import".
   * Each file is imported, merged into a sharded run, left unchanged (already imported) or refused with the reasons.
   */
  'import.envelopes': call(() => ({
    input: z.object({ paths: z.array(string.min(1).max(4096)).min(1).max(1000) }),
    output: z.object({ outcomes: z.array(importOutcome) }),
  })),
  /**
   * `import.envelopes` for files the caller holds (the app's file picker and drop): each file's name (no folder) and
   * text; an aggregate's samples file is found among the files beside it. The same checks, outcomes and messages.
   */
  'import.envelopeFiles': call(() => ({
    input: z.object({
      files: z
        .array(
          z.object({
            name: z
              .string()
              .min(1)
              .max(255)
              .regex(/^(?!\.\.?$)[^/\\\0]+$/, 'a file name, without a folder'),
            text: string.max(60_000_000),
          }),
        )
        .min(1)
        .max(100),
    }),
    output: z.object({ outcomes: z.array(importOutcome) }),
  })),
  /** Where an imported run came from: its files (tool, source, checksums, shard) and their aggregate metrics as stated. */
  'import.provenance': call(() => ({
    input: z.object({ runId }),
    output: z.object({ files: z.array(importedFile), metrics: z.array(importedMetric) }),
  })),
  /**
   * A deterministic markdown summary per target of the complete runs since `since` (ISO date, epoch seconds or a
   * span such as -7d): trends, weakest graders, recurring failures, judge trust.
   */
  'distill.summary': call(() => ({
    input: z.object({ since: string.min(1).max(40).default('-7d') }),
    output: z.object({ markdown: string, since: int }),
  })),
} as const;
