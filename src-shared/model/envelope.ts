// EEE envelopes as the contract carries them: files an export wrote, what an import did, where an imported run came from.
import { z } from 'zod';
import { int, nullableInt, nullableNumber, nullableString } from './fields';

export const exportedFile = z.object({
  kind: z.enum(['aggregate', 'samples']),
  /** Absolute path of the written file. */
  path: z.string(),
  bytes: int,
  /** Lines of a samples file; null for the aggregate. */
  rows: nullableInt,
});
export type ExportedFile = z.infer<typeof exportedFile>;

/** One run exported: the files written, or (files empty) the problems that stopped it; nothing invalid is written. */
export const exportOutcome = z.object({
  runId: z.string(),
  evaluationId: z.string(),
  /** The folder the files are (or would have been) in: <output>/data/<dataset>/<developer>/<model>. */
  folder: z.string(),
  files: z.array(exportedFile),
  problems: z.array(z.string()),
});
export type ExportOutcome = z.infer<typeof exportOutcome>;

export const importStatus = z
  .enum(['imported', 'merged', 'unchanged', 'refused'])
  .describe('merged: a shard slice joined a run imported before.');
export type ImportStatus = z.infer<typeof importStatus>;

/** One file given to an import and what became of it. */
export const importOutcome = z.object({
  path: z.string(),
  status: importStatus,
  runId: nullableString,
  evaluationId: nullableString,
  /** Question results added to the store. */
  questions: int,
  /** Why it was refused or left unchanged. */
  reasons: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type ImportOutcome = z.infer<typeof importOutcome>;

/** An imported aggregate file: where a run with source "import" came from. */
export const importedFile = z.object({
  evaluationId: z.string(),
  runId: z.string(),
  fileName: z.string(),
  aggregateSha256: z.string(),
  samplesSha256: nullableString,
  samplesRows: nullableInt,
  /** As the file declared it (0.2.x files are read as 0.3.0). */
  schemaVersion: z.string(),
  /** "<name> <version>" of the tool that wrote it. */
  evalLibrary: z.string(),
  sourceType: z.string(),
  sourceName: nullableString,
  sourceOrganization: z.string(),
  modelId: z.string(),
  /** "I/N" when the file was one slice of a sharded run. */
  shard: nullableString,
  shardGroup: nullableString,
  importedAt: int,
});
export type ImportedFile = z.infer<typeof importedFile>;

/** One aggregate result of an imported file, as the file stated it (bounds null: unbounded or not given). */
export const importedMetric = z.object({
  evaluationId: z.string(),
  resultId: z.string(),
  name: z.string(),
  metricId: nullableString,
  metricKind: nullableString,
  metricUnit: nullableString,
  scoreType: nullableString,
  lowerIsBetter: z.boolean(),
  score: z.number(),
  minScore: nullableNumber,
  maxScore: nullableNumber,
  details: z.record(z.string(), z.string()),
});
export type ImportedMetric = z.infer<typeof importedMetric>;
