// EEE envelopes as the contract carries them: files an export wrote, what an import did, where an imported run came from.
import { z } from 'zod';
import { boolean, int, nullableInt, nullableNumber, nullableString, number, string } from './fields';

export const exportedFile = z.object({
  kind: z.enum(['aggregate', 'samples']),
  /** Absolute path of the written file. */
  path: string,
  bytes: int,
  /** Lines of a samples file; null for the aggregate. */
  rows: nullableInt,
});
export type ExportedFile = z.infer<typeof exportedFile>;

/** One run exported: the files written, or (files empty) the problems that stopped it; nothing invalid is written. */
export const exportOutcome = z.object({
  runId: string,
  evaluationId: string,
  /** The folder the files are (or would have been) in: <output>/data/<dataset>/<developer>/<model>. */
  folder: string,
  files: z.array(exportedFile),
  problems: z.array(string),
});
export type ExportOutcome = z.infer<typeof exportOutcome>;

export const importStatus = z
  .enum(['imported', 'merged', 'unchanged', 'refused'])
  .describe('merged: a shard slice joined a run imported before.');

/** One file given to an import and what became of it. */
export const importOutcome = z.object({
  path: string,
  status: importStatus,
  runId: nullableString,
  evaluationId: nullableString,
  /** Question results added to the store. */
  questions: int,
  /** Why it was refused or left unchanged. */
  reasons: z.array(string),
  warnings: z.array(string),
});
export type ImportOutcome = z.infer<typeof importOutcome>;

/** An imported aggregate file: where a run with source "import" came from. */
export const importedFile = z.object({
  evaluationId: string,
  runId: string,
  fileName: string,
  aggregateSha256: string,
  samplesSha256: nullableString,
  samplesRows: nullableInt,
  /** As the file declared it (0.2.x files are read as 0.3.0). */
  schemaVersion: string,
  /** "<name> <version>" of the tool that wrote it. */
  evalLibrary: string,
  sourceType: string,
  sourceName: nullableString,
  sourceOrganization: string,
  modelId: string,
  /** "I/N" when the file was one slice of a sharded run. */
  shard: nullableString,
  shardGroup: nullableString,
  importedAt: int,
});
export type ImportedFile = z.infer<typeof importedFile>;

/** One aggregate result of an imported file, as the file stated it (bounds null: unbounded or not given). */
export const importedMetric = z.object({
  evaluationId: string,
  resultId: string,
  name: string,
  metricId: nullableString,
  metricKind: nullableString,
  metricUnit: nullableString,
  scoreType: nullableString,
  lowerIsBetter: boolean,
  score: number,
  minScore: nullableNumber,
  maxScore: nullableNumber,
  details: z.record(string, string),
});
export type ImportedMetric = z.infer<typeof importedMetric>;
