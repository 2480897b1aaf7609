// A trace file as batches of rows ready for the store: decoded, classified and serialised, in this thread or another.
import type { DecodeProblem, DecodedSpan } from '../span';
import { batchRows, type BatchRows } from '../batch-rows';
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
  /** Spans per batch (one store transaction). */
  batchSpans: number;
  /** Problems listed per file; the rest are only counted. */
  maxProblems: number;
}>;

/**
 * Decodes `path` in this thread, one step per decoded part (a JSON line, a protobuf message); memory is bounded by
 * one batch. When `signal` aborts, the spans read so far come out as a last batch. Throws UnreadableFileError like
 * readOtlpFile.
 */
export async function* rowBatchesInProcess(
  path: string,
  options: RowBatchOptions,
  signal?: AbortSignal,
): AsyncGenerator<RowBatch> {
  let pending: DecodedSpan[] = [];
  let listed = 0;
  let bytesRead = 0;
  const take = (): BatchRows => {
    const rows = batchRows(pending, options.sourceFile, options.importedAt);
    pending = [];
    return rows;
  };
  for await (const decoded of readOtlpFile(path)) {
    for (const span of decoded.spans) pending.push(span);
    const problems = decoded.problems.filter(() => listed++ < options.maxProblems);
    bytesRead = decoded.bytesRead;
    const full = pending.length >= options.batchSpans;
    yield { rows: full ? take() : null, spans: decoded.spans.length, bad: decoded.bad, problems, bytesRead };
    if (signal?.aborted) break;
  }
  if (pending.length > 0) yield { rows: take(), spans: 0, bad: 0, problems: [], bytesRead };
}
