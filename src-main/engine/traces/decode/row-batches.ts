// A trace file as batches of rows ready for the store: decoded, classified and serialised, in this thread or another.
import type { DecodeProblem } from '../span';
import { batchRows, type BatchRows } from '../batch-rows';
import { PendingTraces } from './pending-traces';
import { readOtlpFile } from './read-otlp-file';

/** One step through the file: what a decoded part held (for progress), and the rows of a full batch when one filled. */
export type RowBatch = Readonly<{
  /** Rows for one store transaction, or null while the batch is still filling. */
  rows: BatchRows | null;
  /** Spans decoded in this step (written with the next rows). */
  spans: number;
  bad: number;
  problems: DecodeProblem[];
  bytesRead: number;
}>;

export type RowBatchOptions = Readonly<{
  sourceFile: string;
  importedAt: number;
  /** Spans read per batch (one store transaction); the spans of open traces are held back for a later one. */
  batchSpans: number;
  /** Problems listed per file; the rest are only counted. */
  maxProblems: number;
}>;

/** The spans of open traces a batch may hold back, in batches: enough for a busy service's runs in flight. */
const HELD_BATCHES = 8;

/**
 * Decodes `path` in this thread, one step per decoded part (a JSON line, a protobuf message); memory is bounded by
 * the batch and the spans held back. When `signal` aborts, the spans read so far come out as a last batch. Throws
 * UnreadableFileError like readOtlpFile.
 */
export async function* rowBatchesInProcess(
  path: string,
  options: RowBatchOptions,
  signal?: AbortSignal,
): AsyncGenerator<RowBatch> {
  const pending = new PendingTraces(HELD_BATCHES * options.batchSpans);
  let listed = 0;
  let bytesRead = 0;
  const take = (all: boolean): BatchRows => {
    const { spans, continued } = pending.cut(all);
    return batchRows(spans, options.sourceFile, options.importedAt, continued);
  };
  for await (const decoded of readOtlpFile(path)) {
    for (const span of decoded.spans) pending.add(span);
    const problems = decoded.problems.filter(() => listed++ < options.maxProblems);
    bytesRead = decoded.bytesRead;
    const full = pending.read >= options.batchSpans;
    yield { rows: full ? take(false) : null, spans: decoded.spans.length, bad: decoded.bad, problems, bytesRead };
    if (signal?.aborted) break;
  }
  if (pending.size > 0) yield { rows: take(true), spans: 0, bad: 0, problems: [], bytesRead };
}
